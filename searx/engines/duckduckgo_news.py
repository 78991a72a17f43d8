"""DuckDuckGo news search (the ``/news.js`` JSON DuckDuckGo's own news tab loads).

Needs the query's ``vqd`` token (fetched once from ``/?q=`` and cached, see
``duckduckgo_js``). Supports paging (``s``, 30 a page), region (``l``), safe
search (``p``) and time range (``df``: day, week, month). Not supported: a
year time range (DuckDuckGo's news offers none: the engine is skipped then).
"""

from __future__ import annotations

from typing import Any

from searx.engines import duckduckgo_js as ddg
from searx.engines.html_parse import strip_tags

base_url = "https://duckduckgo.com"
categories = ["news"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 4.0
token_ttl = 3600.0
about = {"website": "https://duckduckgo.com", "results": "JSON", "use_official_api": False}

PER_PAGE = 30
_TIME = {"day": "d", "week": "w", "month": "m"}

token_scope = ddg.token_scope
token_response = ddg.token_response


def token_request(query: str, params: dict[str, Any]) -> None:
    ddg.token_request(query, params, "news")


def request(query: str, params: dict[str, Any]) -> None:
    time_range = params.get("time_range")
    if time_range and time_range not in _TIME:
        params["url"] = None
        return
    extra = {"noamp": "1"}
    if time_range:
        extra["df"] = _TIME[time_range]
    if params["pageno"] > 1:
        extra["s"] = str((params["pageno"] - 1) * PER_PAGE)
    ddg.request(query, params, "news.js", extra)


def response(resp: Any) -> list[dict[str, Any]]:
    return [{
        "url": hit.get("url") or "",
        "title": str(hit.get("title") or ""),
        "content": strip_tags(str(hit.get("excerpt") or "")),
        "publishedDate": hit.get("date"),  # unix time
        "thumbnail": hit.get("image") or "",
        "source": str(hit.get("source") or ""),
    } for hit in ddg.results_of(resp)]
