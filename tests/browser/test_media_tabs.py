"""The images and videos tabs in Chromium: nothing moves while thumbnails load, the
grid works by keyboard, a player loads only on click (no request leaves loopback)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import OUTPUT, Served
from tests.browser.test_summary_box import assert_clean
from tests.conftest import json_engine_entry, make_settings

pytestmark = pytest.mark.browser


@pytest.fixture
def media(serve_app: Any, fake_engine: Any) -> Any:
    base = fake_engine.url
    engines = [
        json_engine_entry(base, "web"),
        # "...local" sites serve their pictures from the fake engine itself, each after a delay
        {"name": "commons", "engine": "wikicommons", "base_url": f"{base}/commonslocal", "enable_http": True,
         "shortcut": "wc", "categories": ["images"]},
        {"name": "tube", "engine": "dailymotion", "base_url": f"{base}/dailymotionlocal", "enable_http": True,
         "shortcut": "dm", "categories": ["videos"], "embed_url": "https://www.youtube-nocookie.com/embed/"},
    ]
    return serve_app(make_settings(engines), Served)


def test_image_grid_does_not_move_and_works_by_keyboard(media: Served, browser: Any) -> None:
    r = browser("images", media.search("cats", categories="images"), screenshots=[str(OUTPUT / "images-tab.png")])
    assert_clean(r)
    assert r["pending"] > 0, "the thumbnails were still loading when the layout was measured"
    assert len(r["before"]) == 6
    moved = max(abs(a - b) for ra, rb in zip(r["before"], r["after"], strict=True) for a, b in zip(ra, rb, strict=True))
    assert moved <= 5, (r["before"], r["after"])
    assert r["shift"] < 0.01
    opened, following, closed = r["steps"]
    assert opened["hash"] == "#image-1" and opened["shown"] == ["image-1"] and opened["full"].endswith("/full/0.png")
    assert following["shown"] == ["image-2"]
    assert closed["shown"] == [] and closed["hash"] == "#tile-2"
    assert r["seen"]["foreign"] == []


def test_video_player_loads_only_on_click(media: Served, browser: Any) -> None:
    r = browser("videos", media.search("cats", categories="videos"))
    assert_clean(r)
    assert r["framesBefore"] == 0 and r["buttons"] == 6 and r["foreignBefore"] == 0
    assert r["framesAfter"] == 1 and r["src"] == "https://www.youtube-nocookie.com/embed/x0"
    assert r["seen"]["foreign"] == ["https://www.youtube-nocookie.com/embed/x0"], "the only request off loopback, stubbed"


# --- the images group's engines on their fixtures (utils/fakes/fixtures.py) ---------------

LOOKS = {  # viewport, colour scheme, interface language
    "desktop": ({"width": 1280, "height": 900}, "light", None),
    "phone-dark": ({"width": 320, "height": 640}, "dark", None),
    "rtl": ({"width": 1280, "height": 900}, "dark", "ar"),
    "rtl-phone": ({"width": 320, "height": 640}, "light", "ar"),
}


@pytest.fixture(scope="module")
def image_group(fake_engine: Any) -> Any:
    from searx.webapp import create_app
    from utils.fakes import fixtures

    base = fake_engine.url
    engines = [json_engine_entry(base, "web"), *fixtures.entries(base),
               {"name": "commons", "engine": "wikicommons", "base_url": f"{base}/commonslocal", "enable_http": True,
                "shortcut": "wc", "categories": ["images"]}]
    app = create_app(make_settings(engines, search={"formats": ["html", "json"], "cache_ttl": 0}), testing=True)
    served = Served(app)
    yield served
    served.close()
    app.extensions["searx"].close()


@pytest.mark.parametrize("look", list(LOOKS))
def test_the_images_tab_with_the_images_group(image_group: Served, browser: Any, look: str) -> None:
    viewport, scheme, lang = LOOKS[look]
    url = image_group.search("cat", categories="images", **({"language": lang} if lang else {}))
    spec: dict[str, Any] = {"viewport": viewport, "colorScheme": scheme, "pictures": True, "pictureDelay": 900}
    if lang:
        spec["locale"] = lang
    r = browser("images", url, screenshots=[str(OUTPUT / f"images-group-{look}.png")], **spec)
    assert_clean(r)  # no picture refused by the page's policy: it names every host really used
    layout = r["layout"]
    engines = {name for names in layout["engines"] for name in names.split(", ")}
    assert {"openverse", "artic", "unsplash", "pexels", "flickr", "pinterest", "devicons", "lucide",
            "startpage images", "brave.images", "commons"} <= engines
    assert r["pending"] > 0, "the thumbnails were still loading when the layout was measured"
    moved = max(abs(a - b) for ra, rb in zip(r["before"], r["after"], strict=True) for a, b in zip(ra, rb, strict=True))
    assert moved <= 5, (r["before"], r["after"])
    assert r["shift"] < 0.01
    opened, following, closed = r["steps"]
    assert opened["shown"] == ["image-1"] and following["shown"] == ["image-2"] and closed["shown"] == []
    assert layout["scrollWidth"] <= layout["viewport"] and layout["overflowing"] == [], layout["overflowing"]
    assert layout["columns"] == (1 if viewport["width"] == 320 else 6)
    assert (layout["dir"], layout["direction"]) == (("rtl", "rtl") if lang else ("ltr", "ltr"))
    dark = layout["body"] == "rgb(21, 23, 27)"
    assert dark == (scheme == "dark") and layout["box"] == ("rgb(28, 31, 36)" if dark else "rgb(245, 247, 250)")
    assert layout["icons"] > 0 and layout["iconBox"] == "rgb(245, 247, 250)"  # dark strokes stay visible
    assert r["seen"]["foreign"] == []  # only pictures left loopback (stubbed)
    hosts = {p.split("/")[2] for p in r["seen"]["foreignPictures"]}
    assert hosts and hosts <= {"api.openverse.org", "live.staticflickr.com", "www.artic.edu", "images.unsplash.com",
                               "plus.unsplash.com", "images.pexels.com", "i.pinimg.com", "www.startpage.com",
                               "imgs.search.brave.com", "upload.wikimedia.org", "images.rawpixel.com"}, hosts
