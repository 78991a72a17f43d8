"""The map engines (openstreetmap through Nominatim, photon): what they ask, the places they
parse (SearXNG's map fields), their bad cases, and each one unchanged through the whole app
against its real request URL (upstream-hosts double)."""

from __future__ import annotations

from functools import partial
from typing import Any

import engine_kit
import pytest
from engine_kit import args, build, fixture

from searx import settings as settings_mod
from searx.errors import EngineParseError
from searx.results.types import MapResult, from_engine_item
from tests.upstream_hosts import Reply

NOMINATIM = "openstreetmap/nominatim-search-jsonv2_brandenburger-tor_built-from-api-docs.json"
PHOTON = "photon/api-search_brandenburger-tor_built-from-api-docs.json"
OSM_ENTRY = {"name": "openstreetmap", "engine": "openstreetmap", "shortcut": "osm", "categories": ["map"]}
PHOTON_ENTRY = {"name": "photon", "engine": "photon", "shortcut": "ph", "categories": ["map"]}


parse = partial(engine_kit.parse, query="brandenburger tor", content_type="application/json")


def places(module: str, items: list) -> list[MapResult]:
    out = [from_engine_item(i, module, "map") for i in items if "url" in i]
    assert all(isinstance(r, MapResult) for r in out), out
    return out  # type: ignore[return-value]


search = partial(engine_kit.search_json, category="map")


# --- requests ------------------------------------------------------------------------


def test_openstreetmap_asks_nominatim_as_searxng_does() -> None:
    p = build("openstreetmap", "Brandenburger Tor", language="de-DE", pageno=2, safesearch=2, time_range="day")
    assert p["url"].startswith("https://nominatim.openstreetmap.org/search?")
    assert args(p["url"]) == {"q": "Brandenburger Tor", "polygon_geojson": "1", "format": "jsonv2",
                              "addressdetails": "1", "extratags": "1", "dedupe": "1"}
    assert p["headers"]["Accept-Language"] == "de-DE"
    assert "Accept-Language" not in build("openstreetmap", language="all")["headers"]


def test_photon_asks_in_its_four_languages_with_the_instance_user_agent() -> None:
    p = build("photon", "Brandenburger Tor", language="fr-FR", pageno=2, safesearch=1, time_range="week")
    assert p["url"].startswith("https://photon.komoot.io/api/?")
    assert args(p["url"]) == {"q": "Brandenburger Tor", "limit": "10", "lang": "fr"}
    assert p["headers"]["User-Agent"].startswith("searx-ai/")
    assert "lang" not in args(build("photon", language="ja-JP")["url"])
    assert "lang" not in args(build("photon", language="all")["url"])


# --- parsing ---------------------------------------------------------------------------


def test_openstreetmap_places_carry_searxng_map_fields() -> None:
    gate, cafe, postcode = places("openstreetmap", parse("openstreetmap", fixture(NOMINATIM)))
    assert (gate.url, gate.title, gate.template) == ("https://openstreetmap.org/way/518071791", "Brandenburger Tor",
                                                     "map.html")
    assert (gate.latitude, gate.longitude) == (52.5162699, 13.3777034)
    assert gate.boundingbox == [52.516087, 52.51645, 13.3775512, 13.3778502]
    assert gate.osm == {"type": "way", "id": "518071791"} and gate.geojson and gate.geojson["type"] == "Polygon"
    assert gate.address == {"name": "Brandenburger Tor", "road": "Pariser Platz", "locality": "Berlin",
                            "postcode": "10117", "country": "Deutschland", "country_code": "de"}
    assert [link["url"] for link in gate.links] == [
        "https://www.berlin.de/sehenswuerdigkeiten/3560266-3558930-brandenburger-tor.html",
        "https://de.wikipedia.org/wiki/Brandenburger_Tor", "https://wikidata.org/wiki/Q82425"]
    assert [(d["key"], d["value"]) for d in gate.data] == [("opening_hours", "24/7"), ("wheelchair", "yes")]
    assert gate.thumbnail.startswith("https://upload.wikimedia.org/")
    assert cafe.address["house_number"] == "3" and cafe.geojson == {"type": "Point",
                                                                  "coordinates": [13.3790823, 52.5163558]}
    assert [d["key"] for d in cafe.data] == ["cuisine", "opening_hours", "payment:cash", "payment:credit_cards",
                                             "outdoor_seating", "phone", "email"]
    assert [link["url"] for link in cafe.links] == ["https://www.example-cafe-pariser-platz.de/",
                                                    "https://www.instagram.com/cafe_pariserplatz"]
    assert postcode.title == "10117, Mitte, Berlin, Deutschland" and postcode.osm == {} and postcode.address == {}
    assert postcode.url == "https://www.openstreetmap.org/?mlat=52.5173895&mlon=13.3872018&zoom=12&layers=M"


def test_openstreetmap_route_answer_for_a_to_b() -> None:
    items = parse("openstreetmap", b"[]", query="from Berlin Hbf to Potsdam")
    assert items == [{"answer": "Show route in map ..",
                      "url": "https://graphhopper.com/maps/?point=Berlin+Hbf&point=Potsdam"}]
    assert parse("openstreetmap", b"[]", query="Brandenburger Tor") == []


def test_openstreetmap_empty_and_changed_answers() -> None:
    assert parse("openstreetmap", fixture("openstreetmap/nominatim-search-jsonv2_no-results_2021-06_extracted-from-php-cache.json")) == []
    with pytest.raises(EngineParseError, match="Nominatim's answer is not a list"):
        parse("openstreetmap", b'{"error": {"code": 400, "message": "Parameter \'q\' not allowed"}}')
    with pytest.raises(EngineParseError, match="openstreetmap: the answer is not JSON"):
        parse("openstreetmap", b"<html><title>Access blocked</title></html>")
    odd = b'[{"osm_type": "node", "osm_id": 1, "category": "x", "type": "y", "display_name": "P", "lat": "n/a", "lon": "1"}]'
    (place,) = places("openstreetmap", parse("openstreetmap", odd))
    assert place.latitude is None and place.geojson is None, "a coordinate that is no number is left out"


def test_photon_features_are_places() -> None:
    gate, cafe, station = places("photon", parse("photon", fixture(PHOTON)))  # the unknown osm_type is left out
    assert (gate.url, gate.osm) == ("https://openstreetmap.org/way/518071791", {"type": "way", "id": "518071791"})
    assert gate.boundingbox == [52.516087, 52.51645, 13.3775512, 13.3778502], "from extent [w, n, e, s]"
    assert (gate.latitude, gate.longitude) == (52.5162699, 13.3777034)
    assert gate.address["name"] == "Brandenburger Tor" and gate.geojson == {"coordinates": [13.3777034, 52.5162699],
                                                                              "type": "Point"}
    assert cafe.boundingbox == [52.5163558, 52.5163558, 13.3790823, 13.3790823] and cafe.address["house_number"] == "3"
    assert station.address == {}, "a railway station is not an amenity, shop, tourism or leisure place"


def test_photon_empty_and_changed_answers() -> None:
    assert parse("photon", fixture("photon/api-search_no-results_2020-11_extracted-from-php-cache.json")) == []
    with pytest.raises(EngineParseError, match="not a GeoJSON FeatureCollection"):
        parse("photon", b'{"message": "missing search term \'q\': /api?q=berlin"}')
    with pytest.raises(EngineParseError, match="not JSON"):
        parse("photon", b"<html>502 Bad Gateway</html>")


def test_default_settings_ship_the_map_entries() -> None:
    data = settings_mod.validate(settings_mod.merge(settings_mod._read_yaml(settings_mod.DEFAULT_PATH), None))
    entries = {e["name"]: e for e in data.engines}
    assert (entries["openstreetmap"]["shortcut"], entries["photon"]["shortcut"]) == ("osm", "ph")
    assert all(entries[n]["categories"] == ["map"] and not entries[n].get("disabled") for n in ("openstreetmap", "photon"))


# --- through the whole app, against the real URLs -------------------------------------------


def test_openstreetmap_through_the_app(engine_client: Any, hosts: Any) -> None:
    hosts.route("nominatim.openstreetmap.org", "/search", fixture(NOMINATIM), content_type="application/json")
    client = engine_client([OSM_ENTRY])
    body = search(client, "Brandenburger Tor", language="de-DE")
    assert body["unresponsive_engines"] == []
    gate = body["results"][0]
    assert gate["template"] == "map.html" and gate["url"] == "https://openstreetmap.org/way/518071791"
    assert (gate["latitude"], gate["longitude"], gate["osm"]) == (52.5162699, 13.3777034,
                                                                  {"type": "way", "id": "518071791"})
    assert gate["address"]["road"] == "Pariser Platz" and gate["geojson"]["type"] == "Polygon"
    (seen,) = hosts.seen
    assert seen.arg("q") == "Brandenburger Tor" and seen.arg("format") == "jsonv2"
    assert seen.headers["accept-language"] == "de-DE" and hosts.unrouted == []


@pytest.mark.parametrize(("status", "expected"), [(403, "blocked"), (429, "blocked"), (503, "error")])
def test_a_refusing_nominatim_is_reported(engine_client: Any, hosts: Any, status: int, expected: str) -> None:
    hosts.route("nominatim.openstreetmap.org", "/", Reply("<html>Access denied</html>", status=status))
    client = engine_client([OSM_ENTRY])
    assert [n for n, _ in search(client, "berlin")["unresponsive_engines"]] == ["openstreetmap"]
    outcomes = client.application.extensions["searx"].health.stats(["openstreetmap"])["openstreetmap"]["outcomes"]
    assert outcomes[expected] == 1


def test_photon_through_the_app(engine_client: Any, hosts: Any) -> None:
    hosts.route("photon.komoot.io", "/api/", fixture(PHOTON), content_type="application/json")
    body = search(engine_client([PHOTON_ENTRY]), "Brandenburger Tor", language="it")
    assert [r["url"] for r in body["results"]][:1] == ["https://openstreetmap.org/way/518071791"]
    assert body["results"][0]["boundingbox"] == [52.516087, 52.51645, 13.3775512, 13.3778502]
    (seen,) = hosts.seen
    assert (seen.arg("q"), seen.arg("lang"), seen.arg("limit")) == ("Brandenburger Tor", "it", "10")
    assert seen.headers["user-agent"].startswith("searx-ai/") and hosts.unrouted == []


def test_the_map_tab_appears_once_a_map_engine_is_on(engine_client: Any, hosts: Any) -> None:
    hosts.route("nominatim.openstreetmap.org", "/search", fixture(NOMINATIM), content_type="application/json")
    with_map = engine_client([OSM_ENTRY, {"name": "arxiv", "engine": "arxiv", "shortcut": "arx", "categories": ["science"]}])
    page = with_map.get("/search?q=Brandenburger+Tor&categories=map").get_data(as_text=True)
    assert 'href="/search?q=Brandenburger+Tor&amp;categories=map' in page
    config = with_map.get("/config").get_json()
    assert {e["name"]: e["categories"] for e in config["engines"]}["openstreetmap"] == ["map"]


def test_config_lists_the_science_and_map_engines_with_the_default_settings(app_factory: Any) -> None:
    """``use_default_settings: true`` and nothing else: /config has them, on as SearXNG ships them."""
    from tests.conftest import SECRET

    data = settings_mod.merge(settings_mod._read_yaml(settings_mod.DEFAULT_PATH),
                              {"use_default_settings": True, "server": {"secret_key": SECRET}})
    config = app_factory(settings_mod.validate(data)).test_client().get("/config").get_json()
    engines = {e["name"]: (e["enabled"], e["categories"]) for e in config["engines"]}
    assert engines["openstreetmap"] == engines["photon"] == (True, ["map"])
    for name in ("pubmed", "semantic scholar"):
        assert engines[name] == (True, ["science", "scientific publications"])
    assert engines["pdbe"] == (True, ["science"]) and engines["crossref"][0] is False
    assert "map" in config["categories"]
