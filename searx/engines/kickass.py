"""Kickass Torrents' search page (``/usearch/<query>/<page>/``), from one of its mirrors.

``base_url`` is one site or, as in SearXNG's entry, a list of mirrors: each search
asks one of them at random. A torrent has its page, size, seeders, leechers and the
uploader's line; its magnet link when the row carries one (some mirrors put it on the
torrent's page only). Results are sorted by seeders. Supports paging. Not supported:
language, time range, safe search, the upload date (the page gives only an age).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urljoin

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import has_class, magnet_link, parse_html, text_of, unparsable

base_url = "https://kickasstorrents.to"
categories = ["files"]
paging = True
timeout = 4.0
about = {"website": "https://kickasstorrents.to", "use_official_api": False, "require_api_key": False,
         "results": "HTML"}

_ROWS = f'//table[{has_class("data")}]//tr[descendant::a[{has_class("cellMainLink")}]]'


def request(query: str, params: dict[str, Any]) -> None:
    params["url"] = f"{_base_url(params)}/usearch/{quote(query, safe='')}/{params['pageno']}/"


def _count(row: Any, cls: str) -> int | None:
    text = text_of(row.xpath(f'./td[{has_class(cls)}]')).replace(",", "")
    return int(text) if text.isdigit() else None


def response(resp: Any) -> list[dict[str, Any]]:
    tree = parse_html(resp)
    rows = tree.xpath(_ROWS)
    if not rows:
        # a real empty search still shows the site's frame around its "nothing found" note
        if tree.xpath(f'//div[{has_class("mainpart")}]') and not tree.xpath(f'//table[{has_class("data")}]//tr/td'):
            return []
        raise unparsable(resp, "kickass: no torrent table on the page")
    page = str(resp.request.url)
    results = []
    for row in rows:
        link = row.xpath(f'.//a[{has_class("cellMainLink")}]')[0]
        magnets = row.xpath('.//a[starts-with(@href, "magnet:")]/@href')
        results.append({
            "template": "torrent.html", "url": urljoin(page, link.get("href", "")), "title": text_of(link),
            "content": text_of(row.xpath(f'.//span[{has_class("lightgrey")}]')),
            "seed": _count(row, "green"), "leech": _count(row, "red"),
            "filesize": text_of(row.xpath(f'./td[{has_class("nobr")}]')),
            "magnetlink": magnet_link(str(magnets[0])) if magnets else "",
        })
    return sorted(results, key=lambda r: r["seed"] or 0, reverse=True)
