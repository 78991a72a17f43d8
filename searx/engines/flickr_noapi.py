"""Flickr photos from its search page, without the API (the data its page hydrates).

``/search?text=`` with the page and an upload-date range for the time range; the
photos are in the page's ``modelExport: {...}`` literal: ``legend`` lists the path of
each photo in ``main``. The largest size is the picture, the 320 px (``n``) or 640 px
(``z``) one the thumbnail. Titles and descriptions come JavaScript-escaped
(``%uXXXX``) and are decoded. A page without that data is a bot check or block when
it carries one's markers, else a parse error. Not supported: language, safe search,
and the Flickr API (``flickr``, which needs a key).
"""

from __future__ import annotations

import re
import time
from typing import Any
from urllib.parse import quote, unquote, urlencode

from searx.enginelib import time_range
from searx.enginelib.embedded_data import json_after
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import strip_tags, unparsable
from searx.errors import EngineParseError

base_url = "https://www.flickr.com"
categories = ["images"]
paging = True
time_range_support = True
safesearch = False
about = {"website": "https://www.flickr.com", "results": "HTML", "use_official_api": False}

# from the largest size to the smallest (Flickr's size letters)
_SIZES = ("o", "k", "h", "b", "c", "z", "m", "n", "w", "t", "q", "s")
_UNICODE_ESCAPE = re.compile(r"%u([0-9a-fA-F]{4})")


def request(query: str, params: dict[str, Any]) -> None:
    args: dict[str, Any] = {"text": query, "page": params["pageno"]}
    if days := time_range.days(params, month=28, year=364):  # Flickr's: four weeks, 52 weeks
        now = int(time.time())
        args.update(min_upload_date=now - days * 86400, max_upload_date=now)
    params["url"] = f"{_base_url(params)}/search?{urlencode(args)}"


def _text(value: Any) -> str:
    # JavaScript's escape(): %uXXXX and %XX
    return unquote(_UNICODE_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), str(value or "")))


def _photos(model: dict[str, Any]) -> list[dict[str, Any]]:
    photos = []
    for path in model.get("legend") or []:
        node: Any = model.get("main")
        try:
            for step in path:
                node = node[int(step)] if isinstance(node, list) else node[step]
        except (KeyError, IndexError, TypeError, ValueError):
            continue
        if isinstance(node, dict):
            photos.append(node)
    return photos


def response(resp: Any) -> list[dict[str, Any]]:
    try:
        model = json_after(resp.text, "modelExport:")
    except EngineParseError:
        raise unparsable(resp, "flickr: no modelExport data on the page") from None
    if not isinstance(model, dict) or "main" not in model:
        raise EngineParseError("flickr: modelExport without its main models")
    base, results = _base_url(resp.search_params), []
    for photo in _photos(model):
        sizes = (photo.get("sizes") or {}).get("data") or {}
        size = next(((sizes[s].get("data") or {}) for s in _SIZES if isinstance(sizes.get(s), dict)), {})
        if not size.get("url"):
            continue
        thumb = next(((sizes[s].get("data") or {}).get("url") for s in ("n", "z") if isinstance(sizes.get(s), dict)),
                     size["url"])
        owner = photo.get("ownerNsid")
        source = _text(photo.get("username"))
        results.append({
            "template": "images.html", "img_src": size["url"], "thumbnail_src": thumb,
            "url": f"{base}/photos/{quote(str(owner), safe='@')}/{quote(str(photo['id']))}" if owner and photo.get("id")
            else size["url"],
            "title": _text(photo.get("title")), "content": strip_tags(_text(photo.get("description"))),
            "author": _text(photo.get("realname")), "source": f"{source} @ Flickr" if source else "Flickr",
            "resolution": f"{size['width']} x {size['height']}" if size.get("width") else "",
        })
    return results
