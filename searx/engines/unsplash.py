"""Unsplash photos through the JSON endpoint its own site uses (``/napi/search/photos``).

No API key: the site's public endpoint, as SearXNG asks it. Unsplash puts an Anubis
proof-of-work wall in front of common browser User-Agents, so the engine sends the
instance's own name as User-Agent (as SearXNG does); the wall, when it comes anyway,
is reported as CAPTCHA. Tracking parameters (``ixid``) are taken off the links.
Supports paging (``page_size`` a page). Not supported: language, time range, safe
search, and the official API (``api.unsplash.com``, which needs a key).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from searx import __version__
from searx.enginelib.html_parse import json_body
from searx.errors import EngineParseError

base_url = "https://unsplash.com/"
categories = ["images"]
paging = True
page_size = 20  # results a page
about = {"website": "https://unsplash.com", "results": "JSON", "use_official_api": False}


def request(query: str, params: dict[str, Any]) -> None:
    conf = params["engine"].settings
    args = {"query": query, "page": params["pageno"], "per_page": int(conf.get("page_size") or page_size)}
    params["headers"].update({"User-Agent": f"searx-ai/{__version__}", "Accept": "application/json"})
    params["url"] = f"{str(conf['base_url']).rstrip('/')}/napi/search/photos?{urlencode(args)}"


def _clean(url: Any) -> str:
    parts = urlsplit(str(url or ""))
    return urlunsplit(parts._replace(query=urlencode([(k, v) for k, v in parse_qsl(parts.query) if k != "ixid"])))


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "unsplash")
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        raise EngineParseError("unsplash: no results list in the answer")
    results = []
    for photo in data["results"]:
        urls, links = photo.get("urls") or {}, photo.get("links") or {}
        if not urls.get("regular") or not links.get("html"):
            continue
        results.append({
            "template": "images.html", "url": _clean(links["html"]),
            "title": photo.get("alt_description") or photo.get("description") or "",
            "content": photo.get("description") or "", "author": (photo.get("user") or {}).get("name") or "",
            "img_src": _clean(urls["regular"]), "thumbnail_src": _clean(urls.get("thumb") or urls["regular"]),
            "resolution": f"{photo['width']} x {photo['height']}" if photo.get("width") else "", "source": "Unsplash",
        })
    return results
