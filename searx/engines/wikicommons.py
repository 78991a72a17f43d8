"""Wikimedia Commons images, videos, audio and other files through the MediaWiki Action API.

``wc_search_type`` picks the files: ``image`` (bitmaps and drawings), ``video``,
``audio`` or ``file`` (multimedia, office documents, archives, 3D). One request: a
full-text search in the File namespace (``generator=search``, ``gsrnamespace=6``)
with each file's URLs, size, type and duration (``prop=imageinfo``, a 180 px high
thumbnail). Images are ``images.html`` results, videos ``videos.html`` (the still
Commons renders as thumbnail, the file as ``iframe_src``: played in place only where
``ui.video_embed_hosts`` names upload.wikimedia.org), audio a music result with
``audio_src``, other files ``file.html``. Supports paging
(``gsroffset``) and the language of descriptions (``uselang``). Not supported:
time range and safe search (Commons has neither).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote, urlencode, urlsplit

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import file_size, json_body, locale, strip_tags
from searx.errors import EngineParseError

base_url = "https://commons.wikimedia.org"
wc_api_url = ""  # SearXNG's key: the API endpoint; empty = base_url + /w/api.php
wc_search_type = "image"  # SearXNG's key: image, video, audio or file
categories = ["images"]
paging = True
time_range_support = False
safesearch = False
language_support = True
timeout = 4.0
number_of_results = 20  # results a page (SearXNG's key)
about = {"website": "https://commons.wikimedia.org", "results": "JSON", "use_official_api": True}
# Commons' file types for each search type (its filetype: search keyword)
_FILE_TYPES = {"image": "bitmap|drawing", "video": "video", "audio": "audio", "file": "multimedia|office|archive|3d"}
SUPPORTED_VALUES = {"wc_search_type": tuple(_FILE_TYPES)}  # an entry with another is skipped


def init(conf: dict[str, Any]) -> None:
    if conf.get("wc_search_type", "image") not in _FILE_TYPES:
        raise ValueError(f"wc_search_type: {conf.get('wc_search_type')!r} is not one of {', '.join(_FILE_TYPES)}")


def request(query: str, params: dict[str, Any]) -> None:
    conf = params["engine"].settings
    per_page = int(conf.get("number_of_results") or number_of_results)
    lang, _ = locale(params.get("language"))
    args = {
        "action": "query", "format": "json", "formatversion": "2", "uselang": lang or "en",
        "generator": "search", "gsrnamespace": "6", "gsrprop": "snippet",
        "gsrsearch": f"filetype:{_FILE_TYPES[conf.get('wc_search_type') or 'image']} {query}",
        "gsrlimit": str(per_page), "gsroffset": str((params["pageno"] - 1) * per_page),
        "prop": "info|imageinfo", "iiprop": "url|size|mime", "iiurlheight": "180",
    }
    params["url"] = f"{conf.get('wc_api_url') or _base_url(params) + '/w/api.php'}?{urlencode(args)}"


def _pages(data: Any) -> list[dict[str, Any]]:
    pages = (data.get("query") or {}).get("pages") or []
    # formatversion=2 gives a list; the old format a mapping by page id
    pages = list(pages.values()) if isinstance(pages, dict) else pages
    return sorted((p for p in pages if isinstance(p, dict)), key=lambda p: p.get("index", 0))


def _item(kind: str, page: dict[str, Any], info: dict[str, Any]) -> dict[str, Any]:
    media, mime = str(info["url"]), str(info.get("mime", ""))
    out: dict[str, Any] = {
        "url": info.get("descriptionurl") or media, "content": strip_tags(str(page.get("snippet") or "")),
        "title": str(page.get("title", "")).split(":", 1)[-1].rsplit(".", 1)[0],
    }
    duration = info.get("duration")
    length = float(duration) if isinstance(duration, (int, float)) and duration > 0 else None
    if kind == "image":
        return {**out, "template": "images.html", "img_src": media, "thumbnail_src": info.get("thumburl") or media,
                "resolution": f"{info['width']} x {info['height']}" if info.get("width") and info.get("height") else "",
                "img_format": mime.split("/")[-1].upper() if mime.startswith("image/") else "",
                "filesize": file_size(info.get("size")), "source": "Wikimedia Commons"}
    if kind == "video":
        return {**out, "template": "videos.html", "thumbnail": info.get("thumburl") or "", "length": length,
                "iframe_src": media, "source": "Wikimedia Commons"}
    if kind == "audio":
        return {**out, "audio_src": media, "length": length}
    return {**out, "template": "file.html", "filename": unquote(urlsplit(media).path.rsplit("/", 1)[-1]),
            "size": file_size(info.get("size")), "mimetype": mime, "embedded": media,
            "thumbnail": info.get("thumburl") or ""}


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "wikicommons", bot_pages=False)
    if not isinstance(data, dict) or "error" in data:
        raise EngineParseError(f"Commons API error: {data.get('error') if isinstance(data, dict) else data!r}")
    kind = resp.search_params["engine"].settings.get("wc_search_type") or "image"
    return [_item(kind, page, info) for page in _pages(data)
            if (info := (page.get("imageinfo") or [{}])[0]).get("url")]
