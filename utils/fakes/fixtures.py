"""The image engines' test answers (tests/engines/fixtures/) served by the fake engine.

``/fixture/<site>/<path>`` answers with the fixture that site's engine parses, so the
Chromium tests and ``make bench`` run the engines' real parsers on their fixtures over
loopback. Point the engine's URL setting at ``<fake engine>/fixture/<site>`` (see
``entries``). The icon sets answer 304 to a request carrying their ETag, as their CDN
does, and serve every ``icons/...svg`` as a small SVG, Startpage's ``/av/proxy-image``
as a PNG (both after ``PIC_DELAY`` seconds); the pictures named in the answers stay on
their real hosts (the Chromium driver stubs them).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from utils.fakes.media import PNG

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "engines" / "fixtures"
JSON, HTML = "application/json", "text/html"
ETAG = 'W/"fixture-index-1"'
SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" '
       b'stroke="currentColor" stroke-width="2"><circle cx="12" cy="12" r="9"/><path d="M8 12h8"/></svg>')
# site -> (path prefix, fixture, content type); the longest prefix wins
SITES: dict[str, tuple[tuple[str, str, str], ...]] = {
    "openverse": (("", "openverse/v1-images_red-panda_reconstructed.json", JSON),),
    "artic": (("", "artic/artworks-search_water_reconstructed.json", JSON),),
    "unsplash": (("", "unsplash/napi-search-photos_cats_reconstructed.json", JSON),),
    "pexels": (("", "pexels/en-us-api-v3-search-photos_cats_reconstructed.json", JSON),),
    "flickr": (("", "flickr_noapi/search_red-panda_reconstructed.html", HTML),),
    "pinterest": (("", "pinterest/BaseSearchResource_red-panda_reconstructed.json", JSON),),
    "devicons": (("devicon.json", "devicons/devicon_2.17.0_npm.json", JSON),),
    "lucide": (("tags.json", "lucide/tags_1.62.0_npm.json", JSON),),
    # the home page carries form#search with the sc code, /sp/search the vertical's page
    "startpage": (("", "startpage/results_javascript-tutorial_2026-04_http_prettier.html", HTML),
                  ("sp/search", "startpage/images_red-panda_reconstructed.html", HTML)),
    "brave": (("images", "brave/images_red-panda_reconstructed.html", HTML),),
}


@cache
def _body(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def answer(path: str, headers: Any) -> tuple[int, bytes, str, dict[str, str]] | None:
    """(status, body, content type, headers) for ``/fixture/<site>/<rest>``, or None."""
    site, _, rest = path.removeprefix("/fixture/").partition("/")
    if not path.startswith("/fixture/") or site not in SITES:
        return None
    if rest.startswith("icons/") and rest.endswith(".svg"):
        return 200, SVG, "image/svg+xml", {}
    if rest.startswith("av/proxy-image"):
        return 200, PNG, "image/png", {}
    prefix, name, ctype = max((r for r in SITES[site] if rest.startswith(r[0])), key=lambda r: len(r[0]))
    if site in ("devicons", "lucide"):
        if headers.get("If-None-Match") == ETAG:
            return 304, b"", ctype, {"ETag": ETAG}
        return 200, _body(name), ctype, {"ETag": ETAG}
    return 200, _body(name), ctype, {}


def entries(base: str, **extra: Any) -> list[dict[str, Any]]:
    """Settings entries of the image engines on this fake (``base``: the fake engine's URL)."""
    at = f"{base}/fixture"
    conf = [
        ("openverse", "openverse", {"base_url": f"{at}/openverse/"}),
        ("artic", "artic", {"search_api": f"{at}/artic/search?"}),
        ("unsplash", "unsplash", {"base_url": f"{at}/unsplash/"}),
        ("pexels", "pexels", {"base_url": f"{at}/pexels", "api_key": "fixture-key"}),
        ("flickr", "flickr_noapi", {"base_url": f"{at}/flickr"}),
        ("pinterest", "pinterest", {"base_url": f"{at}/pinterest"}),
        ("devicons", "devicons", {"cdn_base_url": f"{at}/devicons"}),
        ("lucide", "lucide", {"cdn_base_url": f"{at}/lucide"}),
        ("startpage images", "startpage", {"base_url": f"{at}/startpage", "startpage_categ": "images"}),
        ("brave.images", "brave", {"base_url": f"{at}/brave", "brave_category": "images"}),
    ]
    return [{"name": name, "engine": module, "shortcut": f"fx{i}", "categories": ["images"], "enable_http": True,
             "timeout": 5.0, **keys, **extra} for i, (name, module, keys) in enumerate(conf)]
