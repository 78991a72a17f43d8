"""Genius songs, lyrics, artists and albums through the JSON its own search page loads (``/api/search/multi``).

Supports paging (``page``, ``page_size`` hits per section). A song gives its
full title, artist, cover art and the date its lyrics were updated, and
Genius's Apple Music preview player (``/songs/<id>/apple_music_player``, on
click, when ``ui.audio_embed_hosts`` allows genius.com); a lyric hit its
highlighted line. Not supported: language, safe search and time range (the
API has none), and the videos and articles sections.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.errors import EngineParseError

base_url = "https://genius.com"
categories = ["music", "lyrics"]
paging = True
time_range_support = False
safesearch = False
language_support = False
timeout = 3.0
page_size = 5
about = {"website": "https://genius.com/", "results": "JSON", "use_official_api": True}


def request(query: str, params: dict[str, Any]) -> None:
    size = int(params["engine"].settings.get("page_size") or page_size)
    args = urlencode({"q": query, "page": params["pageno"], "per_page": size})
    params["url"] = f"{_base_url(params)}/api/search/multi?{args}"


def _song(hit: dict[str, Any], base: str) -> dict[str, Any]:
    song = hit["result"]
    highlights = hit.get("highlights") or []
    content = str((highlights[0] or {}).get("value") or "") if highlights else ""
    item: dict[str, Any] = {
        "url": song.get("url") or "",
        "title": str(song.get("full_title") or song.get("title") or ""),
        "content": content,
        "thumbnail": song.get("song_art_image_thumbnail_url") or "",
        "author": str((song.get("primary_artist") or {}).get("name") or song.get("artist_names") or ""),
        "publishedDate": song.get("lyrics_updated_at") or None,  # unix time
    }
    if str(song.get("api_path") or "").startswith("/songs/"):
        # a 30-second preview; SearXNG's player link
        item["iframe_src"] = f"{base}{song['api_path']}/apple_music_player"
    return item


def _artist(hit: dict[str, Any], base: str) -> dict[str, Any]:
    artist = hit["result"]
    return {"url": artist.get("url") or "", "title": str(artist.get("name") or ""), "content": "",
            "thumbnail": artist.get("image_url") or ""}


def _album(hit: dict[str, Any], base: str) -> dict[str, Any]:
    album = hit["result"]
    content = str(album.get("name_with_artist") or album.get("name") or "")
    year = (album.get("release_date_components") or {}).get("year")
    return {"url": album.get("url") or "", "title": str(album.get("full_title") or album.get("name") or ""),
            "content": f"{year} / {content}" if year else content, "thumbnail": album.get("cover_art_url") or "",
            "author": str((album.get("artist") or {}).get("name") or "")}


_PARSE = {"song": _song, "lyric": _song, "artist": _artist, "album": _album}


def response(resp: Any) -> list[dict[str, Any]]:
    try:
        sections = resp.json()["response"]["sections"]
    except (ValueError, KeyError, TypeError) as exc:
        raise EngineParseError("genius: the answer has no response.sections") from exc
    base = _base_url(resp.search_params)
    results = []
    for section in sections if isinstance(sections, list) else []:
        for hit in (section or {}).get("hits") or []:
            parse = _PARSE.get(str(hit.get("type"))) if isinstance(hit, dict) else None
            if parse and isinstance(hit.get("result"), dict):
                results.append(parse(hit, base))
    return results
