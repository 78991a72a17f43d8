"""OpenStreetMap places through Nominatim's search API (``/search``, ``format=jsonv2``).

Each place is a map result (``map.html``): coordinates, bounding box, outline
(GeoJSON), address parts, OSM type and id, links (website, Wikipedia,
Wikidata, social media) and a few facts (opening hours, cuisine, wheelchair
access, phone, ...). A query "A to B" also gets SearXNG's route answer
(GraphHopper). Names come in the search language (``Accept-Language``). Not
supported: paging, safe search, time range, and the pictures and labels
SearXNG reads from Wikidata (that would be another request per search).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote, quote_plus, urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body, locale
from searx.errors import EngineParseError

base_url = "https://nominatim.openstreetmap.org"
categories = ["map"]
language_support = True
timeout = 3.0
route_url = "https://graphhopper.com/maps"
about = {"website": "https://www.openstreetmap.org/", "results": "JSON", "use_official_api": True,
         "official_api_documentation": "https://nominatim.org/release-docs/latest/api/Search/"}

_ROUTE = (re.compile(r"from\s+(.*)\s+to\s+(.+)"), re.compile(r"\s*(.*)\s+to\s+(.+)"))
_OSM = "https://openstreetmap.org/{}/{}"
_AT = "https://www.openstreetmap.org/?mlat={lat}&mlon={lon}&zoom=12&layers=M"
# where a place's own name is in the address: its category for these, else its type
_NAMED_BY_CATEGORY = ("amenity", "shop", "tourism", "leisure")
_HTTPS = ("facebook", "contact:facebook", "contact:instagram", "contact:mastodon", "contact:linkedin",
          "contact:telegram", "contact:twitter", "contact:youtube", "contact:tripadvisor", "contact:yelp")
# the facts shown, in this order ("payment:*": every payment key)
KEY_ORDER = ("cuisine", "organic", "delivery", "opening_hours", "fee", "payment:*", "currency:*", "outdoor_seating",
             "wheelchair", "level", "building:levels", "internet_access:ssid", "phone", "contact:phone", "email",
             "contact:email")
_RANK = {k: i for i, k in enumerate(KEY_ORDER)}


def request(query: str, params: dict[str, Any]) -> None:
    args = {"q": query, "polygon_geojson": 1, "format": "jsonv2", "addressdetails": 1, "extratags": 1, "dedupe": 1}
    params["url"] = f"{_base_url(params)}/search?{urlencode(args)}"
    lang, region = locale(params.get("language"))
    if lang:
        params["headers"]["Accept-Language"] = f"{lang}-{region}" if region else lang


def _route(query: str, url: str) -> dict[str, str] | None:
    found = _ROUTE[0].findall(query) or _ROUTE[1].findall(query)
    if not found:
        return None
    start, end = (quote_plus(p) for p in found[0])
    return {"answer": "Show route in map ..", "url": f"{url}/?point={start}&point={end}"}


def _title_address(place: dict[str, Any]) -> tuple[str, dict[str, str]]:
    raw: dict[str, Any] = place["address"] if isinstance(place.get("address"), dict) else {}
    category = place.get("category")
    if category in _NAMED_BY_CATEGORY:
        name = raw.get("address29") or raw.get(category)  # address29: Nominatim issue 1662
    else:
        name = raw.get(place.get("type", ""))
    if not name:
        return str(place.get("display_name") or ""), {}
    parts = {"name": name, "house_number": raw.get("house_number"), "road": raw.get("road"),
             "locality": raw.get("city") or raw.get("town") or raw.get("village"), "postcode": raw.get("postcode"),
             "country": raw.get("country"), "country_code": raw.get("country_code")}
    return str(name), {k: str(v) for k, v in parts.items() if v}


def _links(tags: dict[str, str]) -> list[dict[str, str]]:
    links = []
    for key in ("website", "contact:website"):
        if tags.get(key):
            links.append({"label": key, "url": tags[key].split(";")[0].strip()})
    if ":" in tags.get("wikipedia", ""):
        lang, title = tags["wikipedia"].split(":", 1)
        if lang.isalpha():
            links.append({"label": "wikipedia", "url": f"https://{lang}.wikipedia.org/wiki/{quote(title.replace(' ', '_'))}"})
    if tags.get("wikidata", "").startswith("Q"):
        links.append({"label": "wikidata", "url": "https://wikidata.org/wiki/" + tags["wikidata"]})
    for key in _HTTPS:
        if tags.get(key, "").startswith(("http://", "https://")):
            links.append({"label": key, "url": "https://" + tags[key].split("://", 1)[1]})
    return links


def _rank(key: str) -> int | None:
    return _RANK.get(key, _RANK.get(key.split(":")[0] + ":*"))


def _data(tags: dict[str, str]) -> list[dict[str, str]]:
    facts = [{"label": k, "key": k, "value": str(v)} for k, v in tags.items() if _rank(k) is not None and v]
    return sorted(facts, key=lambda f: (_rank(f["key"]), f["key"]))


def _point(place: dict[str, Any]) -> list[float] | None:
    try:
        return [float(place["lon"]), float(place["lat"])]
    except (TypeError, ValueError):
        return None


def _place(place: dict[str, Any]) -> dict[str, Any] | None:
    title, address = _title_address(place)
    if not title or "lat" not in place or "lon" not in place:
        return None
    osm_type = str(place.get("osm_type") or "")
    if place.get("osm_id") and osm_type in ("node", "way", "relation"):
        url, osm = _OSM.format(osm_type, place["osm_id"]), {"type": osm_type, "id": str(place["osm_id"])}
    else:  # Nominatim issue 1521: some places (postcodes) have no OSM object
        url, osm = _AT.format(lat=place["lat"], lon=place["lon"]), {}
    geojson = place.get("geojson") if isinstance(place.get("geojson"), dict) else None
    if geojson is None and osm_type == "node" and (point := _point(place)):
        geojson = {"type": "Point", "coordinates": point}
    tags = {k: str(v) for k, v in (place.get("extratags") or {}).items() if v is not None}
    return {
        "template": "map.html", "url": url, "title": title, "content": "", "address": address,
        "address_label": "", "osm": osm, "geojson": geojson, "links": _links(tags), "data": _data(tags),
        "thumbnail": tags.get("image", ""), "latitude": place["lat"], "longitude": place["lon"],
        "boundingbox": place.get("boundingbox") or [],
    }


def response(resp: Any) -> list[dict[str, Any]]:
    places = json_body(resp, "openstreetmap", bot_pages=False)
    if not isinstance(places, list):
        raise EngineParseError("Nominatim's answer is not a list of places")
    conf = resp.search_params["engine"].settings
    route = _route(resp.search_params["query"], str(conf.get("route_url") or route_url))
    results: list[dict[str, Any]] = [route] if route else []
    return results + [r for p in places if isinstance(p, dict) and (r := _place(p))]
