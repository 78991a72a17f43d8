"""SolidTorrents (Bitsearch) search page (``/search?q=&page=``).

``base_url`` is one site or, as in SearXNG's entry, a list of mirrors
(solidtorrents.to, bitsearch.to): each search asks one of them at random. A torrent
has its page, category, size, seeders, leechers, date, magnet link and ``.torrent``
file; entries without both links (listings that are not torrents) are left out.
Supports paging. Not supported: language, time range, safe search.
"""

from __future__ import annotations

import datetime
from typing import Any
from urllib.parse import urlencode, urljoin

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import has_class, magnet_link, parse_html, text_of, unparsable

base_url = "https://solidtorrents.to"
categories = ["files"]
paging = True
timeout = 4.0
about = {"website": "https://www.solidtorrents.to/", "use_official_api": False, "require_api_key": False,
         "results": "HTML"}


def request(query: str, params: dict[str, Any]) -> None:
    params["url"] = f"{_base_url(params)}/search?{urlencode({'q': query, 'page': params['pageno']})}"


def _count(text: str) -> int | None:
    digits = text.replace(",", "").strip()
    return int(digits) if digits.isdigit() else None


def _date(text: str) -> str | None:
    try:
        return datetime.datetime.strptime(text, "%b %d, %Y").date().isoformat()
    except ValueError:
        return None


def response(resp: Any) -> list[dict[str, Any]]:
    tree = parse_html(resp)
    entries = tree.xpath(f'//li[{has_class("search-result")}]')
    if not entries:
        # a real empty search still shows the site's search form
        if tree.xpath('//form[.//input[@name="q"]]'):
            return []
        raise unparsable(resp, "solidtorrents: no search results list on the page")
    page = str(resp.request.url)
    results = []
    for entry in entries:
        torrent = entry.xpath(f'.//a[{has_class("dl-torrent")}]/@href')
        magnet = magnet_link(str((entry.xpath(f'.//a[{has_class("dl-magnet")}]/@href') or [""])[0]))
        link = entry.xpath(f'.//h5[{has_class("title")}]/a/@href')
        stats = [text_of(s) for s in entry.xpath(f'.//div[{has_class("stats")}]/div')]
        if not torrent or not magnet or not link or len(stats) < 5:
            continue
        results.append({
            "template": "torrent.html", "url": urljoin(page, str(link[0])),
            "title": text_of(entry.xpath(f'.//h5[{has_class("title")}]')),
            "metadata": text_of(entry.xpath(f'.//a[{has_class("category")}]')),
            "filesize": stats[1], "leech": _count(stats[2]), "seed": _count(stats[3]),
            "publishedDate": _date(stats[4]), "magnetlink": magnet, "torrentfile": urljoin(page, str(torrent[0])),
        })
    return results
