"""DuckDuckGo image search (the ``/i.js`` JSON DuckDuckGo's own image tab loads).

Needs the query's ``vqd`` token (fetched once from ``/?q=`` and cached, see
``duckduckgo_js``). Supports paging (``s``, 100 a page), region (``l``), safe
search (``p``) and time range (``f=time:…``). Not supported: DuckDuckGo's size,
colour, type and licence filters.
"""

from __future__ import annotations

from typing import Any

from searx.engines import duckduckgo_js as ddg

base_url = "https://duckduckgo.com"
categories = ["images"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 4.0
token_ttl = 3600.0
about = {"website": "https://duckduckgo.com", "results": "JSON", "use_official_api": False}

PER_PAGE = 100
_TIME = {"day": "Day", "week": "Week", "month": "Month", "year": "Year"}

token_scope = ddg.token_scope
token_response = ddg.token_response


def token_request(query: str, params: dict[str, Any]) -> None:
    ddg.token_request(query, params, "images")


def request(query: str, params: dict[str, Any]) -> None:
    when = _TIME.get(params.get("time_range") or "", "")
    extra = {"f": f"time:{when},size:,color:,type:,layout:,license:" if when else ",,,,,"}
    if params["pageno"] > 1:
        extra["s"] = str((params["pageno"] - 1) * PER_PAGE)
    ddg.request(query, params, "i.js", extra)


def response(resp: Any) -> list[dict[str, Any]]:
    results = []
    for hit in ddg.results_of(resp):
        width, height = hit.get("width"), hit.get("height")
        results.append({
            "template": "images.html",
            "url": hit.get("url") or "",
            "title": str(hit.get("title") or ""),
            "content": "",
            "img_src": hit.get("image") or "",
            "thumbnail_src": hit.get("thumbnail") or "",
            "resolution": f"{width} x {height}" if width and height else "",
            "source": str(hit.get("source") or ""),
        })
    return results
