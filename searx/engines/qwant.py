"""Qwant through its JSON API (``api.qwant.com/v3/search/<vertical>``).

``qwant_categ`` picks the vertical: ``web``, ``news``, ``images`` or
``videos``. Supports paging (10 a page, 50 for images, up to page 5), the
locale (``locale``, e.g. ``en_US``; news has fewer editions and falls back to
``en_US``) and safe search (``safesearch``). The ``datadome`` cookie Qwant
sets is kept as the engine's token and sent back with the next request (docs/dev/engines.md,
Tokens). A DataDome captcha answer is reported as CAPTCHA, Qwant's rate
limit (``error_code`` 24) as too many requests and its "not available in
your country" page as blocked. Not supported: time range (the API has none),
nor the ads and other boxes of the web answer.
"""

from __future__ import annotations

import zlib
from typing import Any
from urllib.parse import urlencode

from searx.enginelib.html_parse import unparsable, video_embed
from searx.enginelib.locales import locale_tag
from searx.errors import EngineAccessDenied, EngineCaptcha, EngineError, EngineTooManyRequests
from searx.upstream.status import check_status

base_url = "https://www.qwant.com"
api_url = "https://api.qwant.com/v3/search/"
qwant_categ = "web"
categories: list[str] = []
paging = True
time_range_support = False
safesearch = True
language_support = True
timeout = 3.0
about = {"website": "https://www.qwant.com/", "results": "JSON", "use_official_api": True}

_VERTICALS = ("web", "news", "images", "videos")
_MAX_PAGE = 5


def init(conf: dict[str, Any]) -> None:
    if conf.get("qwant_categ") not in _VERTICALS:
        raise ValueError(f"qwant_categ: {conf.get('qwant_categ')!r} is not one of {', '.join(_VERTICALS)}")


def token_scope(query: str, params: dict[str, Any]) -> str:
    return ""  # the datadome cookie of the last answer, for every query


def token_required(params: dict[str, Any]) -> bool:
    return False  # a first request goes without one


def request(query: str, params: dict[str, Any]) -> None:
    conf = params["engine"].settings
    vertical = conf["qwant_categ"]
    if not query or params["pageno"] > _MAX_PAGE:
        params["url"] = None
        return
    count = 50 if vertical == "images" else 10
    args = {"q": query, "count": count, "locale": locale_tag(params, vertical), "offset": (params["pageno"] - 1) * count,
            # "tgp" (a test group, 1 to 3) must be sent and stay the same: one per engine
            "tgp": 1 + zlib.crc32(params["engine"].name.encode()) % 3, "device": "desktop",
            "safesearch": params.get("safesearch", 0), "displayed": "true", "llm": "true"}
    params["raise_for_httperror"] = False  # Qwant's errors are JSON with their own codes
    if params.get("token"):
        params["cookies"]["datadome"] = params["token"]
    base = str(conf["base_url"]).rstrip("/")
    params["headers"].update({"Accept": "application/json", "Referer": base + "/", "Origin": base})
    params["url"] = f"{conf['api_url']}{vertical}?{urlencode(args)}"


def _error(resp: Any, body: dict[str, Any]) -> EngineError:
    data: dict[str, Any] = body["data"] if isinstance(body.get("data"), dict) else {}
    if data.get("error_code") == 24:
        return EngineTooManyRequests("Qwant rate limit (error_code 24)")
    if body.get("url"):
        return EngineCaptcha("Qwant DataDome captcha")
    if resp.status_code == 403:
        return EngineAccessDenied("HTTP 403")
    return EngineError(f"Qwant API error {data.get('error_code')}: {','.join(map(str, data.get('message') or []))}")


def _item(vertical: str, item: dict[str, Any]) -> dict[str, Any]:
    out = {"url": item.get("url") or "", "title": item.get("title") or "", "content": item.get("desc") or ""}
    date = item.get("date")
    if isinstance(date, (int, float)) and date > 0:
        out["publishedDate"] = date / 1000 if date > 1e11 else date  # news dates are in milliseconds
    if vertical == "news":
        media = item.get("media") or [{}]
        out["thumbnail"] = ((media[0] or {}).get("pict") or {}).get("url") or ""
        out["source"] = item.get("source") or ""
    elif vertical == "images":
        out.update(template="images.html", content="", img_src=item.get("media") or "",
                   thumbnail_src=item.get("thumbnail") or "", img_format=item.get("thumb_type") or "",
                   resolution=f"{item.get('width')} x {item.get('height')}" if item.get("width") else "",
                   source=item.get("source") or "")
    elif vertical == "videos":
        thumb = str(item.get("thumbnail") or "").replace("https://s2.qwant.com", "https://s1.qwant.com", 1)
        out.update(template="videos.html", thumbnail=thumb, length=(item.get("duration") or 0) / 1000,
                   author=item.get("channel") or "", source=item.get("source") or "",
                   iframe_src=video_embed(out["url"]))
    return out


def response(resp: Any) -> list[dict[str, Any]]:
    try:
        body = resp.json()
    except ValueError:
        body = None
    if not isinstance(body, dict):
        check_status(resp)
        raise unparsable(resp, "qwant: the answer is not Qwant's JSON")
    if body.get("status") != "success":
        raise _error(resp, body)
    check_status(resp)
    vertical = resp.search_params["engine"].settings["qwant_categ"]
    items = (body.get("data") or {}).get("result", {}).get("items") or {}
    if vertical == "web":
        rows = [row for row in items.get("mainline") or [] if row.get("type") == "web"]
    else:
        rows = [{"items": items}] if isinstance(items, list) else []
    results: list[dict[str, Any]] = [_item(vertical, item) for row in rows for item in row.get("items") or []]
    if datadome := resp.cookies.get("datadome"):
        results.append({"token": datadome})
    return results
