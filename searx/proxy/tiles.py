"""Map tiles through the instance: one tile ``z/x/y`` of the configured tile server, never any other URL.

``/map_tile/<z>/<x>/<y>`` serves what ``TileFetcher.tile`` returns: the
coordinates are checked (``0 <= x, y < 2**z``, ``z <= map.max_zoom``) and put
into ``map.tile_url``, so the route cannot be pointed anywhere else (no open
proxy). The fetch is the image proxy's (``ImageFetcher``: every hop through the
address guard, the type read from the bytes, a size cap); the tile is kept in
the store for ``map.tile_cache_ttl`` seconds, so a tile many users look at is
asked once, as tile servers' usage policies ask (in a pool of its own,
``map.tile_cache_bytes``: a crawl of every tile pushes out only tiles).
"""

from __future__ import annotations

import hashlib
import logging
import re
from urllib.parse import urlsplit

from searx.errors import SettingsError
from searx.proxy.errors import ImageError
from searx.proxy.images import Image, ImageFetcher, sniff
from searx.settings_sections import MapSettings
from searx.store import Pool, Store, StoreError, pool

log = logging.getLogger("searx.proxy.tiles")

PATH = "/map_tile"
ROUTE_TEMPLATE = PATH + "/{z}/{x}/{y}"
_FIELD = re.compile(r"\{([^{}]*)\}")
_FIELDS = {"z", "x", "y"}


def check_settings(conf: MapSettings) -> None:
    """``map.tile_url`` an http(s) URL template with exactly {z}, {x} and {y}; sane numbers."""
    url = conf.tile_url
    fields = set(_FIELD.findall(url))
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError as exc:
        raise SettingsError(f"map.tile_url: not a URL: {exc}") from exc
    if parts.scheme not in ("http", "https") or not parts.hostname or "{" in parts.netloc or "@" in parts.netloc:
        raise SettingsError("map.tile_url: an http(s) URL with a fixed host, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png")
    if fields != _FIELDS or url.count("{") != 3:
        raise SettingsError("map.tile_url: needs {z}, {x} and {y}, once each, and no other {field}")
    if not 0 <= conf.max_zoom <= 22:
        raise SettingsError("map.max_zoom: 0 to 22")
    if conf.attribution_url and urlsplit(conf.attribution_url).scheme not in ("http", "https"):
        raise SettingsError("map.attribution_url: an http(s) URL, or empty")
    if conf.tile_cache_ttl < 0 or conf.max_tile_bytes < 1024:
        raise SettingsError("map.tile_cache_ttl must be 0 or more, map.max_tile_bytes at least 1024")
    if conf.tile_cache_bytes < conf.max_tile_bytes:
        raise SettingsError("map.tile_cache_bytes: at least map.max_tile_bytes (one tile)")


def in_range(z: int, x: int, y: int, max_zoom: int) -> bool:
    """Whether ``z/x/y`` is a tile of the Web Mercator pyramid up to ``max_zoom``."""
    return 0 <= z <= max_zoom and 0 <= x < 2**z and 0 <= y < 2**z


def tile_url(template: str, z: int, x: int, y: int) -> str:
    return template.replace("{z}", str(z)).replace("{x}", str(x)).replace("{y}", str(y))


class TileFetcher:
    """``tile(z, x, y)`` -> ``Image``; raises ImageError (404 outside the pyramid, else the fetcher's)."""

    def __init__(self, conf: MapSettings, fetcher: ImageFetcher, store: Store) -> None:
        self.conf = conf
        self.fetcher = fetcher
        self.store = pool(store, Pool("tiles", conf.tile_cache_bytes))
        # one cache per tile server: a changed tile_url never serves the old server's tiles
        self._prefix = "tile:" + hashlib.sha256(conf.tile_url.encode()).hexdigest()[:12] + ":"

    def tile(self, z: int, x: int, y: int, *, client: str | None = None) -> Image:
        """``client``: the pseudonym of who asked, for the pictures' slots (a tile kept in the store needs none)."""
        if not in_range(z, x, y, self.conf.max_zoom):
            raise ImageError("not_found", "no such tile")
        key = f"{self._prefix}{z}/{x}/{y}"
        cached = self._cached(key)
        if cached is not None:
            return cached
        image = self.fetcher.fetch(tile_url(self.conf.tile_url, z, x, y), client=client)
        if self.conf.tile_cache_ttl:
            try:
                self.store.set(key, image.body, self.conf.tile_cache_ttl)
            except StoreError as exc:
                log.warning("map tile not cached: %s", exc)
        return image

    def _cached(self, key: str) -> Image | None:
        if not self.conf.tile_cache_ttl:
            return None
        try:
            body = self.store.get(key)
        except StoreError as exc:
            log.warning("map tile cache not read: %s", exc)
            return None
        kind = sniff(body[:16]) if body else None
        return Image(kind, body) if kind and body else None
