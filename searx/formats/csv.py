"""CSV output with SearXNG's columns."""

from __future__ import annotations

import csv
import io

from searx.results.search import SearchOutcome

COLUMNS = ("title", "url", "content", "host", "engine", "score", "type")


# a cell starting with one of these is run as a formula by spreadsheets
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")


def cell(value: str) -> str:
    """``value`` made inert for spreadsheets (a leading quote), for every text column."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def _row(*values: str) -> list[str]:
    return [cell(v) for v in values]


def render(outcome: SearchOutcome, base_url: str = "") -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    rs = outcome.results
    for r in rs.results:
        host = r.norm_url.split("/")[0] if r.norm_url else ""
        writer.writerow(_row(r.title, r.url, r.content, host, ",".join(r.engines), f"{r.score:.4f}", "result"))
    for a in rs.answers:
        if a.kind != "ai_summary":
            writer.writerow(_row(a.answer, a.url, "", "", a.engine, "", "answer"))
    for s in rs.suggestions:
        writer.writerow(_row(s, "", "", "", "", "", "suggestion"))
    for c in rs.corrections:
        writer.writerow(_row(c, "", "", "", "", "", "correction"))
    return out.getvalue().encode("utf-8")
