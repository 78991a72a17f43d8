"""Bing news search through its RSS answer (``/news/search?format=RSS``).

Supports paging (``first``), market (``setmkt``/``setlang``) and time range
(``qft=interval="7"`` day, ``"8"`` week, ``"9"`` month). Links are Bing's
click redirects (``apiclick.aspx?url=``) and are decoded; the thumbnail is
``News:Image``, the publisher ``News:Source``. Not supported: a year time range
(Bing offers none: the engine is skipped then) and safe search (news has none).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from lxml import etree

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import feed_date, locale, strip_tags
from searx.errors import EngineParseError

base_url = "https://www.bing.com"
categories = ["news"]
paging = True
time_range_support = True
safesearch = False
language_support = True
timeout = 4.0
about = {"website": "https://www.bing.com/news", "results": "RSS", "use_official_api": False}

_INTERVAL = {"day": "7", "week": "8", "month": "9"}


def request(query: str, params: dict[str, Any]) -> None:
    time_range = params.get("time_range")
    if time_range and time_range not in _INTERVAL:
        params["url"] = None  # no year filter: better no answer than an unfiltered one
        return
    lang, region = locale(params.get("language"))
    args = {"q": query, "format": "RSS", "first": str((params["pageno"] - 1) * 10 + 1),
            "setmkt": f"{lang}-{region}".lower() if region else "en-us", "setlang": lang or "en"}
    if time_range:
        args["qft"] = f'interval="{_INTERVAL[time_range]}"'
    params["url"] = f"{_base_url(params)}/news/search?{urlencode(args)}"


def _target(link: str) -> str:
    parts = urlsplit(link)
    if parts.path.endswith("/apiclick.aspx"):
        return parse_qs(parts.query).get("url", [link])[0]
    return link


def _child(item: Any, name: str) -> str:
    # News:Image and News:Source sit in a namespace whose URI Bing varies: match the local name
    found = item.xpath(f"./*[local-name()='{name}']/text()")
    return str(found[0]).strip() if found else ""


def response(resp: Any) -> list[dict[str, Any]]:
    try:
        rss = etree.fromstring(resp.content, etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError as exc:
        raise EngineParseError(f"Bing news answered without RSS: {exc}") from exc
    if rss.tag != "rss":
        raise EngineParseError("Bing news answered without RSS")
    results = []
    for item in rss.iterfind("./channel/item"):
        link = _child(item, "link")
        if not link:
            continue
        results.append({
            "url": _target(link),
            "title": _child(item, "title"),
            "content": strip_tags(_child(item, "description")),
            "publishedDate": feed_date(_child(item, "pubDate")),
            "thumbnail": _child(item, "Image").replace("http://", "https://", 1),
            "source": _child(item, "Source"),
        })
    return results
