"""The Pirate Bay's torrents through its JSON API (apibay.org ``q.php``).

One request gives up to 100 torrents, sorted here by seeders; each links to its
page on ``url`` (thepiratebay.org or a proxy of it) with a magnet link built from its
info hash and ``trackers``. The search type follows the tab: files (all), music
(audio) or videos (video). Safe search drops the adult categories (5xx). Not
supported: paging (the API has one page), language, time range, torrent files (the
API has none).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

from searx.enginelib.html_parse import file_size, json_body, unparsable

url = "https://thepiratebay.org/"  # SearXNG's key: the site result links point to
search_url = "https://apibay.org/q.php?q={search_term}&cat={search_type}"
trackers = [
    "udp://tracker.coppersurfer.tk:6969/announce",
    "udp://9.rarbg.to:2920/announce",
    "udp://tracker.opentrackr.org:1337",
    "udp://tracker.internetwarriors.net:1337/announce",
    "udp://tracker.leechers-paradise.org:6969/announce",
    "udp://tracker.pirateparty.gr:6969/announce",
    "udp://tracker.cyberia.is:6969/announce",
]
categories = ["files"]
safesearch = True
timeout = 3.0
about = {"website": "https://thepiratebay.org", "official_api_documentation": "https://apibay.org/",
         "use_official_api": True, "require_api_key": False, "results": "JSON"}

# the API's category of each tab (0: all)
_SEARCH_TYPES = {"files": "0", "music": "100", "videos": "200"}
# what the API answers when nothing is found: one entry of this name, id 0
_NOTHING = "No results returned"


def request(query: str, params: dict[str, Any]) -> None:
    kind = _SEARCH_TYPES.get(params.get("category", ""), "0")
    params["url"] = params["engine"].settings["search_url"].format(search_term=quote(query), search_type=kind)


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _magnet(info_hash: str, name: str, tracker_list: list[str]) -> str:
    return f"magnet:?xt=urn:btih:{info_hash}&" + urlencode([("dn", name), *(("tr", t) for t in tracker_list)],
                                                           quote_via=quote)


def response(resp: Any) -> list[dict[str, Any]]:
    torrents = json_body(resp, "piratebay")
    if not isinstance(torrents, list):
        raise unparsable(resp, "piratebay: the answer is not a list of torrents")
    conf = resp.search_params["engine"].settings
    site = str(conf["url"]).rstrip("/") + "/"
    safe = resp.search_params.get("safesearch", 0) > 0
    results = []
    for torrent in torrents:
        if not isinstance(torrent, dict) or not torrent.get("info_hash") or torrent.get("name") == _NOTHING:
            continue
        if safe and str(torrent.get("category", "")).startswith("5"):
            continue
        name = str(torrent.get("name") or "")
        added = _int(torrent.get("added"))
        results.append({
            "template": "torrent.html", "url": f"{site}description.php?id={torrent.get('id', '')}", "title": name,
            "seed": _int(torrent.get("seeders")), "leech": _int(torrent.get("leechers")),
            "files": _int(torrent.get("num_files")), "filesize": file_size(torrent.get("size")),
            "magnetlink": _magnet(str(torrent["info_hash"]), name, list(conf.get("trackers") or [])),
            "publishedDate": added if added else None,
        })
    return sorted(results, key=lambda r: r["seed"] or 0, reverse=True)
