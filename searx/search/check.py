"""The engine test report: one query through every enabled engine, ignoring cooldowns."""

from __future__ import annotations

from typing import Any

from searx.search.request import Ask, build_query
from searx.search.runner import SearchRunner


def run_check(runner: SearchRunner, query: str, engines: list[str] | None = None,
              category: str | None = None) -> list[dict[str, Any]]:
    """Per engine: outcome, number of results, latency (ms), reason.

    ``engines`` names the engines (even disabled ones); else every enabled
    engine, or every enabled engine of ``category`` (images, news, videos, ...).

    Outcomes are recorded in engine health as usual, so a success ends a
    cooldown and a challenge starts one.
    """
    names = tuple(engines or [n for n, e in runner.engines.items()
                              if not e.disabled and (category is None or category in e.categories)])
    sq = build_query(query, runner.engines, Ask(engines=names, categories=(category or "general",)), syntax=False)
    _, reports = runner.fetch(sq, ignore_health=True)
    by_name = {r.name: r for r in reports}
    rows = []
    for name in names:
        r = by_name.get(name)
        if r is None:
            rows.append({"engine": name, "outcome": "skipped", "results": 0, "latency_ms": None,
                         "reason": "the engine made no request for this query"})
            continue
        rows.append({"engine": name, "outcome": r.outcome, "results": r.results,
                     "latency_ms": round(r.elapsed * 1000), "reason": r.reason, "detail": r.detail})
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    """The report as a plain-text table."""
    head = ("engine", "outcome", "results", "latency", "reason")
    lines = [(r["engine"], r["outcome"], str(r["results"]),
              "-" if r["latency_ms"] is None else f"{r['latency_ms']} ms", r.get("detail") or r["reason"])
             for r in rows]
    widths = [max(len(x) for x in col) for col in zip(head, *lines, strict=False)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    return "\n".join([fmt.format(*head), fmt.format(*("-" * w for w in widths))] + [fmt.format(*ln) for ln in lines])
