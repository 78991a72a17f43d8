"""The results page's look and controls in Chromium: the four styles (screenshots), the time range,
safe search and language selectors at 320 px, left to right and right to left, with and without
JavaScript, the keyboard shortcuts, favicons arriving without moving anything, and the statistics
and about pages on a phone."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.browser.conftest import OUTPUT, Served
from tests.browser.test_summary_box import assert_clean
from tests.conftest import json_engine_entry, make_settings
from tests.proxy.picture_site import PNG
from utils.fakes.llm import FakeLLM

pytestmark = pytest.mark.browser
PHONE = {"width": 320, "height": 700}

# body background and the summary box's, per style (searx.css, ai_summary.css)
LIGHT = ("rgb(255, 255, 255)", "rgb(245, 247, 250)")
DARK = ("rgb(21, 23, 27)", "rgb(28, 31, 36)")
BLACK = ("rgb(0, 0, 0)", "rgb(14, 15, 17)")


@pytest.fixture
def site(serve_app: Callable[..., Served], fake_engine: Any, llm: FakeLLM) -> Callable[..., Served]:
    """``site(**ui)``: the app with a dated fake engine (time range and safe search) and the fake LLM."""

    def start(**ui: Any) -> Served:
        engine = json_engine_entry(fake_engine.url, "alpha", extra="&n=8", time_range_support=True, safesearch=True)
        settings = make_settings([engine], ui=ui, search={"cache_ttl": 0},
                                 ai_summary={"base_url": llm.base_url, "model": "fake-model"})
        return serve_app(settings, Served)

    return start


def query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query, keep_blank_values=True).items()}


@pytest.mark.parametrize(("style", "system", "expected", "scheme"), [
    ("auto", "light", LIGHT, "light dark"),
    ("auto", "dark", DARK, "light dark"),
    ("light", "dark", LIGHT, "light"),  # the user's choice wins over the system's
    ("dark", "light", DARK, "dark"),
    ("black", "light", BLACK, "dark"),
])
def test_the_four_styles(site: Any, browser: Any, style: str, system: str, expected: tuple[str, str],
                         scheme: str) -> None:
    app = site(theme_args={"simple_style": style})
    shot = OUTPUT / f"style-{style}-{system}.png"
    r = browser("look", app.search("what is alpha?"), screenshots=[str(shot)], colorScheme=system)
    assert_clean(r)
    look = r["look"]
    assert look["htmlClass"] == f"style-{style}" and look["scheme"] == scheme
    assert (look["background"], look["summary"]) == expected
    assert look["text"] != look["background"]
    assert shot.stat().st_size > 10_000


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_center_alignment_puts_the_results_in_the_middle(site: Any, browser: Any, locale: str) -> None:
    width = 1600
    plain = browser("look", site().search("alpha"), viewport={"width": width, "height": 900}, locale=locale)
    shot = OUTPUT / f"center-alignment-{locale}.png"
    r = browser("look", site(center_alignment=True).search("alpha"), screenshots=[str(shot)],
                viewport={"width": width, "height": 900}, locale=locale)
    assert_clean(r)
    assert "center-alignment" in r["look"]["htmlClass"].split()
    margins = lambda look: (look["mainLeft"], width - look["mainRight"])  # noqa: E731
    start, end = margins(plain["look"])
    assert (start if locale == "en" else end) == 0  # without it the results sit at the start side
    left, right = margins(r["look"])
    assert left > 100 and abs(left - right) <= 2, (left, right)
    brand, content = r["look"]["brand"], r["look"]["content"]  # the header in the results' column
    edge = "left" if locale == "en" else "right"
    assert abs(brand[edge] - content[edge]) <= 2, (brand, content)
    assert r["rtl"]["overflowing"] == [] and r["rtl"]["scrollWidth"] <= width


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_the_selectors_hold_at_320_px_and_submit_on_change(site: Any, browser: Any, locale: str) -> None:
    app = site()
    shot = OUTPUT / f"filters-320-{locale}.png"
    r = browser("filters", app.search("alpha", time_range="", safesearch="0"), screenshots=[str(shot)],
                locale=locale, viewport=PHONE, choose=[["time_range", "week"], ["safesearch", "2"]])
    assert_clean(r)
    layout, before = r["layout"], r["before"]
    assert layout["dir"] == ("rtl" if locale == "ar" else "ltr")
    assert layout["scrollWidth"] <= layout["viewport"] and layout["overflowing"] == [], layout
    assert before["apply"] is None  # a change submits: the Apply button is in a noscript, never shown
    for box in before["selects"]:
        assert 0 <= box["left"] and box["right"] <= PHONE["width"] and box["height"] >= 24
    assert min(b["top"] for b in before["selects"]) >= before["input"]["bottom"]  # a row below the search box
    first, second = r["steps"]
    assert first["submitted"] is True and query(first["url"])["time_range"] == "week"
    assert second["submitted"] is True and query(second["url"])["safesearch"] == "2"
    assert second["values"] == {"time_range": "week", "safesearch": "2", "language": "auto"}  # kept across submits
    assert shot.stat().st_size > 5_000


def test_without_javascript_apply_submits_the_selectors(site: Any, browser: Any) -> None:
    app = site()
    r = browser("filters", app.search("alpha"), javaScriptEnabled=False, viewport=PHONE, apply=True,
                choose=[["time_range", "month"], ["language", "de"]], screenshots=[str(OUTPUT / "filters-320-nojs.png")])
    before = r["before"]
    assert before["apply"] == {"hidden": False, "visible": True}
    assert r["layout"]["overflowing"] == [] and r["layout"]["scrollWidth"] <= PHONE["width"]
    month, german = r["steps"]
    assert month["submitted"] == "apply" and query(month["url"])["time_range"] == "month"
    assert german["submitted"] == "apply" and query(german["url"])["language"] == "de"
    assert query(german["url"])["time_range"] == "month"


def test_default_hotkeys_select_results_show_the_list_and_page(site: Any, browser: Any) -> None:
    app = site()
    shot = OUTPUT / "hotkeys-help.png"
    r = browser("hotkeys", app.search("alpha"), keys=["ArrowRight", "ArrowRight", "ArrowLeft", "h", "Escape", "n"],
                navigates=["n"], screenshotAt="h", screenshots=[str(shot)])
    assert_clean(r)
    steps = {i: s for i, s in enumerate(r["steps"])}
    assert steps[0]["selected"] == ["result-1"] and steps[1]["selected"] == ["result-2"]
    assert steps[2]["selected"] == ["result-1"]
    assert steps[3]["help"] is True and steps[4]["help"] is False
    assert steps[5]["moved"] is True and query(steps[5]["url"])["pageno"] == "2"


def test_vim_hotkeys(site: Any, browser: Any) -> None:
    app = site(hotkeys="vim")
    r = browser("hotkeys", app.search("alpha"), keys=["j", "j", "k", "ArrowRight", "v"])
    assert_clean(r)
    assert [s["selected"] for s in r["steps"]] == [["result-1"], ["result-2"], ["result-1"], ["result-1"], ["result-8"]]
    assert r["steps"][1]["focused"] == "alpha result 1 from shared.example.org"  # the selected result's link


@pytest.mark.parametrize("locale", ["en", "ar"])
@pytest.mark.parametrize("path", ["/stats?format=html", "/info/{locale}/about"])
def test_the_statistics_and_about_pages_on_a_phone(site: Any, browser: Any, path: str, locale: str) -> None:
    app = site()
    app.app.test_client().get("/search?q=alpha")  # figures to show
    url = app.url + path.format(locale=locale)
    name = "stats" if "stats" in path else "about"
    shot = OUTPUT / f"{name}-320-{locale}.png"
    r = browser("direction", url, screenshots=[str(shot)], locale=locale, viewport=PHONE,
                javaScriptEnabled=False)  # they need none
    assert_clean(r)
    rtl = r["rtl"]
    assert rtl["dir"] == ("rtl" if locale == "ar" else "ltr")
    assert rtl["scrollWidth"] <= rtl["viewport"] and rtl["overflowing"] == [], rtl


def slow_resolver(app: Any) -> None:
    """The instance's favicon resolver answered in memory, each icon after 0.8 s (a resolver far away),
    behind the real address guard."""
    import httpx

    from searx.network.guard import AddressGuard
    from searx.proxy.favicons import MAX_BYTES, FaviconFetcher
    from searx.proxy.images import ImageFetcher
    from tests.proxy.test_favicons import resolve

    def answer(request: httpx.Request) -> httpx.Response:
        time.sleep(0.8)  # not synchronisation: the page must be measured while its icons are on their way
        return httpx.Response(200, headers={"Content-Type": "image/png"}, content=iter([PNG]))

    svc = app.extensions["searx"]
    fetcher = ImageFetcher(AddressGuard(resolver=resolve, own_addresses=()), user_agent="t", timeout=5.0,
                           max_bytes=MAX_BYTES, transport=lambda: httpx.MockTransport(answer))
    svc.favicons = FaviconFetcher(fetcher, svc.store)


@pytest.mark.parametrize(("look", "viewport", "locale", "scheme"), [
    ("desktop-dark-rtl", {"width": 1280, "height": 900}, "ar", "dark"), ("phone", PHONE, "en", "light"),
])
def test_favicons_arrive_without_moving_the_results(serve_app: Any, fake_engine: Any, browser: Any, look: str,
                                                    viewport: dict[str, int], locale: str, scheme: str) -> None:
    engine = json_engine_entry(fake_engine.url, "alpha", extra="&n=8")
    served = serve_app(make_settings([engine], search={"cache_ttl": 0, "favicon_resolver": "duckduckgo"}), Served)
    slow_resolver(served.app)
    shot = OUTPUT / f"favicons-{look}.png"
    r = browser("favicons", served.search("alpha"), screenshots=[str(shot)], viewport=viewport, locale=locale,
                colorScheme=scheme)
    assert_clean(r)
    before, after = r["before"], r["after"]
    assert before["pending"] > 0, "the icons had arrived before the page was measured"
    assert before["lazy"] and before["sources"] == ["/favicon_proxy"]  # from this instance only
    assert before["lines"] == after["lines"] and before["boxes"] == after["boxes"]
    assert all(b[2:] == [16, 16] for b in after["boxes"]) and len(after["boxes"]) == 8
    assert r["shift"] < 0.01 and r["seen"]["foreign"] == []
    assert r["rtl"]["overflowing"] == [] and r["rtl"]["scrollWidth"] <= r["rtl"]["viewport"]


def test_a_post_user_s_tabs_and_pages_are_forms_that_look_like_links(serve_app: Any, fake_engine: Any,
                                                                     browser: Any) -> None:
    engines = [json_engine_entry(fake_engine.url, "alpha", extra="&n=8"),
               json_engine_entry(fake_engine.url, "pics", categories=["images"])]
    served = serve_app(make_settings(engines, server={"method": "POST"}, search={"cache_ttl": 0}), Served)
    url = served.search("alpha", language="fr")
    shot = OUTPUT / "post-links.png"
    look = browser("look", url, screenshots=[str(shot)], viewport={"width": 320, "height": 2600})  # all of it
    r = browser("hotkeys", url, keys=["n"], navigates=["n"])
    assert_clean(look)
    assert look["rtl"]["overflowing"] == [] and look["rtl"]["scrollWidth"] <= 320
    (step,) = r["steps"]
    assert step["moved"] is True and urlsplit(step["url"]).query == ""  # posted: no query in the address
