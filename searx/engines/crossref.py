"""Crossref's scholarly metadata through its REST API (``/works``, 20 a page).

Results are papers (``paper.html``): authors, container (journal or book),
publisher, DOI, volume, pages, ISSN/ISBN and subjects. Components (files
published with a paper) are left out, as SearXNG does; a book chapter is
titled by its book. Supports paging. Not supported: language, safe search,
time range, and PDF links (Crossref's ``link`` list mixes PDFs with other files).
"""

from __future__ import annotations

import datetime
from typing import Any
from urllib.parse import urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body, squash, strip_tags
from searx.errors import EngineParseError

base_url = "https://api.crossref.org"
categories = ["science", "scientific publications"]
paging = True
timeout = 30.0
about = {"website": "https://www.crossref.org/", "results": "JSON", "use_official_api": True,
         "official_api_documentation": "https://api.crossref.org/swagger-ui/"}

PER_PAGE = 20


def request(query: str, params: dict[str, Any]) -> None:
    args = {"query": query, "offset": PER_PAGE * (params["pageno"] - 1)}
    params["url"] = f"{_base_url(params)}/works?{urlencode(args)}"


def _first(record: dict[str, Any], key: str) -> str:
    values = record.get(key)
    return squash(str(values[0])) if isinstance(values, list) and values else ""


def _strings(value: Any) -> list[str]:
    return [str(v) for v in value if v] if isinstance(value, list) else []


def _date(record: dict[str, Any]) -> str | None:
    parts = (record.get("published") or {}).get("date-parts") or [[]]
    numbers = [p for p in (parts[0] if isinstance(parts, list) and parts else []) if isinstance(p, int)][:3]
    try:
        return datetime.date(*(numbers + [1, 1])[:3]).isoformat() if numbers else None
    except ValueError:
        return None


def _title(record: dict[str, Any]) -> tuple[str, str]:
    """(title, journal): a chapter is titled by its book; a record without a title by its container."""
    title, container = _first(record, "title"), _first(record, "container-title")
    if record.get("type") == "book-chapter" and container:
        return (container if title.lower() == container.lower() or not title else f"{container} ({title})"), ""
    return (title, container) if title else (container, "")


def _people(record: dict[str, Any], key: str) -> list[str]:
    """"Given Family" of each author or editor (an organisation by its name)."""
    names = (" ".join(filter(None, (a.get("given"), a.get("family")))) or str(a.get("name") or "")
             for a in record.get(key) or [] if isinstance(a, dict))
    return [squash(n) for n in names if n.strip()]


def _paper(record: dict[str, Any]) -> dict[str, Any]:
    title, journal = _title(record)
    primary = (record.get("resource") or {}).get("primary") or {}
    isbn = _strings(record.get("ISBN")) or [str(i.get("value")) for i in record.get("isbn-type") or []
                                            if isinstance(i, dict) and i.get("value")]
    return {
        "template": "paper.html",
        "url": str(primary.get("URL") or record.get("URL") or ""),
        "title": title,
        "journal": journal,
        "content": strip_tags(str(record.get("abstract") or "")),
        "doi": str(record.get("DOI") or ""),
        "pages": str(record.get("page") or ""),
        "volume": str(record.get("volume") or ""),
        "number": str(record.get("issue") or ""),
        "publisher": str(record.get("publisher") or ""),
        "type": str(record.get("type") or ""),
        "tags": _strings(record.get("subject")),
        "authors": _people(record, "author"),
        "editor": ", ".join(_people(record, "editor")),
        "issn": _strings(record.get("ISSN")),
        "isbn": isbn,
        "publishedDate": _date(record),
    }


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "crossref", bot_pages=False)
    message = data.get("message") if isinstance(data, dict) else None
    if not isinstance(message, dict) or not isinstance(message.get("items"), list):
        raise EngineParseError("Crossref's answer is not a work list")
    results: list[dict[str, Any]] = [_paper(r) for r in message["items"]
                                     if isinstance(r, dict) and r.get("type") != "component"]
    if results and isinstance(message.get("total-results"), int):
        results.append({"number_of_results": message["total-results"]})
    return results
