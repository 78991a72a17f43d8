"""BT4G's torrent index (a DHT crawler) through its RSS search feed (``/search?...&page=rss``).

The feed gives each torrent's name, size, date, page and magnet link, not its
seeders and leechers (the HTML page has them, but its markup changes more often).
``bt4g_order_by`` sorts (``relevance``, ``size``, ``seeders``, ``time``) and
``bt4g_category`` narrows (``all``, ``audio``, ``movie``, ``doc``, ``app``, ``other``),
as SearXNG's keys. Supports paging. A time range does not filter (BT4G has no date
filter): it sorts by time, as SearXNG does. Not supported: language, safe search.
"""

from __future__ import annotations

import datetime
from typing import Any
from urllib.parse import quote

from lxml import etree

from searx.enginelib.html_parse import feed_date, magnet_link, unparsable

url = "https://bt4gprx.com"  # SearXNG's key: the site
search_url = "{url}/search?q={search_term}&orderby={order_by}&category={category}&p={pageno}&page=rss"
bt4g_order_by = "relevance"
bt4g_category = "all"
categories = ["files"]
paging = True
time_range_support = True
about = {"website": "https://bt4gprx.com", "use_official_api": False, "require_api_key": False, "results": "XML"}

_PARSER = etree.XMLParser(resolve_entities=False, no_network=True)


def request(query: str, params: dict[str, Any]) -> None:
    conf = params["engine"].settings
    order = "time" if params.get("time_range") else conf["bt4g_order_by"]
    params["url"] = conf["search_url"].format(url=str(conf["url"]).rstrip("/"), search_term=quote(query),
                                              order_by=order, category=conf["bt4g_category"],
                                              pageno=params["pageno"])


def _date(text: str) -> str | None:
    # BT4G writes no space after the weekday's comma ("Sat,21 Dec 2024 06:38:56 +0000")
    try:
        return datetime.datetime.strptime(text, "%a,%d %b %Y %H:%M:%S %z").isoformat()
    except ValueError:
        pass
    return feed_date(text)


def _text(item: Any, name: str) -> str:
    found = item.findtext(name)
    return found.strip() if found else ""


def response(resp: Any) -> list[dict[str, Any]]:
    try:
        rss = etree.fromstring(resp.content, _PARSER)
    except etree.XMLSyntaxError:
        raise unparsable(resp, "bt4g: the answer is not RSS") from None
    if rss is None or rss.tag != "rss":
        raise unparsable(resp, "bt4g: the answer is not RSS")
    results = []
    for item in rss.iterfind("./channel/item"):
        page, magnet = _text(item, "guid"), magnet_link(_text(item, "link"))
        if not page or not magnet:
            continue
        # the description: name<br>size<br>category<br>info hash
        facts = _text(item, "description").split("<br>")
        results.append({"template": "torrent.html", "url": page, "title": _text(item, "title"),
                        "magnetlink": magnet, "filesize": facts[1].strip() if len(facts) > 1 else "",
                        "publishedDate": _date(_text(item, "pubDate"))})
    return results
