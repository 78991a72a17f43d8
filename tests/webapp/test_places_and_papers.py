"""The map tab and the science tab's papers on the results page, and /map_tile: a place's
address, coordinates and link to openstreetmap.org; a map only on request, with the tiles
through the instance when the image proxy is on (and the policy naming only hosts really used);
/map_tile serves the configured tile server's z/x/y and nothing else."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest

from searx.errors import SettingsError
from searx.network.guard import AddressGuard
from searx.proxy.images import ImageFetcher
from searx.proxy.tiles import TileFetcher
from searx.services import check
from tests.conftest import make_settings
from tests.engines.engine_kit import fixture
from tests.proxy.picture_site import HTML, PNG

NOMINATIM = "nominatim.openstreetmap.org"
OSM = {"name": "openstreetmap", "engine": "openstreetmap", "shortcut": "osm", "categories": ["map"]}
PUBMED = {"name": "pubmed", "engine": "pubmed", "shortcut": "pub", "categories": ["science"]}
TILE_HOST = "tile.openstreetmap.org"


def csp(resp: Any) -> dict[str, str]:
    return dict(part.strip().split(" ", 1) for part in resp.headers["Content-Security-Policy"].split(";"))


def place(**over: Any) -> dict[str, Any]:
    base = {"osm_type": "node", "osm_id": 1, "lat": "48.8583701", "lon": "2.2944813", "category": "tourism",
            "type": "attraction", "display_name": "Tour Eiffel, Paris", "address": {"tourism": "Tour Eiffel",
            "road": "Avenue Gustave Eiffel", "house_number": "5", "city": "Paris", "postcode": "75007",
            "country": "France"}, "boundingbox": ["48.85", "48.86", "2.29", "2.30"], "extratags": {}}
    return {**base, **over}


def map_page(engine_client: Any, hosts: Any, places: list[dict[str, Any]], *, cookies: dict[str, str] | None = None,
             **sections: Any) -> Any:  # fmt: skip
    hosts.route(NOMINATIM, "/search", json.dumps(places), content_type="application/json")
    client = engine_client([OSM], **sections)
    for name, value in (cookies or {}).items():
        client.set_cookie(name, value)
    return client.get("/search?q=tour+eiffel&categories=map")


# --- the map tab ---------------------------------------------------------------------


def test_a_place_shows_its_address_coordinates_and_link_and_a_map_only_on_request(engine_client, hosts):
    resp = map_page(engine_client, hosts, [place()])
    page = resp.get_data(as_text=True)
    assert '<address dir="auto">Avenue Gustave Eiffel 5<br>75007 Paris<br>France</address>' in page
    assert '<bdi dir="ltr" class="coordinates">48.85837, 2.29448</bdi>' in page
    assert 'href="https://www.openstreetmap.org/?mlat=48.858370&amp;mlon=2.294481#map=17/48.858370/2.294481"' in page
    button = re.search(r'<button type="button" class="map-show"[^>]*>', page, re.S)
    assert button and " hidden" in button.group(0), "without JavaScript there is no button, only the link"
    assert 'data-tiles="https://tile.openstreetmap.org/{z}/{x}/{y}.png"' in button.group(0)
    assert '<figure class="map-figure" id="map-1" hidden>' in page and "© OpenStreetMap contributors" in page
    assert "<img" not in page.split('id="result-1"')[1], "no tile (nor any picture) is on the page before the click"
    policy = csp(resp)
    assert policy["img-src"] == "'self' data: https://tile.openstreetmap.org", "the tile server, and nothing else"
    assert policy["connect-src"] == "'self'" and policy["frame-src"] == "'none'"


def test_with_the_image_proxy_the_tiles_come_through_the_instance(engine_client, hosts):
    for resp in (map_page(engine_client, hosts, [place()], server={"image_proxy": True}),
                 map_page(engine_client, hosts, [place()], cookies={"image_proxy": "1"})):
        page = resp.get_data(as_text=True)
        assert 'data-tiles="/map_tile/{z}/{x}/{y}"' in page and TILE_HOST not in page.split("<figcaption")[0]
        assert csp(resp)["img-src"] == "'self' data:"


def test_a_page_without_places_names_no_tile_server(engine_client, hosts):
    resp = map_page(engine_client, hosts, [])
    assert TILE_HOST not in resp.headers["Content-Security-Policy"]
    assert "map-show" not in resp.get_data(as_text=True)


def test_place_fields_are_untrusted_text(engine_client, hosts):
    hostile = place(address={"tourism": '<script>alert(1)</script>', "road": '"><img src=x onerror=alert(2)>'},
                    extratags={"website": "javascript:alert(3)", "opening_hours": "<b>24/7</b>"},
                    geojson={"type": "Polygon", "coordinates": [[[2.29, 48.85]] * 3000]})
    page = map_page(engine_client, hosts, [hostile, place(lat="95", lon="x", osm_id=2)]).get_data(as_text=True)
    assert "<script>alert(1)" not in page and "<img src=x" not in page and "<b>24/7" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "javascript:alert(3)" not in page
    assert "data-geojson" not in page.split('id="result-2"')[0], "a big outline stays off the page (bounding box only)"
    second = page.split('id="result-2"')[1]
    assert "map-show" not in second and "Coordinates" not in second, "a place without usable coordinates gets no map"


# --- papers -----------------------------------------------------------------------------


def test_papers_show_authors_journal_date_doi_and_full_text_links(engine_client, hosts):
    eutils = "eutils.ncbi.nlm.nih.gov"
    hosts.route(eutils, "/entrez/eutils/esearch.fcgi", fixture(
        "pubmed/esearch-xml_artificial-intelligence-radiology_retmax5_built-from-json-capture.xml"), content_type="text/xml")
    hosts.route(eutils, "/entrez/eutils/efetch.fcgi", fixture("pubmed/efetch-xml_three-records_built-from-eutils-docs.xml"),
                content_type="text/xml")
    resp = engine_client([PUBMED]).get("/search?q=ai+radiology&categories=science")
    page = resp.get_data(as_text=True)
    first = page.split('id="result-1"')[1].split('id="result-2"')[0]
    assert 'class="result paper"' in page
    assert "<dd dir=\"auto\">Maja Lindqvist, Chinedu A Okafor, Nordic AI Imaging Consortium</dd>" in first
    assert "<dd dir=\"auto\">European radiology 36(7), 4012-4023</dd>" in first
    assert '<time datetime="2026-05-02">2026-05-02</time>' in first
    assert 'href="https://doi.org/10.1007/s00330-026-11873-2"' in first
    assert 'href="https://www.ncbi.nlm.nih.gov/pmc/articles/PMC12903417/"' in first
    assert "<i>" not in first and "(n = 312 urgent)" in first
    assert TILE_HOST not in resp.headers["Content-Security-Policy"]


# --- /map_tile ----------------------------------------------------------------------------


class TileServer:
    """The tile server, in memory behind the real address guard (its name resolves to a public address)."""

    def __init__(self) -> None:
        self.requests: list[httpx.Request] = []
        self.answer = (200, {"Content-Type": "image/png"}, PNG)

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        status, headers, body = self.answer
        return httpx.Response(status, headers=headers, content=iter([body]))


def resolver(host: str, port: int) -> list[str]:
    if host == TILE_HOST:
        return ["192.0.43.10"]  # public; never connected to (the mock transport answers)
    raise OSError("no DNS in tests")


@pytest.fixture
def tiles(app_factory: Any) -> Any:
    def build(**sections: Any) -> tuple[Any, TileServer]:
        server = TileServer()
        settings = make_settings([], **sections)
        app = app_factory(settings)
        svc = app.extensions["searx"]
        fetcher = ImageFetcher(AddressGuard(resolver=resolver, own_addresses=()), user_agent="searx-ai/test (map tiles)",
                               timeout=5.0, max_bytes=settings.map.max_tile_bytes,
                               transport=lambda: httpx.MockTransport(server))
        svc.tiles = TileFetcher(settings.map, fetcher, svc.store)
        return app.test_client(), server

    return build


def test_a_tile_is_fetched_once_then_served_from_the_store(tiles):
    client, server = tiles()
    first, again = client.get("/map_tile/12/2200/1343"), client.get("/map_tile/12/2200/1343")
    assert first.status_code == again.status_code == 200 and first.data == again.data == PNG
    # the connection is pinned to the checked address; the Host header names the tile server
    assert [(r.url.scheme, r.headers["host"], r.url.path) for r in server.requests] == [
        ("https", TILE_HOST, "/12/2200/1343.png")]
    sent = server.requests[0].headers
    assert sent["user-agent"] == "searx-ai/test (map tiles)" and "cookie" not in sent and "referer" not in sent
    assert first.headers["Content-Type"] == "image/png" and first.headers["X-Content-Type-Options"] == "nosniff"
    assert "sandbox" in first.headers["Content-Security-Policy"]
    assert first.headers["Cache-Control"] == "public, max-age=86400"


@pytest.mark.parametrize("path", ["/map_tile/20/0/0", "/map_tile/3/8/0", "/map_tile/3/0/8", "/map_tile/1/-1/0",
                                  "/map_tile/99999999999999999999/0/0", "/map_tile/0/0/0.png", "/map_tile/x/0/0",
                                  "/map_tile/2/1/1/../../../../etc", "/map_tile/0/0"])
def test_anything_but_a_tile_of_the_pyramid_is_refused_before_any_fetch(tiles, path):
    client, server = tiles()
    resp = client.get(path, headers={"Accept": "application/json"})
    assert resp.status_code == 404 and server.requests == []
    assert "Traceback" not in resp.get_data(as_text=True)


def test_what_the_tile_server_answers_must_be_a_picture(tiles):
    client, server = tiles()
    server.answer = (200, {"Content-Type": "image/png"}, HTML)
    assert client.get("/map_tile/1/0/0").status_code == 415
    server.answer = (500, {"Content-Type": "text/plain"}, b"down")
    assert client.get("/map_tile/1/1/0").status_code == 502
    small, small_server = tiles(map={"max_tile_bytes": 2048})
    small_server.answer = (200, {"Content-Type": "image/png"}, PNG + b"\0" * 4096)
    assert small.get("/map_tile/1/0/1").status_code == 502


def test_a_tile_server_on_a_private_address_is_refused(tiles):
    client, server = tiles(map={"tile_url": "http://127.0.0.1:8080/{z}/{x}/{y}.png"})
    assert client.get("/map_tile/1/0/0").status_code == 403 and server.requests == []


def test_a_crawl_of_tiles_pushes_out_only_older_tiles(tiles):
    client, server = tiles(map={"tile_cache_bytes": 1024 * 1024})
    svc = client.application.extensions["searx"]
    svc.reader.politeness.record("https://cooled.example", 429)  # a reader cooldown in the instance's state
    server.answer = (200, {"Content-Type": "image/png"}, PNG + b"\0" * 100_000)
    assert all(client.get(f"/map_tile/9/{x}/0").status_code == 200 for x in range(60))  # 6 MB of tiles
    assert svc.tiles.store.byte_count <= 1024 * 1024 and svc.tiles.store is not svc.store
    asked = len(server.requests)
    client.get("/map_tile/9/59/0")  # the newest are kept, the oldest went
    client.get("/map_tile/9/0/0")
    assert len(server.requests) == asked + 1
    assert svc.reader.politeness._state("https://cooled.example") is not None


def test_tiles_count_against_the_image_proxy_budget(tiles):
    client, _ = tiles(server={"limiter": True}, limiter={"image_proxy": {"limit": 2, "window": 60}})
    codes = [client.get(f"/map_tile/2/{x}/0").status_code for x in range(3)]
    assert codes == [200, 200, 429]


@pytest.mark.parametrize(("conf", "message"), [
    ({"tile_url": "javascript:alert(1)//{z}/{x}/{y}"}, "map.tile_url"),
    ({"tile_url": "file:///etc/{z}/{x}/{y}"}, "map.tile_url"),
    ({"tile_url": "https://{z}.tiles.example/{x}/{y}.png"}, "map.tile_url"),
    ({"tile_url": "https://tiles.example/{z}/{x}.png"}, "map.tile_url"),
    ({"tile_url": "https://{s}.tiles.example/{z}/{x}/{y}.png"}, "map.tile_url"),
    ({"tile_url": "https://tiles.example/{z}/{x}/{y}/{y}.png"}, "map.tile_url"),
    ({"tile_url": "https://user:secret@tiles.example/{z}/{x}/{y}.png"}, "map.tile_url"),
    ({"tile_url": "https://tiles.example:99999/{z}/{x}/{y}.png"}, "map.tile_url"),
    ({"max_zoom": 30}, "map.max_zoom"),
    ({"attribution_url": "javascript:alert(1)"}, "map.attribution_url"),
    ({"max_tile_bytes": 10}, "map.max_tile_bytes"),
])
def test_bad_map_settings_stop_start_up_naming_the_key(conf, message):
    with pytest.raises(SettingsError, match=re.escape(message)):
        check(make_settings([], map=conf))
    check(make_settings([], map={"tile_url": "https://tiles.example.org/osm/{z}/{x}/{y}@2x.webp?key=abc"}))
