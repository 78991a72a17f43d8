"""Google results through a public Google Programmable Search Engine (the CSE element API).

The element's JSONP endpoint (``cse.google.com/cse/element/v1``) answers with
the token the engine's ``cse.js`` carries (``cse_token``, library version and
experiment flags); the runner fetches that script once and caches the token
for ``token_ttl`` seconds (docs/dev/engines.md, Tokens). No API key is
needed: ``cx`` names the search engine (SearXNG's default is a public one; an
operator may name their own). ``google_categ``: ``""`` for web results,
``image`` for images. Supports paging (20 a page, up to page 5), the
interface language (``hl``) and region (``gl``), time range (a date range
sort) and safe search (``safe``). Not supported: the official JSON API with
an API key, refinements and promotions.
"""

from __future__ import annotations

import datetime
import json
from typing import Any
from urllib.parse import urlencode

from searx.enginelib import time_range
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import locale
from searx.enginelib.locales import language_args
from searx.engines import google
from searx.errors import EngineAccessDenied, EngineError, EngineParseError, EngineTooManyRequests

base_url = "https://cse.google.com"
token_url = "https://www.google.com/cse/cse.js"
cx = "partner-pub-8993703457585266:4862972284"
google_categ = ""
categories = ["general", "web"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 3.0
token_ttl = 3600.0
about = {"website": "https://www.google.com", "results": "JSONP", "use_official_api": False}

_PAGE_SIZE, _MAX_PAGE = 20, 5


def init(conf: dict[str, Any]) -> None:
    if conf.get("google_categ", "") not in ("", "image"):
        raise ValueError(f"google_categ: {conf['google_categ']!r} is not '' (web) or 'image'")
    if not conf.get("cx"):
        raise ValueError("cx: the Programmable Search Engine id is required")


def token_scope(query: str, params: dict[str, Any]) -> str:
    return ""  # one token for the engine's cx


def token_request(query: str, params: dict[str, Any]) -> None:
    conf = params["engine"].settings
    params["url"] = f"{conf['token_url']}?{urlencode({'cx': conf['cx']})}"


def token_response(resp: Any) -> str:
    text = resp.text
    start, end = text.rfind("({"), text.rfind("});")
    try:
        opts = json.loads(text[start + 1:end + 1]) if 0 <= start < end else {}
    except ValueError:
        opts = {}
    if not isinstance(opts, dict) or not opts.get("cse_token"):
        raise EngineParseError("google_cse: no cse_token in cse.js")
    exp = opts.get("exp") or []
    return json.dumps({"cse_tok": opts["cse_token"], "cselibv": opts.get("cselibVersion", ""),
                       "exp": ",".join(exp) if isinstance(exp, list) else str(exp)})


def request(query: str, params: dict[str, Any]) -> None:
    conf = params["engine"].settings
    if params["pageno"] > _MAX_PAGE or not params.get("token"):
        params["url"] = None
        return
    token = json.loads(params["token"])
    args = {"rsz": "filtered_cse", "num": str(_PAGE_SIZE), "hl": language_args(params, False)["hl"],
            "cselibv": token["cselibv"], "cx": conf["cx"], "q": query,
            "safe": google.SAFE[params.get("safesearch", 0)], "cse_tok": token["cse_tok"], "callback": "_",
            "rurl": "", "searchtype": conf.get("google_categ", "")}
    if days := time_range.days(params, month=30):
        end = datetime.date.today()
        args["sort"] = f"date:r:{end - datetime.timedelta(days=days):%Y%m%d}:{end:%Y%m%d}"
    _, region = locale(params.get("language"))
    if region:
        args["gl"] = region
    if token["exp"]:
        args["exp"] = token["exp"]
    if params["pageno"] > 1:
        args["start"] = str((params["pageno"] - 1) * _PAGE_SIZE)
    params["cookies"]["CONSENT"] = "YES+"
    params["headers"].update(Accept="*/*", Referer="https://cse.google.com/")
    params["url"] = f"{_base_url(params)}/cse/element/v1?{urlencode(args)}"


def _item(item: dict[str, Any], images: bool) -> dict[str, Any]:
    if not images:
        thumb = (item.get("richSnippet") or {}).get("cseThumbnail") or {}
        return {"url": item.get("unescapedUrl") or "", "title": item.get("titleNoFormatting") or "",
                "content": item.get("contentNoFormatting") or "", "thumbnail": thumb.get("src") or ""}
    width, height = item.get("width"), item.get("height")
    return {"template": "images.html", "url": item.get("originalContextUrl") or "",
            "title": item.get("titleNoFormatting") or "", "content": item.get("contentNoFormatting") or "",
            "img_src": item.get("unescapedUrl") or "", "thumbnail_src": item.get("tbUrl") or "",
            "resolution": f"{width} x {height}" if width and height else "",
            "img_format": str(item.get("fileFormat") or "").rsplit("/", 1)[-1], "source": item.get("visibleUrl") or ""}


def response(resp: Any) -> list[dict[str, Any]]:
    text = resp.text
    try:
        data = json.loads(text[text.find("{"):text.rfind("}") + 1])
    except ValueError as exc:
        raise EngineParseError("google_cse: the answer is not the element's JSONP") from exc
    if not isinstance(data, dict):
        raise EngineParseError("google_cse: the answer is not the element's JSONP")
    if error := data.get("error"):
        message = f"google_cse: {error.get('message', 'unknown error')}"
        code = error.get("code")
        if code == 429:
            raise EngineTooManyRequests(message)
        if code in (401, 403):
            raise EngineAccessDenied(message)  # a stale token too: the runner drops it
        raise EngineError(message)
    images = resp.search_params["engine"].settings.get("google_categ") == "image"
    hits = [_item(item, images) for item in data.get("results") or [] if isinstance(item, dict)]
    return [hit for hit in hits if hit["url"]]
