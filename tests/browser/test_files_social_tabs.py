"""The files and social media tabs in Chromium, at desktop width and at 320 px, light and dark,
left to right and right to left: nothing moves more than 5 px while the pictures load (they
arrive late), nothing leaves the viewport, the magnet links sit in their own anchors, and no
request leaves loopback."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import OUTPUT, Served
from tests.browser.test_summary_box import assert_clean
from tests.conftest import make_settings
from tests.webapp.test_files_social_pages import engines_at

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 320, "height": 640}
LOOKS = [(DESKTOP, "light", None), (PHONE, "dark", None), (PHONE, "light", "ar-EG"), (DESKTOP, "dark", "ar-EG")]
IDS = ["desktop", "320px-dark", "320px-rtl", "desktop-dark-rtl"]


@pytest.fixture
def served(serve_app: Any, fake_engine: Any) -> Any:
    return serve_app(make_settings(engines_at(fake_engine.url, "local")), Served)


def _moved(r: dict[str, Any]) -> int:
    return max(abs(a - b) for ra, rb in zip(r["before"], r["after"], strict=True) for a, b in zip(ra, rb, strict=True))


def _look(r: dict[str, Any], viewport: dict[str, int], scheme: str, locale: str | None) -> None:
    rtl = r["rtl"]
    assert rtl["scrollWidth"] <= rtl["viewport"] == viewport["width"] and rtl["overflowing"] == [], rtl
    assert r["look"]["background"] == ("rgb(21, 23, 27)" if scheme == "dark" else "rgb(255, 255, 255)")
    look = r["look"]
    if locale:
        assert (rtl["dir"], rtl["direction"]) == ("rtl", "rtl")
        assert rtl["firstResult"]["right"] > rtl["viewport"] / 2, "Arabic titles start at the right edge"
    else:
        assert rtl["direction"] == "ltr" and rtl["firstResult"]["left"] < rtl["viewport"] / 2
    if look["thumb"]:  # the picture on the reading side's start: mirrored right to left
        assert (look["thumb"]["left"] > look["body"]["left"]) is bool(locale), (look["thumb"], look["body"])
    if look["fact"]:  # a torrent's facts start at the reading side's start too
        assert (look["fact"]["right"] > rtl["viewport"] / 2) is bool(locale), look["fact"]


@pytest.mark.parametrize(("viewport", "scheme", "locale"), LOOKS, ids=IDS)
def test_social_media_tab_holds_still_while_pictures_load(served: Served, browser: Any, viewport: dict[str, int],
                                                          scheme: str, locale: str | None) -> None:  # fmt: skip
    shot = OUTPUT / f"social-tab-{viewport['width']}-{scheme}{'-rtl' if locale else ''}.png"
    r = browser("resultList", served.search("صدأ" if locale else "rust", categories="social media"), screenshots=[str(shot)],
                viewport=viewport, colorScheme=scheme, **({"locale": locale} if locale else {}))
    assert_clean(r)
    assert len(r["before"]) == 12 and r["look"]["pictures"] == 9  # lemmy: every other post has a picture
    assert r["pending"] > 0, "the pictures were still loading when the layout was measured"
    assert _moved(r) <= 5, (r["before"], r["after"])
    assert r["shift"] < 0.01
    assert all(w == h and w > 0 for w, h in r["look"]["boxes"]), "square picture boxes"
    _look(r, viewport, scheme, locale)
    assert r["seen"]["foreign"] == []


@pytest.mark.parametrize(("viewport", "scheme", "locale"), LOOKS, ids=IDS)
def test_files_tab_torrents_with_magnet_links(served: Served, browser: Any, viewport: dict[str, int], scheme: str,
                                              locale: str | None) -> None:  # fmt: skip
    shot = OUTPUT / f"files-tab-{viewport['width']}-{scheme}{'-rtl' if locale else ''}.png"
    r = browser("resultList", served.search("أوبونتو" if locale else "ubuntu", categories="files"), screenshots=[str(shot)],
                viewport=viewport, colorScheme=scheme, **({"locale": locale} if locale else {}))
    assert_clean(r)
    assert len(r["before"]) == 6 and _moved(r) <= 5
    assert r["look"]["magnets"] == ["magnet-link"] * 6, "the magnet scheme only in its own anchors"
    assert r["look"]["seeders"] == ("rgb(111, 221, 139)" if scheme == "dark" else "rgb(26, 127, 55)")
    _look(r, viewport, scheme, locale)
    assert r["seen"]["foreign"] == []
