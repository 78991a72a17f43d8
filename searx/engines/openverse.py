"""Openverse: openly licensed images (Creative Commons and public domain) through its API.

``/v1/images/`` with the query, page and ``page_size`` (20, the most an anonymous
client may ask); each result names its licence, creator and provider. Supports
paging up to the 240 results Openverse gives anonymous clients. Not supported: the
API's licence, source and size filters, language and time range; safe search is
Openverse's own default (results it marks as mature are left out).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from searx.enginelib.html_parse import json_body
from searx.errors import EngineParseError

base_url = "https://api.openverse.org/v1/images/"
categories = ["images"]
paging = True
page_size = 20  # results a page (anonymous clients get at most 20)
about = {"website": "https://openverse.org/", "results": "JSON", "use_official_api": True}

_MAX_RESULTS = 240  # anonymous clients cannot page deeper


def request(query: str, params: dict[str, Any]) -> None:
    conf = params["engine"].settings
    size = int(conf.get("page_size") or page_size)
    if params["pageno"] * size > _MAX_RESULTS:
        params["url"] = None
        return
    args = {"q": query, "page": params["pageno"], "page_size": size, "format": "json"}
    params["headers"]["Accept"] = "application/json"
    params["url"] = f"{conf['base_url']}?{urlencode(args)}"


def _licence(item: dict[str, Any]) -> str:
    name = str(item.get("license") or "").upper()
    if name in ("CC0", "PDM", ""):
        return {"PDM": "Public Domain Mark"}.get(name, name)
    return f"CC {name} {item.get('license_version') or ''}".strip()


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "openverse")
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        detail = data.get("detail") if isinstance(data, dict) else None
        raise EngineParseError(f"openverse: no results list in the answer ({detail or 'changed'})")
    results = []
    for item in data["results"]:
        if not isinstance(item, dict) or not item.get("url"):
            continue  # a record without its picture
        results.append({
            "template": "images.html", "url": item.get("foreign_landing_url") or item.get("url") or "",
            "title": item.get("title") or "", "content": _licence(item), "author": item.get("creator") or "",
            "img_src": item.get("url") or "", "thumbnail_src": item.get("thumbnail") or item.get("url") or "",
            "resolution": f"{item['width']} x {item['height']}" if item.get("width") and item.get("height") else "",
            "img_format": str(item.get("filetype") or "").upper(), "source": item.get("provider") or "",
        })
    return results

