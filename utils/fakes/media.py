"""Answers of the images, news, videos and map services for the fake engine, built from the query.

Each has the shape the built-in engine of that service parses (``wikicommons``,
``dailymotion``, ``bing_news``, ``openstreetmap``): point the engine's ``base_url`` at
``<fake engine>/commons``, ``/dailymotion``, ``/bingnews`` or ``/nominatim`` (any suffix, e.g.
``/dailymotion2``, is a second site with its own URLs). The query appears
in titles and snippets unchanged, so a query with markup tests escaping.
Hosts: pictures on ``img.example.org`` (a site whose name ends in ``local``,
e.g. ``/commonslocal``, has them on the fake engine itself: ``/pic/N.png``,
answered after ``PIC_DELAY`` seconds), players on ``www.youtube-nocookie.com``
(allowed by default) and ``player.example.net`` (not allowed).
"""

from __future__ import annotations

import email.utils
import json
from xml.sax.saxutils import escape

N = 6
NOW = 1_796_036_000  # 2026-11-30 10:53:20 UTC
PIC_DELAY = 0.6
# a 4x3 grey PNG: the pictures served by /pic/
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000040000000308020000003b9639910000000e49444154789c636840020c"
    "3839005f3612018e731cab0000000049454e44ae426082")


def _pictures(site: str, base: str) -> str:
    return f"{base}/pic" if site.endswith("local") else "https://img.example.org"


def commons(q: str, site: str, base: str) -> str:
    pics = _pictures(site, base)
    pages = [{
        "pageid": i, "ns": 6, "index": i + 1, "title": f"File:{q} picture {i}.jpg", "snippet": f"{q} snippet {i}",
        "imageinfo": [{"url": f"{pics}/full/{i}.png", "width": 1600, "height": 1200, "mime": "image/png",
                       "thumburl": f"{pics}/thumb/{i}.png",
                       "descriptionurl": f"https://commons.example.org/wiki/File:{i}.jpg"}],
    } for i in range(N)]
    return json.dumps({"batchcomplete": True, "query": {"pages": pages}})


def dailymotion(q: str, site: str, base: str) -> str:
    pics = _pictures(site, base)
    videos = [{
        "id": f"x{i}", "title": f"{q} video {i}", "description": f"About {q}, part {i}",
        "url": f"https://video.example.org/{site}/{i}", "thumbnail_360_url": f"{pics}/video/{i}.png",
        "duration": 60 * i + 5, "created_time": NOW - 3600 * (i + 1), "owner.screenname": f"channel {i}",
        "allow_embed": True,
    } for i in range(N)]
    return json.dumps({"page": 1, "limit": N, "total": N, "list": videos})


def bing_news(q: str, site: str, base: str) -> str:
    pics = _pictures(site, base)
    items = "".join(
        f"<item><title>{escape(q)} headline {i}</title>"
        f"<link>https://news.example.org/{i}</link><description>{escape(q)} story {i}</description>"
        f"<pubDate>{email.utils.formatdate(NOW - 3 * 3600 * (i + 1), usegmt=True)}</pubDate>"
        f"<News:Source>Paper {i}</News:Source>"
        + (f"<News:Image>{pics}/news/{i}.png</News:Image>" if i % 2 == 0 else "")
        + "</item>" for i in range(N))
    return ('<?xml version="1.0" encoding="utf-8" ?><rss version="2.0" xmlns:News="https://www.bing.com/news">'
            f"<channel><title>{escape(q)}</title>{items}</channel></rss>")


def nominatim(q: str, site: str, base: str) -> str:
    """Places of Nominatim's jsonv2 shape: a park with an outline, then points (the query is their name)."""
    places = [{
        "osm_type": "way" if i == 0 else "node", "osm_id": 1000 + i, "lat": f"{52.5163 + i / 1000:.7f}",
        "lon": f"{13.3777 + i / 1000:.7f}", "category": "leisure", "type": "park",
        "display_name": f"{q} {i}, Berlin, Deutschland",
        "address": {"leisure": f"{q} {i}", "road": "Unter den Linden", "house_number": str(i + 1), "city": "Berlin",
                    "postcode": "10117", "country": "Deutschland"},
        "extratags": {"opening_hours": "24/7", "website": f"https://park{i}.example.org/"},
        "boundingbox": [f"{52.5153 + i / 1000:.7f}", f"{52.5173 + i / 1000:.7f}", f"{13.3757 + i / 1000:.7f}",
                        f"{13.3797 + i / 1000:.7f}"],
        **({"geojson": {"type": "Polygon", "coordinates": [[[13.3757, 52.5153], [13.3797, 52.5153], [13.3797, 52.5173],
                                                             [13.3757, 52.5173], [13.3757, 52.5153]]]}} if i == 0 else {}),
    } for i in range(3)]
    return json.dumps(places)


ANSWERS = {
    "commons": ("w/api.php", commons, "application/json"),
    "dailymotion": ("videos", dailymotion, "application/json"),
    "bingnews": ("news/search", bing_news, "application/rss+xml"),
    "nominatim": ("search", nominatim, "application/json"),
}


def answer(path: str, q: str, base: str) -> tuple[str, str] | None:
    """(body, content type) for ``/<service>[suffix]/<endpoint>``; the first segment names the site."""
    site, _, endpoint = path.lstrip("/").partition("/")
    for service, (expected, build, ctype) in ANSWERS.items():
        if site.startswith(service) and endpoint == expected:
            return build(q, site, base), ctype
    return None
