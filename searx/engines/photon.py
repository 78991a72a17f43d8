"""Photon (komoot's OpenStreetMap geocoder): places through its API (``/api/?q=``, GeoJSON).

Each feature with an OSM type is a map result (``map.html``): coordinates,
bounding box (from ``extent``), the point as GeoJSON, OSM type and id, and
the address of a named amenity, shop, tourism or leisure place. Photon names
places in German, English, French or Italian (``lang``); other languages get
its default. Sends the instance's own User-Agent, as SearXNG does. Not
supported: paging, safe search, time range.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from searx import __version__
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body, locale
from searx.errors import EngineParseError

base_url = "https://photon.komoot.io"
categories = ["map"]
language_support = True
timeout = 3.0
page_size = 10
about = {"website": "https://photon.komoot.io", "results": "JSON", "use_official_api": True,
         "official_api_documentation": "https://photon.komoot.io/"}

LANGUAGES = ("de", "en", "fr", "it")
_OSM = "https://openstreetmap.org/{}/{}"
_TYPES = {"N": "node", "W": "way", "R": "relation"}
_NAMED = ("amenity", "shop", "tourism", "leisure")


def request(query: str, params: dict[str, Any]) -> None:
    args: dict[str, Any] = {"q": query, "limit": int(params["engine"].settings.get("page_size") or page_size)}
    lang, _ = locale(params.get("language"))
    if lang in LANGUAGES:
        args["lang"] = lang
    params["url"] = f"{_base_url(params)}/api/?{urlencode(args)}"
    params["headers"]["User-Agent"] = f"searx-ai/{__version__}"


def _point(geometry: Any) -> tuple[float, float] | None:
    """(longitude, latitude) of a GeoJSON point."""
    if not isinstance(geometry, dict) or geometry.get("type") != "Point":
        return None
    coords = geometry.get("coordinates")
    if not isinstance(coords, list) or len(coords) < 2:
        return None
    lon, lat = coords[0], coords[1]
    ok = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (lon, lat))
    return (float(lon), float(lat)) if ok else None


def _address(props: dict[str, Any]) -> dict[str, str]:
    if props.get("osm_key") not in _NAMED or not props.get("name"):
        return {}
    parts = {"name": props.get("name"), "house_number": props.get("housenumber"), "road": props.get("street"),
             "locality": props.get("city") or props.get("town") or props.get("village"),
             "postcode": props.get("postcode"), "country": props.get("country")}
    return {k: str(v) for k, v in parts.items() if v}


def _place(feature: dict[str, Any]) -> dict[str, Any] | None:
    props = feature.get("properties")
    geometry = feature.get("geometry")
    point = _point(geometry)
    if not isinstance(props, dict) or point is None or props.get("osm_type") not in _TYPES or not props.get("osm_id"):
        return None
    osm_type, osm_id = _TYPES[props["osm_type"]], str(props["osm_id"])
    lon, lat = point
    extent = props.get("extent")
    # Photon's extent is [west, north, east, south]; a bounding box is [south, north, west, east]
    box = [extent[3], extent[1], extent[0], extent[2]] if isinstance(extent, list) and len(extent) == 4 else [lat, lat, lon, lon]
    return {
        "template": "map.html", "url": _OSM.format(osm_type, osm_id), "title": str(props.get("name") or ""),
        "content": "", "latitude": lat, "longitude": lon, "boundingbox": box, "geojson": geometry,
        "address": _address(props), "osm": {"type": osm_type, "id": osm_id},
    }


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "photon", bot_pages=False)
    if not isinstance(data, dict) or not isinstance(data.get("features"), list):
        raise EngineParseError("Photon's answer is not a GeoJSON FeatureCollection")
    return [r for f in data["features"] if isinstance(f, dict) and (r := _place(f))]
