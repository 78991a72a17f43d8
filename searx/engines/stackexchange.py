"""Stack Exchange questions (Stack Overflow by default) through the public API 2.3.

Uses ``/search/advanced`` with ``site`` from the settings (``api_site``).
Supports paging (``page``) and time range (``fromdate``). Not supported:
language and safe search. The API's own throttle answer (HTTP 400 with
``error_id`` 502 "throttle_violation") is reported as too many requests; its
``backoff`` field on a successful answer cannot be honoured by this engine.
"""

from __future__ import annotations

import html
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode

from searx.enginelib import time_range
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import settings_of
from searx.errors import EngineAccessDenied, EngineHTTPError, EngineParseError, EngineTooManyRequests

base_url = "https://api.stackexchange.com"
api_site = "stackoverflow"
categories = ["it", "q&a"]
paging = True
time_range_support = True
timeout = 4.0
about = {"website": "https://stackoverflow.com", "results": "JSON", "use_official_api": True}

_PAGE_SIZE = 10


def request(query: str, params: dict[str, Any]) -> None:
    args: dict[str, Any] = {"q": query, "page": params["pageno"], "pagesize": _PAGE_SIZE,
                            "site": settings_of(params).get("api_site", "stackoverflow"),
                            "sort": "relevance", "order": "desc"}
    if (since := time_range.start_time(params)) is not None:
        args["fromdate"] = since
    params["url"] = f"{_base_url(params)}/2.3/search/advanced?{urlencode(args)}"
    # the API puts its throttle verdict in a 400 JSON body: read it here, not in the runner
    params["raise_for_httperror"] = False


def _raise_for_status(resp: Any, data: Any) -> None:
    status = resp.status_code
    error = data if isinstance(data, dict) and "error_id" in data else None
    if status == 429 or (error and error.get("error_name") == "throttle_violation"):
        raise EngineTooManyRequests(str((error or {}).get("error_message", "throttled")),
                                    retry_after=_retry_after(resp, error))
    if status == 403:
        raise EngineAccessDenied()
    if status >= 400 or error:
        raise EngineHTTPError(f"HTTP {status}: {(error or {}).get('error_name', '')}".strip(": "))


def _retry_after(resp: Any, error: dict[str, Any] | None) -> float | None:
    header = resp.headers.get("retry-after", "")
    if header.isdigit():
        return float(header)
    # "too many requests from this IP, more requests available in 7061 seconds"
    words = str((error or {}).get("error_message", "")).split()
    numbers = [w for w in words if w.isdigit()]
    return float(numbers[-1]) if numbers else None


def response(resp: Any) -> list[dict[str, Any]]:
    try:
        data = resp.json()
    except ValueError:
        data = None
    _raise_for_status(resp, data)
    if not isinstance(data, dict) or not isinstance(data.get("items"), list):
        raise EngineParseError("Stack Exchange answered without an item list")
    results = []
    for item in data["items"]:
        if not item.get("link"):
            continue
        answered = "answered" if item.get("is_answered") else "unanswered"
        facts = [f"score {item.get('score', 0)}", f"{item.get('answer_count', 0)} answers ({answered})",
                 ", ".join(item.get("tags") or [])]
        entry: dict[str, Any] = {"url": item["link"], "title": html.unescape(item.get("title", "")),
                                 "content": " · ".join(f for f in facts if f)}
        if isinstance(item.get("creation_date"), int):
            entry["publishedDate"] = datetime.fromtimestamp(item["creation_date"], tz=UTC)
        results.append(entry)
    return results
