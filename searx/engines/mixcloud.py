"""Mixcloud shows (cloudcasts) through its public API (``api.mixcloud.com/search/?type=cloudcast``).

Supports paging (``offset``, 10 a page). A show gives its title, uploader,
length, date, tags, play count and picture, and Mixcloud's widget player (on
click, when ``ui.audio_embed_hosts`` allows www.mixcloud.com). Not supported:
language, safe search and time range (the API has none), and users and tags
as results (shows only).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body
from searx.errors import EngineParseError

base_url = "https://api.mixcloud.com"
iframe_src = "https://www.mixcloud.com/widget/iframe/?feed={url}"  # SearXNG's player link
categories = ["music"]
paging = True
time_range_support = False
safesearch = False
language_support = False
timeout = 3.0
about = {"website": "https://www.mixcloud.com/", "results": "JSON", "use_official_api": True}

PER_PAGE = 10


def request(query: str, params: dict[str, Any]) -> None:
    args = urlencode({"q": query, "type": "cloudcast", "limit": PER_PAGE, "offset": (params["pageno"] - 1) * PER_PAGE})
    params["url"] = f"{_base_url(params)}/search/?{args}"


def _show(show: dict[str, Any], player: str) -> dict[str, Any]:
    url = str(show.get("url") or "")
    tags = ", ".join(str(t.get("name")) for t in show.get("tags") or [] if isinstance(t, dict) and t.get("name"))
    return {
        "url": url,
        "title": str(show.get("name") or ""),
        "content": tags,
        "author": str((show.get("user") or {}).get("name") or ""),
        "length": show.get("audio_length") or "",
        "publishedDate": show.get("created_time") or None,
        "thumbnail": str((show.get("pictures") or {}).get("medium") or ""),
        "views": show.get("play_count") or "",
        "iframe_src": player.format(url=quote(url, safe="")) if url else "",
    }


def response(resp: Any) -> list[dict[str, Any]]:
    body = json_body(resp, "mixcloud", bot_pages=False)
    if not isinstance(body, dict) or not isinstance(body.get("data"), list):
        error = body.get("error") if isinstance(body, dict) else None
        message = error.get("message", "") if isinstance(error, dict) else "no data list"
        raise EngineParseError(f"mixcloud API error: {message}")
    player = str(resp.search_params["engine"].settings.get("iframe_src") or iframe_src)
    return [_show(show, player) for show in body["data"] if isinstance(show, dict) and show.get("url")]
