"""Bing image search from the result list Bing's own image page loads (``/images/async``).

Supports paging (``first``, 35 a page), market/language (``mkt``, ``setlang``),
safe search (``adlt``) and time range (``qft=+filterui:age-lt<minutes>``).
Each tile's ``a.iusc`` carries the image as JSON (``m``: page, image and
thumbnail URLs, title); size and format come from the tile's caption. Not
supported: Bing's other image filters (size, colour, licence).
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlencode, urlsplit

from searx.enginelib import time_range
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import has_class, parse_html, text_of, unparsable
from searx.engines.bing import market, safe_search
from searx.errors import EngineCaptcha

base_url = "https://www.bing.com"
categories = ["images"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 4.0
about = {"website": "https://www.bing.com/images", "results": "HTML", "use_official_api": False}

PER_PAGE = 35
_SIZE = re.compile(r"(\d+)\s*[x×]\s*(\d+)")


def request(query: str, params: dict[str, Any]) -> None:
    args = {"q": query, "async": "1", "count": str(PER_PAGE), "first": str((params["pageno"] - 1) * PER_PAGE + 1),
            "adlt": safe_search(params)}
    if days := time_range.days(params, month=30):
        args["qft"] = f"+filterui:age-lt{days * 1440}"  # minutes
    market(params, args)
    params["url"] = f"{_base_url(params)}/images/async?{urlencode(args)}"


def _tile(link: Any) -> dict[str, Any] | None:
    try:
        meta = json.loads(link.get("m") or "")
    except ValueError:
        return None
    if not isinstance(meta, dict) or not meta.get("murl") or not meta.get("purl"):
        return None
    tile = link.xpath(f'ancestor::div[{has_class("imgpt")}][1]') or link.xpath("ancestor::li[1]")
    info = text_of(tile[0].xpath(f'.//div[{has_class("img_info")}]//span')) if tile else ""
    size = _SIZE.search(info)
    fmt = info.rsplit("·", 1)[-1].strip().lower() if "·" in info else ""
    source = text_of(tile[0].xpath(f'.//div[{has_class("lnkw")}]//a')) if tile else ""
    # Bing marks the query's words with private-use characters in titles
    title = re.sub("[\ue000\ue001]", "", str(meta.get("t") or meta.get("desc") or ""))
    return {
        "template": "images.html",
        "url": meta["purl"],
        "title": title,
        "content": str(meta.get("desc") or ""),
        "img_src": meta["murl"],
        "thumbnail_src": meta.get("turl") or meta["murl"],
        "resolution": f"{size.group(1)} x {size.group(2)}" if size else "",
        "img_format": fmt,
        "source": source or urlsplit(str(meta["purl"])).hostname or "",
    }


def response(resp: Any) -> list[dict[str, Any]]:
    tree = parse_html(resp)
    if tree.xpath('//*[@id="b_captcha"]') or b"turing/challenge" in resp.content[:65536]:
        raise EngineCaptcha("Bing captcha")
    results = [tile for link in tree.xpath(f'//a[{has_class("iusc")}]') if (tile := _tile(link))]
    if results or tree.xpath(f'//*[{has_class("dgControl_list")} or {has_class("dg_u")}]'):
        return results
    if not resp.content.strip() or tree.xpath(f'//*[{has_class("dgControl")}]'):
        return []  # the async list past the last page is empty
    raise unparsable(resp, "no Bing image tiles on the page")
