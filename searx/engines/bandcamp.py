"""Bandcamp albums, tracks, artists and labels from its search page (``/search?q=``).

Supports paging (``page``). An album or track gives its title, artist, release
date, artwork and Bandcamp's embedded player (on click, when
``ui.audio_embed_hosts`` allows bandcamp.com). Not supported: language, safe
search and time range (the page has none), and the item-type filter.
"""

from __future__ import annotations

import datetime
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import has_class, parse_html, text_of, unparsable

base_url = "https://bandcamp.com"
iframe_src = "https://bandcamp.com/EmbeddedPlayer/{type}={result_id}/size=large/bgcol=000/linkcol=fff/artwork=small"
categories = ["music"]
paging = True
time_range_support = False
safesearch = False
language_support = False
timeout = 3.0
about = {"website": "https://bandcamp.com/", "results": "HTML", "use_official_api": False}


def request(query: str, params: dict[str, Any]) -> None:
    params["url"] = f"{_base_url(params)}/search?{urlencode({'q': query, 'page': params['pageno']})}"


def _released(text: str) -> str | None:
    try:
        return datetime.datetime.strptime(text.removeprefix("released").strip(), "%B %d, %Y").date().isoformat()
    except ValueError:
        return None


def _div(hit: Any, cls: str) -> str:
    return text_of(hit.xpath(f'.//div[{has_class(cls)}]'))


def _hit(hit: Any, player: str) -> dict[str, Any] | None:
    link = hit.xpath(f'.//div[{has_class("itemurl")}]/a') or hit.xpath(f'.//div[{has_class("heading")}]/a')
    if not link:
        return None
    url = text_of(link[0]) if text_of(link[0]).startswith("http") else str(link[0].get("href") or "")
    kind, subhead, length = _div(hit, "itemtype").lower(), _div(hit, "subhead"), _div(hit, "length")
    item: dict[str, Any] = {
        "url": url.split("?", 1)[0],
        "title": _div(hit, "heading"),
        "content": subhead,
        "author": subhead.rpartition("by ")[2].strip() if "by " in subhead else "",
        "publishedDate": _released(_div(hit, "released")),
        "thumbnail": str((hit.xpath(f'.//div[{has_class("art")}]/img/@src') or [""])[0]),
    }
    if length.replace(":", "").isdigit():
        item["length"] = length
    elif length:
        item["metadata"] = length  # an album's "10 tracks, 45 minutes"
    result_id = parse_qs(urlsplit(str(link[0].get("href") or "")).query).get("search_item_id", [""])[0]
    if kind in ("album", "track") and result_id.isdigit():
        item["iframe_src"] = player.format(type=kind, result_id=result_id)
    return item


def response(resp: Any) -> list[dict[str, Any]]:
    tree = parse_html(resp)
    player = str(resp.search_params["engine"].settings.get("iframe_src") or iframe_src)
    hits = tree.xpath(f'//li[{has_class("searchresult")}]')
    results = [item for hit in hits if (item := _hit(hit, player))]
    if results or hits or tree.xpath(f'//ul[{has_class("result-items")}]'):
        return results  # a page without hits still has the result list
    raise unparsable(resp, "bandcamp: no search results list on the page")
