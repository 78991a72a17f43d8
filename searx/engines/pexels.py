"""Pexels photos through the JSON endpoint its own site uses (``/en-us/api/v3/search/photos``).

That endpoint wants the ``secret-key`` header the site's own requests send. As SearXNG
does, the engine reads it from the site: its token page is the home page, whose
``<script src>`` files the runner asks next (at most eight, on Pexels' own hosts, the
app's own bundle first); the first that holds ``"secret-key":"..."`` gives the key,
cached in the store for ``token_ttl`` (a day) and shared by instances. A search the site
answers with 401, 403 or a bot check drops it, and the next search reads it again. An
operator's ``api_key`` is sent instead, and then the site's pages are never read. This
engine ships no key of its own: when the site has none to read, the search reports why
(a bot check, a block, or a parsing error), never "no results".

Supports paging (``results_per_page`` a page) and time range (``date_from``). Pexels'
Cloudflare check answers 403 (blocked) or a challenge page (CAPTCHA). Not supported:
language, safe search, and the official API (``api.pexels.com``, another key and another answer).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote, urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body, parse_html, unparsable
from searx.errors import EngineParseError

base_url = "https://www.pexels.com"
api_key = ""  # SearXNG's key: a secret-key to send instead of the one read from the site
token_ttl = 86400.0  # the site's key lasts; a refused one is dropped at once
categories = ["images"]
paging = True
time_range_support = True
results_per_page = 20  # SearXNG's key
about = {"website": "https://www.pexels.com", "results": "JSON", "use_official_api": False}

_SINCE = {"day": "last_24_hours", "week": "last_week", "month": "last_month", "year": "last_year"}
# the key as the site's scripts hold it; only characters a header value may carry as they are
_KEY = re.compile(r'"secret-key"\s*:\s*"([A-Za-z0-9._~+/=-]{8,200})"')


def _headers(params: dict[str, Any]) -> dict[str, str]:
    return {"Referer": _base_url(params) + "/", "Sec-GPC": "1"}


def token_scope(query: str, params: dict[str, Any]) -> str | None:
    return None if params["engine"].settings.get("api_key") else ""  # one key for every query


def token_request(query: str, params: dict[str, Any]) -> None:
    params["url"] = _base_url(params) + "/"
    params["headers"].update({**_headers(params), "Accept": "text/html"})


def _first(src: str) -> int:
    """Next.js keeps the app's settings in its ``_app`` and ``main`` bundles: those are asked first."""
    return 0 if "/_app" in src or "/main" in src else 1


def token_response(resp: Any) -> str | list[str]:
    """The key when this page holds it; on the home page, its scripts (the runner asks them)."""
    text = resp.text
    if found := _KEY.search(text):
        return found.group(1)
    if resp.search_params.get("token_page"):
        return ""  # a script without the key: the next one may have it
    scripts = [src.strip() for src in parse_html(resp).xpath("//script/@src") if src.strip()]
    error = unparsable(resp, "pexels: no scripts on the home page to read the secret-key from")
    if not scripts or not isinstance(error, EngineParseError):  # a bot check's page has scripts too
        raise error
    return sorted(scripts, key=_first)


def request(query: str, params: dict[str, Any]) -> None:
    conf = params["engine"].settings
    key = str(conf.get("api_key") or params.get("token") or "")
    if not key:
        params["url"] = None
        return
    args = {"query": query, "page": params["pageno"], "per_page": int(conf.get("results_per_page") or 20)}
    if params.get("time_range") in _SINCE:
        args["date_from"] = _SINCE[params["time_range"]]
    params["headers"].update({**_headers(params), "secret-key": key, "Accept": "application/json"})
    params["url"] = f"{_base_url(params)}/en-us/api/v3/search/photos?{urlencode(args)}"


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
