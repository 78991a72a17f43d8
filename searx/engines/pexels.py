"""Pexels photos through the JSON endpoint its own site uses (``/en-us/api/v3/search/photos``).

That endpoint wants the ``secret-key`` header the site's scripts carry. SearXNG reads
it from the site's script files (several pages) or falls back to a key it ships; this
engine does no hidden I/O and ships no key: set ``api_key`` to the key the site's own
requests send. Without one the entry is off (an enabled one is skipped at start-up, as
what this instance cannot run is) and the engine asks nothing. Supports paging (``results_per_page`` a page) and time range
(``date_from``). Pexels' Cloudflare check answers 403 (blocked) or a challenge page
(CAPTCHA). Not supported: language, safe search, and the official API
(``api.pexels.com``, another key and another answer).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

from searx.engines.html_parse import base_url as _base_url
from searx.engines.html_parse import json_body
from searx.errors import EngineParseError

base_url = "https://www.pexels.com"
api_key = ""  # SearXNG's key: the secret-key the site's requests send (required)
REQUIRED_KEYS = ("api_key",)  # an enabled entry without it is skipped (searx/engines/support.py)
categories = ["images"]
paging = True
time_range_support = True
results_per_page = 20  # SearXNG's key
about = {"website": "https://www.pexels.com", "results": "JSON", "use_official_api": False}

_SINCE = {"day": "last_24_hours", "week": "last_week", "month": "last_month", "year": "last_year"}


def request(query: str, params: dict[str, Any]) -> None:
    conf = params["engine"].settings
    if not conf.get("api_key"):
        params["url"] = None  # a disabled entry a user switched on: without the key Pexels refuses
        return
    args = {"query": query, "page": params["pageno"], "per_page": int(conf.get("results_per_page") or 20)}
    if params.get("time_range") in _SINCE:
        args["date_from"] = _SINCE[params["time_range"]]
    base = _base_url(params)
    params["headers"].update({"secret-key": str(conf.get("api_key") or ""), "Referer": base + "/",
                              "Accept": "application/json"})
    params["url"] = f"{base}/en-us/api/v3/search/photos?{urlencode(args)}"


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "pexels")
    if not isinstance(data, dict) or not isinstance(data.get("data"), list):
        raise EngineParseError("pexels: no data list in the answer")
    base, results = _base_url(resp.search_params), []
    for row in data["data"]:
        attrs = row.get("attributes") if isinstance(row, dict) else None
        image = (attrs or {}).get("image") or {}
        if not attrs or not image.get("download_link") or not attrs.get("id"):
            continue
        user = attrs.get("user") or {}
        results.append({
            "template": "images.html", "url": f"{base}/photo/{quote(str(attrs.get('slug') or 'photo'))}-{quote(str(attrs['id']))}/",
            "title": attrs.get("title") or "", "content": attrs.get("description") or "",
            "img_src": image.get("large") or image["download_link"], "thumbnail_src": image.get("small") or image.get("medium") or "",
            "resolution": f"{attrs['width']} x {attrs['height']}" if attrs.get("width") else "",
            "author": " ".join(filter(None, (user.get("first_name"), user.get("last_name")))) or user.get("username") or "",
            "source": "Pexels",
        })
    return results
