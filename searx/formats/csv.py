"""CSV output with SearXNG's columns."""

from __future__ import annotations

import csv
import io

from searx.search.models import SearchOutcome

COLUMNS = ("title", "url", "content", "host", "engine", "score", "type")


def _cell(value: str) -> str:
    # a leading =, +, - or @ makes spreadsheets run the cell as a formula
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def render(outcome: SearchOutcome, base_url: str = "") -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    rs = outcome.results
    for r in rs.results:
        host = r.norm_url.split("/")[0] if r.norm_url else ""
        writer.writerow([_cell(r.title), r.url, _cell(r.content), host, ",".join(r.engines), f"{r.score:.4f}", "result"])
    for a in rs.answers:
        if a.kind != "ai_summary":
            writer.writerow([_cell(a.answer), a.url, "", "", a.engine, "", "answer"])
    for s in rs.suggestions:
        writer.writerow([_cell(s), "", "", "", "", "", "suggestion"])
    for c in rs.corrections:
        writer.writerow([_cell(c), "", "", "", "", "", "correction"])
    return out.getvalue().encode("utf-8")
