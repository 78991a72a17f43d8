"""Dailymotion videos through its public REST API (``api.dailymotion.com/videos``).

Supports paging (``page``), language and country (``languages``,
``localization``, ``country``), safe search (``family_filter``; strict also asks
for videos made for children) and time range (``created_after``). A video is
embeddable only when the API says so (``allow_embed``). Not supported: the
API's other filters (duration, quality).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from searx.enginelib import time_range
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body, locale, strip_tags
from searx.errors import EngineParseError

base_url = "https://api.dailymotion.com"
embed_url = "https://www.dailymotion.com/embed/video/"
categories = ["videos"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 4.0
number_of_results = 10  # results a page (SearXNG's key)
about = {"website": "https://www.dailymotion.com", "results": "JSON", "use_official_api": True}

_FIELDS = "allow_embed,description,title,created_time,duration,url,thumbnail_360_url,id,owner.screenname"


def request(query: str, params: dict[str, Any]) -> None:
    per_page = int(params["engine"].settings.get("number_of_results") or number_of_results)
    safe = params.get("safesearch", 0)
    args = {"search": query, "fields": _FIELDS, "page": str(params["pageno"]), "limit": str(per_page),
            "sort": "relevance", "family_filter": "true" if safe else "false", "thumbnail_ratio": "original",
            "private": "false", "password_protected": "false"}
    if safe == 2:
        args["is_created_for_kids"] = "true"
    lang, region = locale(params.get("language"))
    if lang:
        args["languages"] = lang
    if region:
        args.update(localization=f"{lang}_{region}", country=region.lower())
    if (since := time_range.start_time(params)) is not None:
        args["created_after"] = str(since)
    params["url"] = f"{_base_url(params)}/videos?{urlencode(args)}"


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "dailymotion", bot_pages=False)
    if not isinstance(data, dict) or "error" in data:
        message = (data.get("error") or {}).get("message", "") if isinstance(data, dict) else ""
        raise EngineParseError(f"Dailymotion API error: {message}")
    conf = resp.search_params["engine"].settings
    results = []
    for video in data.get("list") or []:
        if not isinstance(video, dict) or not video.get("url"):
            continue
        item: dict[str, Any] = {
            "template": "videos.html",
            "url": video["url"],
            "title": str(video.get("title") or ""),
            "content": strip_tags(str(video.get("description") or ""))[:300],
            "publishedDate": video.get("created_time"),
            "length": video.get("duration"),
            "thumbnail": str(video.get("thumbnail_360_url") or "").replace("http://", "https://", 1),
            "author": str(video.get("owner.screenname") or ""),
            "source": "Dailymotion",
        }
        if video.get("allow_embed") and video.get("id"):
            item["iframe_src"] = f"{conf.get('embed_url', embed_url)}{video['id']}"
        results.append(item)
    return results
