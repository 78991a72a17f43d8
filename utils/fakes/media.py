"""Answers of the images, news, videos, map, music, files and social media services for the fake
engine, built from the query.

Each has the shape the built-in engine of that service parses (``wikicommons``,
``dailymotion``, ``vimeo`` (page 1), ``bing_news``, ``openstreetmap``, ``mixcloud``,
``radio_browser``, ``piratebay``, ``lemmy``, ``mastodon``): point the engine's ``base_url`` at
``<fake engine>/commons``, ``/dailymotion``, ``/vimeo``, ``/bingnews``, ``/nominatim``,
``/mixcloud``, ``/radiobrowser``, ``/lemmy`` or ``/mastodon`` (piratebay's ``search_url`` at
``/apibay/q.php?…``; any suffix, e.g. ``/dailymotion2``, is a second site with its own URLs).
The query appears in titles and snippets unchanged, so a query with markup tests escaping.
Hosts: pictures on ``img.example.org`` (a site whose name ends in ``local``,
e.g. ``/commonslocal``, has them on the fake engine itself: ``/pic/N.png``,
answered after ``PIC_DELAY`` seconds), players on ``www.youtube-nocookie.com``
(allowed by default) and ``player.example.net`` (not allowed), Vimeo's clips on
``player.vimeo.com`` (allowed by default); Mixcloud's shows
play in ``www.mixcloud.com``'s widget (allowed by default), radio streams are on
``stream.example.net``.
"""

from __future__ import annotations

import datetime
import email.utils
import json
from xml.sax.saxutils import escape

N = 6
PIC_DELAY = 0.6
# a 4x3 grey PNG: the pictures served by /pic/
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000040000000308020000003b9639910000000e49444154789c636840020c"
    "3839005f3612018e731cab0000000049454e44ae426082")


def _day(now: float, days: int) -> str:
    """The UTC date ``days`` days from the day of ``now`` (YYYY-MM-DD)."""
    return (datetime.datetime.fromtimestamp(now, datetime.UTC).date() + datetime.timedelta(days=days)).isoformat()


def _pictures(site: str, base: str) -> str:
    return f"{base}/pic" if site.endswith("local") else "https://img.example.org"


def commons(q: str, site: str, base: str, now: float) -> str:
    pics = _pictures(site, base)
    pages = [{
        "pageid": i, "ns": 6, "index": i + 1, "title": f"File:{q} picture {i}.jpg", "snippet": f"{q} snippet {i}",
        "imageinfo": [{"url": f"{pics}/full/{i}.png", "width": 1600, "height": 1200, "mime": "image/png",
                       "thumburl": f"{pics}/thumb/{i}.png",
                       "descriptionurl": f"https://commons.example.org/wiki/File:{i}.jpg"}],
    } for i in range(N)]
    return json.dumps({"batchcomplete": True, "query": {"pages": pages}})


def dailymotion(q: str, site: str, base: str, now: float) -> str:
    pics = _pictures(site, base)
    videos = [{
        "id": f"x{i}", "title": f"{q} video {i}", "description": f"About {q}, part {i}",
        "url": f"https://video.example.org/{site}/{i}", "thumbnail_360_url": f"{pics}/video/{i}.png",
        "duration": 60 * i + 5, "created_time": int(now) - 3600 * (i + 1), "owner.screenname": f"channel {i}",
        "allow_embed": True,
    } for i in range(N)]
    return json.dumps({"page": 1, "limit": N, "total": N, "list": videos})


def bing_news(q: str, site: str, base: str, now: float) -> str:
    pics = _pictures(site, base)
    items = "".join(
        f"<item><title>{escape(q)} headline {i}</title>"
        f"<link>https://news.example.org/{i}</link><description>{escape(q)} story {i}</description>"
        f"<pubDate>{email.utils.formatdate(now - 3 * 3600 * (i + 1), usegmt=True)}</pubDate>"
        f"<News:Source>Paper {i}</News:Source>"
        + (f"<News:Image>{pics}/news/{i}.png</News:Image>" if i % 2 == 0 else "")
        + "</item>" for i in range(N))
    return ('<?xml version="1.0" encoding="utf-8" ?><rss version="2.0" xmlns:News="https://www.bing.com/news">'
            f"<channel><title>{escape(q)}</title>{items}</channel></rss>")


def nominatim(q: str, site: str, base: str, now: float) -> str:
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


def apibay(q: str, site: str, base: str, now: float) -> str:
    """Torrents of apibay's ``q.php`` (every value a string, as the API writes them)."""
    torrents = [{
        "id": str(7000 + i), "name": f"{q} torrent {i}", "info_hash": f"{i:040x}", "leechers": str(3 * i),
        "seeders": str(100 - i), "num_files": str(i + 1), "size": str(1_500_000_000 * (i + 1)),
        "username": f"uploader{i}", "added": str(int(now) - 86400 * (i + 1)), "status": "member", "category": "303",
        "imdb": "",
    } for i in range(N)]
    return json.dumps(torrents)


def lemmy(q: str, site: str, base: str, now: float) -> str:
    """Posts of Lemmy's ``/api/v3/search`` (type_=Posts); every other one has a picture."""
    pics = _pictures(site, base)
    posts = [{
        "post": {"id": 100 + i, "name": f"{q} post {i}", "body": f"About **{q}**, part {i}.",
                 "ap_id": f"https://lemmy.example.org/post/{100 + i}", "published": f"{_day(now, -1)}T10:00:00Z",
                 "thumbnail_url": f"{pics}/post/{i}.png" if i % 2 == 0 else None, "nsfw": False},
        "creator": {"name": f"user{i}", "display_name": f"User {i}", "actor_id": f"https://lemmy.example.org/u/user{i}"},
        "community": {"name": "tests", "title": f"{q} community", "nsfw": False},
        "counts": {"comments": 4 * i, "upvotes": 50 + i, "downvotes": i},
    } for i in range(N)]
    return json.dumps({"type_": "Posts", "posts": posts, "comments": [], "communities": [], "users": []})


def mastodon(q: str, site: str, base: str, now: float) -> str:
    """Accounts of Mastodon's ``/api/v2/search`` (type=accounts), each with an avatar."""
    pics = _pictures(site, base)
    accounts = [{
        "id": str(500 + i), "username": f"acct{i}", "acct": f"acct{i}@social.example.org", "display_name": f"{q} {i}",
        "note": f"<p>Posts about {escape(q)}</p>", "url": f"https://social.example.org/@acct{i}",
        "avatar_static": f"{pics}/avatar/{i}.png", "created_at": f"{_day(now, i - 700)}T00:00:00.000Z",
        "followers_count": 10 * i, "statuses_count": 3 * i,
    } for i in range(N)]
    return json.dumps({"accounts": accounts, "statuses": [], "hashtags": []})
def vimeo(q: str, site: str, base: str, now: float) -> str:
    """Vimeo's search page: the clips in its ``var data = …;`` line (the query is HTML-escaped there too)."""
    pics = _pictures(site, base)
    clips = [{"type": "clip", "clip": {
        "uri": f"/videos/{7000 + i}", "name": f"{q} clip {i}", "description": f"About {q}", "duration": 90 * i + 30,
        "created_time": f"{_day(now, i - 20)}T12:00:00+00:00", "user": {"name": f"{q} studio {i}"},
        "pictures": {"sizes": [{"link": f"{pics}/vimeo/{i}.png"}]}}} for i in range(N)]
    data = json.dumps({"filtered": {"data": clips}}).replace("<", "\\u003c")
    return f"<!DOCTYPE html><html><body><script>\n    var data = {data};\n</script></body></html>"


def mixcloud(q: str, site: str, base: str, now: float) -> str:
    pics = _pictures(site, base)
    shows = [{
        "key": f"/dj{i}/{site}-{i}/", "url": f"https://www.mixcloud.com/dj{i}/{site}-{i}/", "name": f"{q} mix {i}",
        "tags": [{"name": f"{q} tag"}], "created_time": f"{_day(now, i - 20)}T20:00:00Z", "audio_length": 600 * i + 42,
        "play_count": 1000 * i, "pictures": {"medium": f"{pics}/music/{i}.png"}, "user": {"name": f"{q} DJ {i}"},
    } for i in range(N)]
    return json.dumps({"data": shows, "paging": {}})


def radio_browser(q: str, site: str, base: str, now: float) -> str:
    pics = _pictures(site, base)
    stations = [{
        "name": f"{q} radio {i}", "homepage": f"https://radio.example.org/{site}/{i}",
        "url_resolved": f"https://stream.example.net/{site}/{i}.mp3", "favicon": f"{pics}/radio/{i}.png",
        "tags": f"{q},talk", "country": "Example Land", "codec": "MP3", "bitrate": 128,
    } for i in range(N)]
    return json.dumps(stations)


ANSWERS = {
    "commons": ("w/api.php", commons, "application/json"),
    "dailymotion": ("videos", dailymotion, "application/json"),
    "bingnews": ("news/search", bing_news, "application/rss+xml"),
    "nominatim": ("search", nominatim, "application/json"),
    "apibay": ("q.php", apibay, "application/json"),
    "lemmy": ("api/v3/search", lemmy, "application/json"),
    "mastodon": ("api/v2/search", mastodon, "application/json"),
    "vimeo": ("search/page:1", vimeo, "text/html"),
    "mixcloud": ("search/", mixcloud, "application/json"),
    "radiobrowser": ("json/stations/search", radio_browser, "application/json"),
}


def answer(path: str, q: str, base: str, now: float) -> tuple[str, str] | None:
    """(body, content type) for ``/<service>[suffix]/<endpoint>``; the first segment names the site.
    Dates are counted back from ``now`` (the server's clock, seconds since the epoch)."""
    site, _, endpoint = path.lstrip("/").partition("/")
    for service, (expected, build, ctype) in ANSWERS.items():
        if site.startswith(service) and endpoint == expected:
            return build(q, site, base, now), ctype
    return None
