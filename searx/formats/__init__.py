"""Output formats: pure functions from a finished search to bytes."""

from searx.formats import csv, json, rss

RENDERERS = {"json": json.render, "csv": csv.render, "rss": rss.render}
MIMETYPES = {
    "json": "application/json",
    "csv": "text/csv; charset=utf-8",
    "rss": "application/rss+xml; charset=utf-8",
}

__all__ = ["MIMETYPES", "RENDERERS"]
