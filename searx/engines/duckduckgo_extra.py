"""DuckDuckGo images, videos and news (``ddg_category``): the JSON DuckDuckGo's own tabs load.

``ddg_category: images`` asks ``/i.js`` (100 a page), ``videos`` ``/v.js`` (60 a
page) and ``news`` ``/news.js`` (30 a page), each with the query's ``vqd`` token
(fetched once from ``/?q=`` and cached, see ``duckduckgo_js``). Supports paging
(``s``), region (``l``), safe search (``p``) and time range: images ``f=time:…``,
videos ``f=publishedAfter:…`` and news ``df`` (day, week, month). Not supported:
a year for videos and news (the engine is skipped then), and DuckDuckGo's size,
colour, resolution, duration and licence filters. YouTube videos embed from
youtube-nocookie.com.
"""

from __future__ import annotations

from typing import Any

from searx.enginelib import duckduckgo_js as ddg
from searx.enginelib import time_range
from searx.enginelib.html_parse import strip_tags, video_embed

base_url = "https://duckduckgo.com"
ddg_category = ""  # images, videos or news (SearXNG's key)
categories: list[str] = []
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 3.0
token_ttl = 3600.0
about = {"website": "https://duckduckgo.com", "results": "JSON", "use_official_api": False}

# the endpoint and the results a page of each category
_VERTICAL = {"images": ("i.js", 100), "videos": ("v.js", 60), "news": ("news.js", 30)}
_IMAGE_TIME = {"day": "Day", "week": "Week", "month": "Month", "year": "Year"}

token_scope = ddg.token_scope
token_response = ddg.token_response


def init(conf: dict[str, Any]) -> None:
    if conf.get("ddg_category") not in _VERTICAL:
        raise ValueError(f"ddg_category must be images, videos or news, not {conf.get('ddg_category')!r}")


def _category(params: dict[str, Any]) -> str:
    return str(params["engine"].settings["ddg_category"])


def token_request(query: str, params: dict[str, Any]) -> None:
    ddg.token_request(query, params, _category(params))


def _extra(category: str, params: dict[str, Any]) -> dict[str, str] | None:
    """The arguments of one category's endpoint; None when it cannot honour the time range."""
    if category == "images":
        when = _IMAGE_TIME.get(params.get("time_range") or "", "")
        return {"f": f"time:{when},size:,color:,type:,layout:,license:" if when else ",,,,,"}
    when = time_range.letter(params, year=False)  # videos and news have no year
    if params.get("time_range") and not when:
        return None
    if category == "news":
        return {"noamp": "1", **({"df": when} if when else {})}
    return {"f": f"publishedAfter:{when},,," if when else ",,,"}


def request(query: str, params: dict[str, Any]) -> None:
    category = _category(params)
    extra = _extra(category, params)
    if extra is None:
        params["url"] = None
        return
    path, per_page = _VERTICAL[category]
    if params["pageno"] > 1:
        extra["s"] = str((params["pageno"] - 1) * per_page)
    ddg.request(query, params, path, extra)


def _image(hit: dict[str, Any]) -> dict[str, Any]:
    width, height = hit.get("width"), hit.get("height")
    return {
        "template": "images.html",
        "url": hit.get("url") or "",
        "title": str(hit.get("title") or ""),
        "content": "",
        "img_src": hit.get("image") or "",
        "thumbnail_src": hit.get("thumbnail") or "",
        "resolution": f"{width} x {height}" if width and height else "",
        "source": str(hit.get("source") or ""),
    }


def _video(hit: dict[str, Any]) -> dict[str, Any]:
    url = str(hit.get("content") or "")
    images: dict[str, Any] = hit["images"] if isinstance(hit.get("images"), dict) else {}
    return {
        "template": "videos.html",
        "url": url,
        "title": str(hit.get("title") or ""),
        "content": strip_tags(str(hit.get("description") or "")),
        "thumbnail": images.get("small") or images.get("medium") or "",
        "iframe_src": video_embed(url),
        "source": str(hit.get("publisher") or hit.get("provider") or ""),
        "length": hit.get("duration") or "",
        "author": str(hit.get("uploader") or ""),
        "publishedDate": hit.get("published") or None,
    }


def _news(hit: dict[str, Any]) -> dict[str, Any]:
    return {
        "url": hit.get("url") or "",
        "title": str(hit.get("title") or ""),
        "content": strip_tags(str(hit.get("excerpt") or "")),
        "publishedDate": hit.get("date"),  # unix time
        "thumbnail": hit.get("image") or "",
        "source": str(hit.get("source") or ""),
    }


_PARSE = {"images": _image, "videos": _video, "news": _news}


def response(resp: Any) -> list[dict[str, Any]]:
    parse = _PARSE[_category(resp.search_params)]
    return [parse(hit) for hit in ddg.results_of(resp)]
