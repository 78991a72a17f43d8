"""Answers of the images, news and videos services for the fake engine, built from the query.

Each has the shape the built-in engine of that service parses (``wikicommons``,
``dailymotion``, ``bing_news``): point the engine's ``base_url`` at
``<fake engine>/commons``, ``/dailymotion`` or ``/bingnews`` (any suffix, e.g.
``/dailymotion2``, is a second site with its own URLs). The query appears
in titles and snippets unchanged, so a query with markup tests escaping.
Hosts: pictures on ``img.example.org``, players on ``www.youtube-nocookie.com``
(allowed by default) and ``player.example.net`` (not allowed).
"""

from __future__ import annotations

import email.utils
import json
from xml.sax.saxutils import escape

N = 6
NOW = 1_796_036_000  # 2026-11-30 10:53:20 UTC


def commons(q: str, site: str) -> str:
    pages = [{
        "pageid": i, "ns": 6, "index": i + 1, "title": f"File:{q} picture {i}.jpg", "snippet": f"{q} snippet {i}",
        "imageinfo": [{"url": f"https://img.example.org/full/{i}.jpg", "width": 1600, "height": 1200, "mime": "image/jpeg",
                       "thumburl": f"https://img.example.org/thumb/{i}.jpg",
                       "descriptionurl": f"https://commons.example.org/wiki/File:{i}.jpg"}],
    } for i in range(N)]
    return json.dumps({"batchcomplete": True, "query": {"pages": pages}})


def dailymotion(q: str, site: str) -> str:
    videos = [{
        "id": f"x{i}", "title": f"{q} video {i}", "description": f"About {q}, part {i}",
        "url": f"https://video.example.org/{site}/{i}", "thumbnail_360_url": f"https://img.example.org/video/{i}.jpg",
        "duration": 60 * i + 5, "created_time": NOW - 3600 * (i + 1), "owner.screenname": f"channel {i}",
        "allow_embed": True,
    } for i in range(N)]
    return json.dumps({"page": 1, "limit": N, "total": N, "list": videos})


def bing_news(q: str, site: str) -> str:
    items = "".join(
        f"<item><title>{escape(q)} headline {i}</title>"
        f"<link>https://news.example.org/{i}</link><description>{escape(q)} story {i}</description>"
        f"<pubDate>{email.utils.formatdate(NOW - 3 * 3600 * (i + 1), usegmt=True)}</pubDate>"
        f"<News:Source>Paper {i}</News:Source>"
        + (f"<News:Image>https://img.example.org/news/{i}.jpg</News:Image>" if i % 2 == 0 else "")
        + "</item>" for i in range(N))
    return ('<?xml version="1.0" encoding="utf-8" ?><rss version="2.0" xmlns:News="https://www.bing.com/news">'
            f"<channel><title>{escape(q)}</title>{items}</channel></rss>")


ANSWERS = {
    "commons": ("w/api.php", commons, "application/json"),
    "dailymotion": ("videos", dailymotion, "application/json"),
    "bingnews": ("news/search", bing_news, "application/rss+xml"),
}


def answer(path: str, q: str) -> tuple[str, str] | None:
    """(body, content type) for ``/<service>[suffix]/<endpoint>``; the first segment names the site."""
    site, _, endpoint = path.lstrip("/").partition("/")
    for service, (expected, build, ctype) in ANSWERS.items():
        if site.startswith(service) and endpoint == expected:
            return build(q, site), ctype
    return None
