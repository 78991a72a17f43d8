"""SoundCloud tracks and playlists through the API its web app uses (``api-v2.soundcloud.com/search``).

That API wants the web app's public ``client_id``: the runner reads it from
the home page's hydration data (``window.__sc_hydration``, its ``apiClient``)
once and caches it for ``token_ttl`` seconds (docs/dev/engines.md, Tokens); an
answer refusing it (HTTP 401/403) drops it. Supports paging (``offset``,
``results_per_page`` a page) and the app's language (``app_locale``). A hit
gives its title, uploader, length, plays, date and artwork, and SoundCloud's
widget player (on click, when ``ui.audio_embed_hosts`` allows
w.soundcloud.com). Not supported: safe search and time range, users as
results, and a client_id only found in the app's scripts (SearXNG's fallback:
it needs more requests).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote_plus, urlencode

from searx.enginelib.html_parse import json_body, locale, parse_html, unparsable
from searx.errors import EngineAccessDenied, EngineParseError
from searx.upstream.status import check_status

search_url = "https://api-v2.soundcloud.com/search"
token_url = "https://soundcloud.com/"  # the page whose hydration data carries the client_id
categories = ["music"]
paging = True
time_range_support = False
safesearch = False
language_support = True
timeout = 3.0
token_ttl = 86400.0
results_per_page = 10
soundcloud_facet = "model"
about = {"website": "https://soundcloud.com", "results": "JSON", "use_official_api": False}

_PLAYER = "https://w.soundcloud.com/player/?url="
# the languages of SoundCloud's web app (others get English)
_APP_LOCALE = {"de": "de", "en": "en", "es": "es", "fr": "fr", "oc": "fr", "it": "it", "nl": "nl", "pl": "pl",
               "szl": "pl", "pt": "pt_BR", "pap": "pt_BR", "sv": "sv"}


def token_scope(query: str, params: dict[str, Any]) -> str:
    return ""  # one client_id for the engine


def token_request(query: str, params: dict[str, Any]) -> None:
    params["url"] = str(params["engine"].settings.get("token_url") or token_url)


def token_response(resp: Any) -> str:
    tree = parse_html(resp)
    script = tree.xpath('//script[contains(text(), "__sc_hydration")]/text()')
    if not script:
        raise unparsable(resp, "soundcloud: no hydration data on the page")
    text = str(script[0])
    start = text.find("=", text.index("__sc_hydration")) + 1
    try:  # the array after "window.__sc_hydration =", whatever follows it
        blobs, _ = json.JSONDecoder().raw_decode(text[start:].lstrip())
    except ValueError as exc:
        raise EngineParseError("soundcloud: the hydration data is not JSON") from exc
    for blob in blobs if isinstance(blobs, list) else []:
        if isinstance(blob, dict) and blob.get("hydratable") == "apiClient" and (blob.get("data") or {}).get("id"):
            return str(blob["data"]["id"])
    raise EngineParseError("soundcloud: no apiClient id in the hydration data")


def request(query: str, params: dict[str, Any]) -> None:
    if not params.get("token"):
        params["url"] = None
        return
    conf = params["engine"].settings
    size = int(conf.get("results_per_page") or results_per_page)
    args = {"q": query, "offset": (params["pageno"] - 1) * size, "limit": size,
            "facet": conf.get("soundcloud_facet") or soundcloud_facet, "client_id": params["token"],
            "app_locale": _APP_LOCALE.get(locale(params.get("language"))[0], "en")}
    params["raise_for_httperror"] = False  # 401/403: the client_id went stale
    params["url"] = f"{conf.get('search_url') or search_url}?{urlencode(args)}"


def _hit(hit: dict[str, Any]) -> dict[str, Any]:
    user: dict[str, Any] = hit["user"] if isinstance(hit.get("user"), dict) else {}
    content = [str(hit[k]) for k in ("description", "label_name") if hit.get(k)]
    return {
        "url": hit["permalink_url"],
        "title": str(hit.get("title") or ""),
        "content": " / ".join(content),
        "publishedDate": hit.get("last_modified") or None,
        "iframe_src": _PLAYER + quote_plus(str(hit.get("uri") or "")) if hit.get("uri") else "",
        "thumbnail": hit.get("artwork_url") or user.get("avatar_url") or "",
        "length": int(hit.get("duration") or 0) // 1000,
        "views": hit.get("playback_count") or "",
        "author": str(user.get("full_name") or user.get("username") or ""),
    }


def response(resp: Any) -> list[dict[str, Any]]:
    if resp.status_code in (401, 403):
        raise EngineAccessDenied(f"soundcloud: HTTP {resp.status_code}, the client_id was refused")
    check_status(resp)
    body = json_body(resp, "soundcloud")
    if not isinstance(body, dict) or not isinstance(body.get("collection"), list):
        raise EngineParseError("soundcloud: the answer has no collection")
    return [_hit(hit) for hit in body["collection"] if isinstance(hit, dict)
            and hit.get("kind") in ("track", "playlist") and hit.get("permalink_url")]
