"""SepiaSearch: videos of many PeerTube instances through its PeerTube search API.

``/api/v1/search/videos`` (the PeerTube REST API). Supports paging
(``start``/``count``), language (``languageOneOf``, ``boostLanguages``),
safe search (``nsfw``) and time range (``startDate``). Not supported: channel
and playlist results (videos only).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from searx.enginelib import time_range
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body, locale, strip_tags
from searx.errors import EngineParseError

base_url = "https://sepiasearch.org"
categories = ["videos"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 4.0
about = {"website": "https://sepiasearch.org", "results": "JSON", "use_official_api": True}

PER_PAGE = 10
_NSFW = {0: "both", 1: "false", 2: "false"}


def request(query: str, params: dict[str, Any]) -> None:
    args: list[tuple[str, str]] = [
        ("search", query), ("start", str((params["pageno"] - 1) * PER_PAGE)), ("count", str(PER_PAGE)),
        ("sort", "-match"), ("nsfw", _NSFW.get(params.get("safesearch", 0), "false")),
    ]
    lang, _ = locale(params.get("language"))
    if lang:
        args += [("languageOneOf[]", lang), ("boostLanguages[]", lang)]
    if (since := time_range.start_date(params)) is not None:
        args.append(("startDate", since.isoformat()))
    params["url"] = f"{_base_url(params)}/api/v1/search/videos?{urlencode(args)}"


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "sepiasearch", bot_pages=False)
    if not isinstance(data, dict) or not isinstance(data.get("data"), list):
        raise EngineParseError("SepiaSearch answer has no data list")
    results: list[dict[str, Any]] = []
    for video in data["data"]:
        if not isinstance(video, dict) or not video.get("url"):
            continue
        account = video.get("account") or {}
        channel = video.get("channel") or {}
        results.append({
            "template": "videos.html",
            "url": video["url"],
            "title": str(video.get("name") or ""),
            "content": strip_tags(str(video.get("description") or ""))[:300],
            "publishedDate": video.get("publishedAt"),
            "length": video.get("duration"),  # seconds
            "thumbnail": video.get("thumbnailUrl") or video.get("previewUrl") or "",
            "iframe_src": video.get("embedUrl") or "",
            "author": str(account.get("displayName") or channel.get("displayName") or ""),
            "source": str(channel.get("host") or account.get("host") or ""),
        })
    if isinstance(data.get("total"), int):
        results.append({"number_of_results": data["total"]})
    return results
