"""Devicon: icons of programming languages and development tools, from the set's own index.

The index (``devicon.json`` on the jsDelivr CDN, ``cdn_base_url``) is read once and
kept as the engine's token; later searches only ask whether it changed (a 304) and
search the kept copy (``searx/enginelib/icon_index.py``). An icon matches when a word
of the query is part of its name, other names or tags; each of its SVG versions
(plain, original, line, wordmark...) is one picture. Supports paging (``page_size``
pictures a page). Not supported: language, time range and safe search (an icon set has
none); with the image proxy on, the icons show as their names only (the proxy never
serves SVG).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import quote

from searx.enginelib import icon_index
from searx.enginelib.icon_index import token_required, token_scope  # noqa: F401 - the engine's token hooks

cdn_base_url = "https://cdn.jsdelivr.net/gh/devicons/devicon@latest"
categories = ["images", "icons"]
paging = True
page_size = 20  # pictures a page
timeout = 3.0
token_ttl = 7 * 86400.0  # how long the kept index is revalidated instead of read again
about = {"website": "https://devicon.dev/", "results": "JSON", "use_official_api": True}


def request(query: str, params: dict[str, Any]) -> None:
    icon_index.request(params, "devicon.json")


def _lines(data: Any) -> Iterable[icon_index.Line]:
    for icon in data:
        terms = ", ".join([*icon.get("altnames", []), *icon.get("tags", [])])
        for version in (icon.get("versions") or {}).get("svg") or []:
            yield icon["name"], terms, (version,)  # one line a picture: pages count pictures


def response(resp: Any) -> list[dict[str, Any]]:
    icons, token = icon_index.page(resp, _lines, page_size)
    cdn = icon_index.cdn(resp.search_params)
    results = []
    for name, terms, version in icons:
        src = f"{cdn}/icons/{quote(name)}/{quote(name)}-{quote(version)}.svg"
        results.append({"template": "images.html", "url": src, "title": f"{name} ({version})", "content": terms,
                        "img_src": src, "thumbnail_src": src, "img_format": "SVG", "source": "Devicon"})
    return results + token
