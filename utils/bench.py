"""``make bench``: CPU per search (the headline figures), then searches per second and latency, and what
the plugins add (``utils/bench_plugins.py``), on loopback.

N json_engine engines point at a fake engine (10 results each, 3 shared URLs,
optional delay) in its own process; the app runs under granian in another;
the load comes from this process. CPU is the app processes' user+system time
(from /proc) divided by the searches served, so the load generator and the
fake engine do not count. ``--compare REF`` runs the CPU figures of REF (a
``git worktree`` of it) and of this tree alternately, round after round.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from utils.bench_kit import ROOT, Instance, Server, fake_engine, load, pct, settle
from utils.bench_plugins import plugin_costs

# --- the CPU figures ----------------------------------------------------------

# (figure, engines, format); the marginal engine is derived from the first two
SCENARIOS = (("3-engine JSON search", 3, "json"), ("10-engine JSON search", 10, "json"), ("3-engine HTML page", 3, "html"))
MARGINAL = "one more engine (10 − 3 engines, JSON, ÷ 7)"
Factory = Callable[[str, int], Server]  # (fake engine URL, engines) -> a running server


def cpu_ms(server: Server, fmt: str, searches: int) -> float:
    """CPU ms of the server per search, over ``searches`` searches from one client."""
    before = server.cpu()
    _, errors = load(server.url, fmt, 1, searches)
    if errors:
        raise RuntimeError(f"{server.url}: {errors} of {searches} searches failed")
    return (server.cpu() - before) / searches * 1000


def measure(factories: dict[str, Factory], engine_url: str, rounds: int, searches: int) -> dict[str, dict[str, list[float]]]:
    """Each figure of each server, ``rounds`` times; servers alternate within a round, in turned order
    each round (A B, B A, ...), so a change of the machine's load hits them alike."""
    servers: dict[tuple[str, int], Server] = {}
    try:
        for label, factory in factories.items():
            for engines in sorted({e for _, e, _ in SCENARIOS}):
                servers[label, engines] = server = factory(engine_url, engines)
                load(server.url, "json", 4, 40, "warm up")
                load(server.url, "html", 4, 40, "warm up")
        for server in servers.values():
            settle(server)
        samples: dict[str, dict[str, list[float]]] = {label: {} for label in factories}
        labels = list(factories)
        for r in range(rounds):
            for figure, engines, fmt in SCENARIOS:
                for label in labels if r % 2 == 0 else labels[::-1]:
                    samples[label].setdefault(figure, []).append(cpu_ms(servers[label, engines], fmt, searches))
            print(f"round {r + 1}/{rounds}: " + "; ".join(
                f"{label} " + " ".join(f"{s[-1]:.2f}" for s in samples[label].values()) for label in labels), flush=True)
        for per in samples.values():
            per[MARGINAL] = [(b - a) / 7 for a, b in zip(per[SCENARIOS[0][0]], per[SCENARIOS[1][0]], strict=True)]
        return samples
    finally:
        for server in servers.values():
            server.stop()


def report(samples: dict[str, dict[str, list[float]]]) -> None:
    """A table of medians (min–max) per server; with two servers, the ratio second/first
    (the median of the rounds' ratios: each round measured both at nearly the same time)."""
    labels = list(samples)
    figures = [SCENARIOS[0][0], SCENARIOS[1][0], MARGINAL, SCENARIOS[2][0]]
    head = " | ".join(f"{label} CPU ms (min–max)" for label in labels)
    ratio = f" | {labels[1]} / {labels[0]}" if len(labels) == 2 else ""
    print(f"\n| figure | {head}{ratio} |")
    print("|---" * (1 + len(labels) + bool(ratio)) + "|")
    for figure in figures:
        cells = " | ".join(f"{statistics.median(v):.2f} ({min(v):.2f}–{max(v):.2f})"
                           for v in (samples[label][figure] for label in labels))
        if ratio:
            a, b = samples[labels[0]][figure], samples[labels[1]][figure]
            cells += f" | {statistics.median(y / x for x, y in zip(a, b, strict=True) if x > 0):.2f}"
        print(f"| {figure} | {cells} |")


@contextlib.contextmanager
def worktree(ref: str) -> Iterator[Path]:
    """A detached ``git worktree`` of ``ref`` in a temporary directory, removed afterwards."""
    path = Path(tempfile.mkdtemp(prefix="bench-tree-"))
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--quiet", "--detach", str(path), ref], check=True)
    try:
        yield path
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(path)], check=False)


def cpu_figures(engine_url: str, rounds: int, searches: int, compare: str | None) -> None:
    def ours(root: Path) -> Factory:
        return lambda url, engines: Instance(url, engines, 0.0, root=root)

    print(f"CPU per search: {rounds} rounds of {searches} searches per figure, one client, no engine delay, "
          "search cache off", flush=True)
    if compare is None:
        report(measure({"this tree": ours(ROOT)}, engine_url, rounds, searches))
        return
    with worktree(compare) as other:
        report(measure({compare: ours(other), "this tree": ours(ROOT)}, engine_url, rounds, searches))


# --- throughput and latency ---------------------------------------------------


def latency_table(engine_url: str, searches: int, quick: bool) -> None:
    rows = []
    for engines in (3, 10):
        for delay in (0.0, 0.1):
            inst = Instance(engine_url, engines, delay)
            try:
                load(inst.url, "json", 4, 20)  # warm up connections and caches
                for fmt in ("json", "html"):
                    for conc in (1, 16):
                        n = searches if not (delay and conc == 1) else max(20, searches // 5)
                        if quick:
                            n = max(20, n // 4)
                        cpu0, t0 = inst.cpu(), time.perf_counter()
                        lat, errors = load(inst.url, fmt, conc, n)
                        wall, cpu = time.perf_counter() - t0, inst.cpu() - cpu0
                        rows.append((engines, delay, fmt, conc, n / wall, pct(lat, 0.5) * 1000,
                                     pct(lat, 0.99) * 1000, cpu / n * 1000))
                        print(f"engines={engines} delay={delay:.1f}s {fmt:<4} c={conc:<2} n={n}  {rows[-1][4]:.1f} req/s  "
                              f"p50 {rows[-1][5]:.1f} ms  p99 {rows[-1][6]:.1f} ms  CPU {rows[-1][7]:.2f} ms/search  "
                              f"errors {errors}", flush=True)
            finally:
                inst.stop()
    print("\n| engines | delay | format | concurrency | searches/s | p50 ms | p99 ms | CPU ms/search |")
    print("|---|---|---|---|---|---|---|---|")
    for e, d, f, c, rps, p50, p99, cpu in rows:
        print(f"| {e} | {int(d * 1000)} ms | {f} | {c} | {rps:.1f} | {p50:.1f} | {p99:.1f} | {cpu:.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--searches", type=int, default=200, help="searches per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of the CPU figures (medians are reported)")
    parser.add_argument("--quick", action="store_true", help="fewer rounds and searches")
    parser.add_argument("--compare", metavar="REF", help="CPU figures of git REF and of this tree, alternately")
    parser.add_argument("--cpu-only", action="store_true", help="only the CPU figures")
    parser.add_argument("--plugins-only", action="store_true", help="only what the plugins cost per search")
    args = parser.parse_args()
    rounds, searches = (3, max(20, args.searches // 4)) if args.quick else (args.rounds, args.searches)
    with fake_engine() as engine_url:
        if not args.plugins_only:
            cpu_figures(engine_url, rounds, searches, args.compare)
        if args.cpu_only or args.compare:
            return
        if not args.plugins_only:
            print()
            latency_table(engine_url, args.searches, args.quick)
        print()
        plugin_costs(engine_url, args.searches)


if __name__ == "__main__":
    main()
