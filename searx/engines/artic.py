"""The Art Institute of Chicago: artworks of its collection through its public API.

``/api/v1/artworks/search`` with the fields the results need; pictures come from
the museum's IIIF image server (``image_api``: 843 px wide, the size it recommends,
and 400 px thumbnails). Artworks without a picture are left out. Supports paging
(``page_size`` a page). Not supported: language, time range and safe search (the
API has none), nor the API's own filters (departments, dates, public domain only).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

from searx.enginelib.html_parse import json_body
from searx.errors import EngineParseError

search_api = "https://api.artic.edu/api/v1/artworks/search?"  # SearXNG's key
image_api = "https://www.artic.edu/iiif/2/"  # SearXNG's key
categories = ["images"]
paging = True
page_size = 20  # results a page
timeout = 4.0
about = {"website": "https://www.artic.edu", "results": "JSON", "use_official_api": True}

_FIELDS = "id,title,artist_display,medium_display,image_id,date_display,dimensions,artist_titles,thumbnail"


def request(query: str, params: dict[str, Any]) -> None:
    conf = params["engine"].settings
    args = {"q": query, "page": params["pageno"], "fields": _FIELDS, "limit": int(conf.get("page_size") or page_size)}
    params["headers"]["Accept"] = "application/json"
    params["url"] = f"{str(conf['search_api']).rstrip('?')}?{urlencode(args)}"


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "artic")
    if not isinstance(data, dict) or not isinstance(data.get("data"), list):
        raise EngineParseError(f"artic: no data list in the answer ({data.get('detail') if isinstance(data, dict) else ''})")
    images = str(resp.search_params["engine"].settings["image_api"]).rstrip("/")
    results = []
    for art in data["data"]:
        if not isinstance(art, dict) or not art.get("image_id") or not art.get("id"):
            continue
        thumb: dict[str, Any] = art["thumbnail"] if isinstance(art.get("thumbnail"), dict) else {}
        parts = (art.get("date_display"), art.get("medium_display"), art.get("dimensions"))
        results.append({
            "template": "images.html", "url": f"https://www.artic.edu/artworks/{quote(str(art['id']))}",
            "title": art.get("title") or "", "content": " · ".join(str(p) for p in parts if p),
            "author": ", ".join(art.get("artist_titles") or []) or str(art.get("artist_display") or ""),
            "img_src": f"{images}/{quote(str(art['image_id']))}/full/843,/0/default.jpg",
            "thumbnail_src": f"{images}/{quote(str(art['image_id']))}/full/400,/0/default.jpg",
            "resolution": f"{thumb['width']} x {thumb['height']}" if thumb.get("width") and thumb.get("height") else "",
            "img_format": "JPEG", "source": "Art Institute of Chicago",
        })
    return results
