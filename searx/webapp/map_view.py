"""What a results page with places needs for their maps: where the tiles come from, and the origin
the page's policy must name for them.

Pure (no request): the page passes in the ``map:`` settings, its results and whether the user's
pictures go through the image proxy. Proxied, the map asks this instance (``/map_tile/{z}/{x}/{y}``)
and the policy names no other host; else it asks the tile server, and the policy names its origin.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from searx.proxy.tiles import ROUTE_TEMPLATE
from searx.results.types import MainResult, MapResult
from searx.settings_sections import MapSettings
from searx.webapp.media import origin

# a place's outline is put on the page only up to this size (a country's can be megabytes);
# a larger one is drawn as its bounding box
MAX_GEOJSON = 20_000


@dataclass(frozen=True)
class MapView:
    tiles: str  # the URL template the map loads tiles from
    origin: str  # what the CSP must allow for them ("" when they come from this instance)
    max_zoom: int
    attribution: str
    attribution_url: str
    max_geojson: int = MAX_GEOJSON


def map_view(conf: MapSettings, results: Sequence[MainResult], *, proxied: bool) -> MapView | None:
    """The page's map settings, or None when no result is a place with coordinates (no map offered)."""
    if not any(isinstance(r, MapResult) and r.latitude is not None and r.longitude is not None for r in results):
        return None
    return MapView(tiles=ROUTE_TEMPLATE if proxied else conf.tile_url,
                   origin="" if proxied else origin(conf.tile_url), max_zoom=conf.max_zoom,
                   attribution=conf.attribution, attribution_url=conf.attribution_url)
