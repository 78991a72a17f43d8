"""The weather and translations answers and the package results in Chromium: whole at 320 px
and on the desktop, left to right and right to left, without a script error or a CSP violation
(the engines' hosts are the upstream-hosts double)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import OUTPUT, Served
from tests.browser.test_summary_box import assert_clean
from tests.conftest import make_settings
from tests.engines.engine_kit import fixture

pytestmark = pytest.mark.browser
JSON = "application/json"


@pytest.fixture
def answers_app(serve_app: Any, hosts: Any) -> Any:
    hosts.route("wttr.in", "/Heideck", fixture("wttr/j1_heideck_2026-04_upstream-testdata.json"), content_type=JSON)
    hosts.route("lingva.ml", "/api/v1/en/fr/hello", fixture("lingva/api_v1_en_fr_hello_reconstructed.json"),
                content_type=JSON)
    hosts.route("dictzone.com", "/english-french-dictionary/hello",
                fixture("dictzone/english-german-dictionary_house_reconstructed.html"))
    hosts.route("hub.docker.com", "/api/search/v3/catalog/search",
                fixture("docker_hub/v3_catalog_search_nginx_reconstructed.json"), content_type=JSON)
    hosts.route("pypi.org", "/search/", fixture("pypi/search_requests_page1_reconstructed.html"))
    engines = [
        {"name": "wttr.in", "engine": "wttr", "shortcut": "wttr", "categories": ["weather"]},
        {"name": "lingva", "engine": "lingva", "shortcut": "lv", "categories": ["general"]},
        {"name": "dictzone", "engine": "dictzone", "shortcut": "dc", "categories": ["general"]},
        {"name": "docker hub", "engine": "docker_hub", "shortcut": "dh", "categories": ["it"]},
        {"name": "pypi", "engine": "pypi", "shortcut": "pypi", "categories": ["it"]},
    ]
    return serve_app(make_settings(engines, **hosts.settings()), Served)


@pytest.mark.parametrize("locale", ["en", "ar"])
@pytest.mark.parametrize("width", [1280, 320])
@pytest.mark.parametrize(("name", "query", "params"), [
    ("weather", "!wttr Heideck", {"language": "en-US"}),
    ("translations", "en-fr hello", {}),
    ("packages", "nginx", {"categories": "it"}),
])
def test_answer_boxes_hold_at_every_width_and_direction(answers_app: Served, browser: Any, name: str, query: str,
                                                        params: dict[str, str], width: int, locale: str) -> None:
    shot = OUTPUT / f"answer-{name}-{locale}-{width}.png"
    r = browser("direction", answers_app.search(query, **params), screenshots=[str(shot)], locale=locale,
                viewport={"width": width, "height": 900})
    assert_clean(r)
    rtl = r["rtl"]
    assert rtl["dir"] == ("rtl" if locale == "ar" else "ltr") and rtl["direction"] == rtl["dir"]
    assert rtl["scrollWidth"] <= rtl["viewport"] and rtl["overflowing"] == [], rtl
    assert shot.stat().st_size > 5_000
