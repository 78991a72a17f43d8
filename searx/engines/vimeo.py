"""Vimeo videos from its search page (``/search/page:N?q=``): the page's ``var data = …;`` JSON.

Supports paging (``page:N`` in the path). Each clip gives its title, length,
upload date, uploader and largest thumbnail; it embeds from
``player.vimeo.com`` (on click, when ``ui.video_embed_hosts`` allows that host).
Not supported: language, safe search and time range (the page has no such
parameters), and channels, groups and people in the results (clips only).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import unparsable
from searx.errors import EngineParseError

base_url = "https://vimeo.com"
categories = ["videos"]
paging = True
time_range_support = False
safesearch = False
language_support = False
timeout = 3.0
about = {"website": "https://vimeo.com/", "results": "HTML", "use_official_api": False}

_PLAYER = "https://player.vimeo.com/video/"
_START, _END = b"var data = ", b";\n"


def request(query: str, params: dict[str, Any]) -> None:
    params["url"] = f"{_base_url(params)}/search/page:{params['pageno']}?{urlencode({'q': query})}"


def _data(resp: Any) -> Any:
    """The page's search state (one scan of the page for its ``var data =`` line)."""
    start = resp.content.find(_START)
    if start < 0:
        raise unparsable(resp, "vimeo: no search data on the page")
    start += len(_START)
    end = resp.content.find(_END, start)
    try:
        return json.loads(resp.content[start:end if end > 0 else None])
    except ValueError as exc:
        raise EngineParseError("vimeo: the page's search data is not JSON") from exc


def _clip(clip: Any, base: str) -> dict[str, Any] | None:
    if not isinstance(clip, dict) or not str(clip.get("uri") or "").strip("/"):
        return None
    video_id = str(clip["uri"]).rstrip("/").rsplit("/", 1)[-1]
    sizes = (clip.get("pictures") or {}).get("sizes") or [{}]
    return {
        "template": "videos.html",
        "url": f"{base}/{video_id}",
        "title": str(clip.get("name") or ""),
        "content": str(clip.get("description") or "")[:300],
        "publishedDate": clip.get("created_time"),
        "length": clip.get("duration") or "",
        "thumbnail": str((sizes[-1] or {}).get("link") or ""),
        "author": str((clip.get("user") or {}).get("name") or ""),
        "iframe_src": _PLAYER + video_id if video_id.isdigit() else "",
        "source": "Vimeo",
    }


def response(resp: Any) -> list[dict[str, Any]]:
    data = _data(resp)
    hits = (data.get("filtered") or {}).get("data") if isinstance(data, dict) else None
    if not isinstance(hits, list):
        raise EngineParseError("vimeo: the search data has no filtered.data list")
    base = _base_url(resp.search_params)
    clips = (hit.get("clip") for hit in hits if isinstance(hit, dict) and hit.get("type") == "clip")
    return [item for clip in clips if (item := _clip(clip, base))]
