"""The map tab in Chromium: a place's map loads only when asked for (no map code and no tile
before the click), its tiles come from the tile server or, with the image proxy, through the
instance; the page holds at desktop width and at 320 px, left to right and right to left."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from searx.network.guard import AddressGuard
from searx.proxy.images import ImageFetcher
from searx.proxy.tiles import TileFetcher
from tests.browser.conftest import OUTPUT, Served
from tests.browser.test_summary_box import assert_clean
from tests.conftest import make_settings
from tests.proxy.picture_site import PNG

pytestmark = pytest.mark.browser

TILE_HOST = "tile.openstreetmap.org"
DESKTOP, NARROW = {"width": 1280, "height": 900}, {"width": 320, "height": 720}


def served(app_factory: Any, fake_engine: Any, *, proxy: bool) -> tuple[Served, list[str]]:
    entry = {"name": "openstreetmap", "engine": "openstreetmap", "shortcut": "osm", "categories": ["map"],
             "base_url": f"{fake_engine.url}/nominatim", "enable_http": True}
    settings = make_settings([entry], server={"image_proxy": proxy})
    app = app_factory(settings)
    asked: list[str] = []  # what the instance asked the tile server (in memory, behind the real guard)

    def tile_server(request: httpx.Request) -> httpx.Response:
        asked.append(request.url.path)
        return httpx.Response(200, headers={"Content-Type": "image/png"}, content=iter([PNG]))  # streamed

    guard = AddressGuard(resolver=lambda host, port: ["192.0.43.10"] if host == TILE_HOST else [], own_addresses=())
    fetcher = ImageFetcher(guard, user_agent="searx-ai/test", timeout=5.0, max_bytes=65536,
                           transport=lambda: httpx.MockTransport(tile_server))
    svc = app.extensions["searx"]
    svc.tiles = TileFetcher(settings.map, fetcher, svc.store)
    return Served(app), asked


@pytest.fixture
def direct(app_factory: Any, fake_engine: Any) -> Any:
    app, _ = served(app_factory, fake_engine, proxy=False)
    yield app
    app.close()


@pytest.fixture
def proxied(app_factory: Any, fake_engine: Any) -> Any:
    app, asked = served(app_factory, fake_engine, proxy=True)
    yield app, asked
    app.close()


def within(layout: dict[str, Any]) -> None:
    assert layout["scrollWidth"] <= layout["viewport"], layout
    assert layout["overflowing"] == [], layout["overflowing"]


@pytest.mark.parametrize("viewport", [DESKTOP, NARROW], ids=["desktop", "320px"])
def test_the_map_loads_only_on_click_with_tiles_from_the_tile_server(direct: Served, browser: Any,
                                                                     viewport: dict[str, int]) -> None:
    shot = OUTPUT / f"map-tab-{viewport['width']}.png"
    r = browser("map", direct.search("Tiergarten", categories="map"), viewport=viewport, screenshots=[str(shot)])
    assert_clean(r)
    before, after = r["before"], r["after"]
    assert before["buttons"] == 3 and before["tiles"] == 0 and before["chunks"] == [], "nothing before the click"
    assert before["shown"] is False and before["expanded"] == "false"
    assert before["osmLinks"][0].startswith("https://www.openstreetmap.org/?mlat=52.516300&mlon=13.377700")
    assert after["shown"] is True and after["expanded"] == "true" and after["label"] == "Hide map"
    assert after["tilesLoaded"] > 0 and after["outline"] == 1, "the park's outline is drawn"
    assert after["attribution"] == "© OpenStreetMap contributors"
    assert r["chunks"] == ["/static/client/map.js", "/static/client/leaflet.css"]
    assert r["tiles"] and all(t.startswith(f"https://{TILE_HOST}/") for t in r["tiles"])
    assert set(r["seen"]["foreign"]) == set(r["tiles"]), "the tile server is the only other host asked"
    box = after["box"]
    assert box["width"] > 200 and 0 <= box["left"] and box["right"] <= viewport["width"]
    within(r["layoutBefore"])
    within(r["layoutAfter"])


def test_with_the_image_proxy_the_tiles_come_through_the_instance(proxied: Any, browser: Any) -> None:
    app, asked = proxied
    r = browser("map", app.search("Tiergarten", categories="map"))
    assert_clean(r)
    assert r["before"]["tiles"] == 0 and r["after"]["tilesLoaded"] > 0
    assert r["tiles"] and all(t.startswith(f"{app.url}/map_tile/") for t in r["tiles"])
    assert r["seen"]["foreign"] == [], "the browser asked no other host"
    assert asked and all(path.endswith(".png") for path in asked), "the instance asked the tile server"


def test_right_to_left_at_320px_the_map_and_the_page_stay_within_the_viewport(direct: Served, browser: Any) -> None:
    shot = OUTPUT / "map-tab-rtl-320.png"
    r = browser("map", direct.search("Tiergarten", categories="map"), locale="ar", viewport=NARROW,
                screenshots=[str(shot)])
    assert_clean(r)
    layout = r["layoutAfter"]
    assert (layout["lang"], layout["dir"], layout["direction"]) == ("ar", "rtl", "rtl")
    assert r["before"]["tiles"] == 0 and r["after"]["tilesLoaded"] > 0
    assert r["after"]["label"] == "إخفاء الخريطة"
    within(r["layoutBefore"])
    within(layout)


def test_without_javascript_only_the_link_to_openstreetmap_is_there(direct: Served, browser: Any) -> None:
    r = browser("map", direct.search("Tiergarten", categories="map"), javaScriptEnabled=False)
    assert r["before"]["buttons"] == 0 and r["before"]["osmLinks"] and r["tiles"] == [] and r["chunks"] == []
