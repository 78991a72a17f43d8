"""The music and videos tabs in Chromium, at desktop width and at 320 px, in the light and the dark
style, left to right and right to left (Arabic): nothing moves more than 5 px while the pictures
load, nothing reaches past the viewport, no request leaves loopback before "Play here" is clicked,
and the click loads exactly one player from an allowed host."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import OUTPUT, Served
from tests.browser.test_summary_box import assert_clean
from tests.conftest import json_engine_entry, make_settings

pytestmark = pytest.mark.browser

# the page's own colours (searx/static/css/searx.css): light and dark backgrounds
BACKGROUND = {"light": "rgb(255, 255, 255)", "dark": "rgb(21, 23, 27)"}
VARIANTS = [  # viewport width, colour scheme, locale
    pytest.param(1280, "light", "en", id="desktop"),
    pytest.param(320, "dark", "en", id="320px-dark"),
    pytest.param(1280, "dark", "ar-EG", id="desktop-dark-rtl"),
    pytest.param(320, "light", "ar-EG", id="320px-rtl"),
]
TABS = {  # the tab's button, the player it loads, the allowed player's first address
    "music": ("button.audio-play", "iframe.audio-embed", "https://www.mixcloud.com/widget/iframe/?feed="),
    "videos": ("button.video-play", "iframe.video-embed", "https://player.vimeo.com/video/7000"),
}


@pytest.fixture(scope="module")
def tabs(fake_engine: Any) -> Any:
    """One app for every variant (the scenarios only read its pages)."""
    from searx.webapp import create_app

    base = fake_engine.url
    # the "...local" sites serve their pictures from the fake engine itself, each after a delay
    engines = [
        json_engine_entry(base, "web"),
        {"name": "mixcloud", "engine": "mixcloud", "base_url": f"{base}/mixcloudlocal", "enable_http": True,
         "shortcut": "mc", "categories": ["music"]},
        {"name": "radio browser", "engine": "radio_browser", "base_url": f"{base}/radiobrowserlocal",
         "enable_http": True, "shortcut": "rb", "categories": ["music", "radio"]},
        {"name": "vimeo", "engine": "vimeo", "base_url": f"{base}/vimeolocal", "enable_http": True,
         "shortcut": "vm", "categories": ["videos"]},
    ]
    app = create_app(make_settings(engines), testing=True)
    served = Served(app)
    yield served
    served.close()
    app.extensions["searx"].close()


@pytest.mark.parametrize("tab", sorted(TABS))
@pytest.mark.parametrize(("width", "scheme", "locale"), VARIANTS)
def test_tab_holds_still_fits_and_plays_only_on_click(tabs: Served, browser: Any, tab: str, width: int,
                                                       scheme: str, locale: str) -> None:
    button, frame, player = TABS[tab]
    shot = OUTPUT / f"{tab}-tab-{width}-{scheme}-{locale}.png"
    r = browser("mediaTab", tabs.search("lofi", categories=tab), button=button, frame=frame, locale=locale,
                colorScheme=scheme, viewport={"width": width, "height": 800}, screenshots=[str(shot)])
    assert_clean(r)
    # the pictures were still on their way when the layout was first measured, and nothing moved
    assert r["pending"] > 0, "the pictures had all arrived before the first measure"
    assert len(r["before"]) == len(r["after"]) == (12 if tab == "music" else 6)
    moved = max(abs(a - b) for ra, rb in zip(r["before"], r["after"], strict=True) for a, b in zip(ra, rb, strict=True))
    assert moved <= 5, (r["before"], r["after"])
    assert r["layout"]["shift"] < 0.01
    # the style and the direction
    assert r["layout"]["background"] == BACKGROUND[scheme]
    rtl = r["rtl"]
    assert rtl["dir"] == ("rtl" if locale.startswith("ar") else "ltr")
    assert rtl["scrollWidth"] <= rtl["viewport"] and rtl["overflowing"] == [], rtl
    thumb, body = r["layout"]["thumb"], r["layout"]["body"]
    assert (thumb["left"] > body["left"]) == (rtl["dir"] == "rtl"), "the picture sits at the start of the line"
    # nothing third-party before the click; then one player, from the allowed host, within the page
    assert r["layout"]["frames"] == 0 and r["layout"]["buttons"] == 6
    assert r["foreignBefore"] == []
    assert r["frame"]["src"].startswith(player)
    assert r["seen"]["foreign"] == [r["frame"]["src"]], "the only request off loopback is the clicked player"
    assert 0 <= r["frame"]["box"]["left"] and r["frame"]["box"]["right"] <= width + 1
    assert r["rtlAfter"]["overflowing"] == []
    assert shot.stat().st_size > 5_000
