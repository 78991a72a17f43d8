"""What the plugins cost a search (``make bench``, or ``python -m utils.bench --plugins-only``).

The app under granian as in ``utils.bench`` with the plugins as before, today's
defaults, 100 hostnames rules and an answered calculation; then, in this process,
every default plugin hook for one search and a hostnames decision (docs/performance.md).
"""

from __future__ import annotations

import statistics
import sys
import time

from utils.bench_kit import ROOT, Instance, load

# the plugins of this release that are on by default; off, the instance runs the plugins it had before
NEW_DEFAULT_PLUGINS = ("calculator", "unit_converter", "self_info", "time_zone", "random", "statistics")


def hostname_rules(n: int) -> dict:
    """``n`` rules, a quarter of each kind, none matching the fake engine's hosts (the common case)."""
    pattern = r"(.*\.)?blocked{}\.example\.net$"
    kinds = {"replace": {pattern.format(i): f"mirror{i}.example.net" for i in range(0, n, 4)},
             "remove": [pattern.format(i) for i in range(1, n, 4)],
             "high_priority": [pattern.format(i) for i in range(2, n, 4)],
             "low_priority": [pattern.format(i) for i in range(3, n, 4)]}
    return kinds


def hostname_decisions(n_rules: int, hosts: int = 2000) -> float:
    """CPU µs to decide one host the memo has not seen (every rule asked), in this process."""
    from searx.plugins.hostrules import from_settings
    from tests.conftest import make_settings

    rules = from_settings(make_settings([], hostnames=hostname_rules(n_rules)))
    assert rules is not None
    start = time.process_time()
    for i in range(hosts):
        rules.decide(f"www.site{i}.example.org")
    return (time.process_time() - start) / hosts * 1e6


def hook_costs(query: str, hostnames: dict | None = None, rounds: int = 2000) -> float:
    """CPU µs of every default plugin hook for one 3-engine search (30 results), in this process."""
    import msgspec

    from searx.plugins import PluginManager, SearchContext
    from searx.plugins.loader import load_plugins
    from searx.results.types import MainResult, ResultSet
    from tests.conftest import make_settings
    from utils.fakes.engine import make_results

    manager = PluginManager(load_plugins(make_settings([], **({"hostnames": hostnames} if hostnames else {}))))
    plugins = manager.active()
    shaping = [p for p in plugins if p.shapes_results]
    results = [MainResult(**r) for s in ("s0", "s1", "s2") for r in make_results(query, 1, 10, s, 3)]
    start = time.process_time()
    for _ in range(rounds):
        ctx = SearchContext(query, 1, "general", "json", "all", 0, None, {}, results=ResultSet())
        manager.pre_search(plugins, ctx)
        manager.variant(shaping, ctx)
        ctx.results = ResultSet(results=[msgspec.structs.replace(r) for r in results])
        ctx.results.results = [r for r in ctx.results.results if manager.on_result(shaping, ctx, r)]
        manager.post_search(plugins, ctx)
    return (time.process_time() - start) / rounds * 1e6


def plugin_costs(engine_url: str, searches: int) -> None:
    """CPU per 3-engine JSON search with the plugins as before, with today's defaults, with 100 hostnames
    rules; and a query the calculator answers."""
    before = {"plugins": {name: {"active": False} for name in NEW_DEFAULT_PLUGINS}}
    cases = (("plugins as before (new ones off)", before, "bench query"), ("default plugins", None, "bench query"),
             ("default plugins, hostnames 100 rules", {"hostnames": hostname_rules(100)}, "bench query"),
             ("default plugins, a calculation", None, "2^16 +"))
    figures: dict[str, list[float]] = {label: [] for label, _, _ in cases}
    for _ in range(2):  # two rounds, the cases in turn: a load change on the machine hits all of them
        for label, conf, words in cases:
            inst = Instance(engine_url, 3, 0.0, conf)
            try:
                load(inst.url, "json", 4, 20, words)
                cpu0 = inst.cpu()
                _, errors = load(inst.url, "json", 4, searches, words)
                figures[label].append((inst.cpu() - cpu0) / searches * 1000)
            finally:
                inst.stop()
            if errors:
                print(f"{label}: {errors} errors", flush=True)
    for label, cpu in figures.items():
        print(f"3-engine JSON search, {label}: CPU {statistics.mean(cpu):.2f} ms/search "
              f"(rounds: {', '.join(f'{c:.2f}' for c in cpu)})", flush=True)
    sys.path.insert(0, str(ROOT))
    for n in (10, 100):
        print(f"hostnames, {n} rules: {hostname_decisions(n):.1f} µs CPU per host not yet decided", flush=True)
    for label, query, rules in (("a query no plugin answers", "bench query 1", None),
                                ("the same with hostnames, 100 rules", "bench query 1", hostname_rules(100)),
                                ("a calculation", "2^16 + 1", None), ("a unit conversion", "10 km in mi", None)):
        print(f"every default plugin hook, 30 results, {label}: {hook_costs(query, rules):.0f} µs CPU", flush=True)
