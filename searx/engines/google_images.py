"""Google image search through Google's WML page (``/wml/search?tbm=isch``, see ``google``).

Each hit is a ``/imgres?`` link: the picture (``imgurl``), the page it is on
(``imgrefurl``), its size (``w``, ``h``) and Google's thumbnail id
(``tbnid``). Supports paging, the interface language (``hl``), time range and
safe search (``safe=active``). Not supported: a language or country
restriction (the WML image page ignores ``lr``/``cr``), nor Google's size,
colour, type and licence filters.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from searx.enginelib.params import EngineParams, SearchResponse
from searx.engines import google

base_url = "https://www.google.com"
categories = ["images", "web"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 3.0
about = {"website": "https://images.google.com", "results": "HTML", "use_official_api": False}

# safe=images asks for no filter (upstream's value), active for both filtering levels
_SAFE = {0: "images", 1: "active", 2: "active"}


def request(query: str, params: EngineParams) -> None:
    google.wml_request(query, params, {"tbm": "isch"}, restrict=False, safe=_SAFE)


def response(resp: SearchResponse) -> list[dict[str, Any]]:
    tree = google.wml_tree(resp)
    results = []
    for href in tree.xpath('//a[contains(@href, "/imgres?")]/@href'):
        args = {k: v[0] for k, v in parse_qs(urlsplit(str(href)).query).items()}
        img, page = args.get("imgurl", ""), args.get("imgrefurl", "")
        if not img or not page:
            continue
        width, height = args.get("w", ""), args.get("h", "")
        results.append({
            "template": "images.html",
            "url": page,
            "title": unquote(urlsplit(img).path.rsplit("/", 1)[-1]) or urlsplit(page).netloc,
            "img_src": img,
            "thumbnail_src": f"https://encrypted-tbn0.gstatic.com/images?q=tbn:{args.get('tbnid', '')}",
            "resolution": f"{width} x {height}" if width and height else "",
            "source": urlsplit(page).netloc,
        })
    return results or google.no_results(resp, tree, "google_images")
