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
def media(app_factory: Any, fake_engine: Any) -> Any:
    base = fake_engine.url
    engines = [
        json_engine_entry(base, "web"),
        # "...local" sites serve their pictures from the fake engine itself, each after a delay
        {"name": "commons", "engine": "wikicommons", "base_url": f"{base}/commonslocal", "enable_http": True,
         "shortcut": "wc", "categories": ["images"]},
        {"name": "tube", "engine": "dailymotion", "base_url": f"{base}/dailymotionlocal", "enable_http": True,
         "shortcut": "dm", "categories": ["videos"], "embed_url": "https://www.youtube-nocookie.com/embed/"},
    ]
    served = Served(app_factory(make_settings(engines)))
    yield served
    served.close()


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
