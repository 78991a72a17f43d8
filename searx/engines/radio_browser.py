"""Radio stations from Radio Browser's advanced station search (``/json/stations/search``).

The server is the ``base_url`` setting (default ``https://de1.api.radio-browser.info``,
one of the project's documented public servers; a list spreads the requests
over several, one picked per request). SearXNG picks one at random from the
DNS records of ``all.api.radio-browser.info``: that lookup is not done here
(an engine does no I/O of its own). Supports paging (``offset``, ``page_size``
a page) and ``station_filters``: ``language`` (the search language's English
name, as Radio Browser names languages) and ``countrycode`` (the region of the
search language). A station links to its home page (else its stream) and gives
its stream as ``audio_src``, shown as a link: streams are on any host, so they
are not embedded. Not supported: safe search and time range, and SearXNG's
vote and click counts in the text (they are left out).
"""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import urlencode

from babel import Locale, UnknownLocaleError

from searx.enginelib.html_parse import json_body, locale
from searx.errors import EngineParseError

base_url: str | list[str] = "https://de1.api.radio-browser.info"
categories = ["music", "radio"]
paging = True
time_range_support = False
safesearch = False
language_support = True
timeout = 3.0
page_size = 10
station_filters: list[str] = []  # "language", "countrycode"
about = {"website": "https://www.radio-browser.info/", "results": "JSON", "use_official_api": True}


def init(conf: dict[str, Any]) -> None:
    servers = conf.get("base_url")
    if not servers or not all(isinstance(s, str) and s.startswith(("https://", "http://"))
                              for s in ([servers] if isinstance(servers, str) else servers)):
        raise ValueError("base_url: a Radio Browser server URL, or a list of them")
    if set(conf.get("station_filters") or ()) - {"language", "countrycode"}:
        raise ValueError("station_filters: only language and countrycode")


def _server(conf: Any) -> str:
    servers = conf["base_url"]
    return str(servers if isinstance(servers, str) else random.choice(servers)).rstrip("/")


def _language_name(lang: str) -> str:
    try:
        return str(Locale.parse(lang).get_language_name("en") or "").lower()
    except (ValueError, UnknownLocaleError):
        return ""


def request(query: str, params: dict[str, Any]) -> None:
    conf = params["engine"].settings
    size = int(conf.get("page_size") or page_size)
    args = {"name": query, "order": "votes", "offset": (params["pageno"] - 1) * size, "limit": size,
            "hidebroken": "true", "reverse": "true"}
    lang, region = locale(params.get("language"))
    filters = conf.get("station_filters") or ()
    if "language" in filters and lang and (name := _language_name(lang)):
        args["language"] = name
    if "countrycode" in filters and region:
        args["countrycode"] = region
    params["url"] = f"{_server(conf)}/json/stations/search?{urlencode(args)}"


def _station(station: dict[str, Any]) -> dict[str, Any]:
    stream = str(station.get("url_resolved") or station.get("url") or "")
    tags = ", ".join(t.strip() for t in str(station.get("tags") or "").split(",") if t.strip())
    place = [str(station[k]).strip() for k in ("state", "country") if str(station.get(k) or "").strip()]
    codec = str(station.get("codec") or "").strip()
    meta = [codec] if codec and codec.lower() != "unknown" else []
    if station.get("bitrate"):
        meta.append(f"{station['bitrate']} kbit/s")
    return {
        "url": str(station.get("homepage") or "").strip() or stream,
        "title": str(station.get("name") or "").strip(),
        "content": " | ".join([tags, *place] if tags else place),
        "thumbnail": str(station.get("favicon") or ""),
        "metadata": " · ".join(meta),
        "audio_src": stream,
    }


def response(resp: Any) -> list[dict[str, Any]]:
    stations = json_body(resp, "radio_browser", bot_pages=False)
    if not isinstance(stations, list):
        raise EngineParseError("radio_browser: the answer is not a list of stations")
    return [_station(s) for s in stations if isinstance(s, dict) and (s.get("homepage") or s.get("url_resolved"))]
