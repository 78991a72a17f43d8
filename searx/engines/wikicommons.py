"""Wikimedia Commons images through the MediaWiki Action API (``/w/api.php``).

One request: a full-text search in the File namespace (``generator=search``,
``gsrnamespace=6``) with each file's URLs, size and type (``prop=imageinfo``,
a 180 px high thumbnail). Supports paging (``gsroffset``) and the interface
language of descriptions (``uselang``). Not supported: time range and safe
search (Commons has neither).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from searx.engines.html_parse import base_url as _base_url
from searx.engines.html_parse import locale, strip_tags
from searx.errors import EngineParseError

base_url = "https://commons.wikimedia.org"
categories = ["images"]
paging = True
time_range_support = False
safesearch = False
language_support = True
timeout = 4.0
number_of_results = 20  # results a page (SearXNG's key)
about = {"website": "https://commons.wikimedia.org", "results": "JSON", "use_official_api": True}
# SearXNG's entries also search videos, audio and other files; those entries are skipped
SUPPORTED_VALUES = {"wc_search_type": ("image",)}

# files that are pictures (not audio, video or PDF pages)
_IMAGE_TYPES = "filetype:bitmap|drawing"


def request(query: str, params: dict[str, Any]) -> None:
    per_page = int(params["engine"].settings.get("number_of_results") or number_of_results)
    lang, _ = locale(params.get("language"))
    args = {
        "action": "query", "format": "json", "formatversion": "2", "uselang": lang or "en",
        "generator": "search", "gsrnamespace": "6", "gsrsearch": f"{_IMAGE_TYPES} {query}", "gsrprop": "snippet",
        "gsrlimit": str(per_page), "gsroffset": str((params["pageno"] - 1) * per_page),
        "prop": "info|imageinfo", "iiprop": "url|size|mime", "iiurlheight": "180",
    }
    params["url"] = f"{_base_url(params)}/w/api.php?{urlencode(args)}"


def _pages(data: Any) -> list[dict[str, Any]]:
    pages = (data.get("query") or {}).get("pages") or []
    # formatversion=2 gives a list; the old format a mapping by page id
    pages = list(pages.values()) if isinstance(pages, dict) else pages
    return sorted((p for p in pages if isinstance(p, dict)), key=lambda p: p.get("index", 0))


def response(resp: Any) -> list[dict[str, Any]]:
    try:
        data = resp.json()
    except ValueError as exc:
        raise EngineParseError("Commons answered without JSON") from exc
    if not isinstance(data, dict) or "error" in data:
        raise EngineParseError(f"Commons API error: {data.get('error') if isinstance(data, dict) else data!r}")
    results = []
    for page in _pages(data):
        info = (page.get("imageinfo") or [{}])[0]
        if not info.get("url"):
            continue
        title = str(page.get("title", "")).split(":", 1)[-1].rsplit(".", 1)[0]
        mime = str(info.get("mime", ""))
        results.append({
            "template": "images.html",
            "url": info.get("descriptionurl") or info["url"],
            "title": title,
            "content": strip_tags(str(page.get("snippet") or "")),
            "img_src": info["url"],
            "thumbnail_src": info.get("thumburl") or info["url"],
            "resolution": f"{info['width']} x {info['height']}" if info.get("width") and info.get("height") else "",
            "img_format": mime.split("/")[-1].upper() if mime.startswith("image/") else "",
            "source": "Wikimedia Commons",
        })
    return results
