"""HTML engines parsed on real captures (tests/engines/fixtures, see SOURCES.md) and
on synthetic block pages where no capture exists (fixtures/synthetic/README.md)."""

from __future__ import annotations

import pytest
from engine_kit import fake_response, make_engine, parse_fixture

from searx.errors import EngineAccessDenied, EngineCaptcha, EngineParseError


def links(items: list[dict]) -> list[dict]:
    return [i for i in items if "url" in i]


# --- DuckDuckGo ----------------------------------------------------------------


def test_ddg_html_2025_decodes_uddg_links() -> None:
    hits = links(parse_fixture("duckduckgo", "duckduckgo/html_results_foo_2025-04.html"))
    assert len(hits) == 10
    assert hits[0] == {
        "url": "https://en.wikipedia.org/wiki/Foo_Fighters",
        "title": "Foo Fighters - Wikipedia",
        "content": "Foo Fighters are a rock band formed in 1994 by former Nirvana drummer Dave Grohl. They have won "
                   "15 Grammy Awards and were inducted into the Rock and Roll Hall of Fame in 2021.",
    }
    assert hits[1]["title"] == "foo | Meaning & Origin - Dictionary.com"
    assert not any("duckduckgo.com/l/" in h["url"] for h in hits)


def test_ddg_html_2026_browser_dom_with_dates() -> None:
    hits = links(parse_fixture("duckduckgo", "duckduckgo/html_results_does-caffeine-affect-sleep_2026-07_browser-dom.html"))
    assert len(hits) == 9
    assert hits[0]["url"] == "https://www.sleepfoundation.org/nutrition/caffeine-and-sleep"
    assert hits[0]["publishedDate"] == "2025-07-16T00:00:00"


@pytest.mark.parametrize("path", [
    "duckduckgo/lite_results_godot-4.5-release-date_raw-http.html",
    "duckduckgo/lite_results_godot-4.5-release-date_POST-direct-links_raw-http.html",
])
def test_ddg_lite_wrapped_and_direct_links_give_the_same_targets(path: str) -> None:
    hits = links(parse_fixture("duckduckgo", path))
    assert len(hits) == 10
    assert hits[0]["url"] == "https://godotengine.org/releases/4.5/"
    assert hits[0]["content"].startswith("Making dreams accessible")
    assert all(h["url"].startswith("https://") and "duckduckgo.com" not in h["url"] for h in hits)


@pytest.mark.parametrize("path", [
    "duckduckgo/html_anomaly-challenge_shrooms_raw-http.html",
    "duckduckgo/lite_anomaly-challenge_does-caffeine-affect-sleep_2026-07_browser-dom.html",
])
def test_ddg_anomaly_page_is_a_captcha_not_empty(path: str) -> None:
    with pytest.raises(EngineCaptcha):
        parse_fixture("duckduckgo", path)


def test_ddg_no_results_page_is_empty() -> None:
    # synthetic: built from the reported no-results markup (fixtures/synthetic/README.md)
    assert parse_fixture("duckduckgo", "synthetic/ddg_no_results.html") == []


def test_unknown_page_is_a_parse_error_not_empty() -> None:
    engine = make_engine("duckduckgo")
    with pytest.raises(EngineParseError):
        engine.response(fake_response(engine, b"<html><body><p>maintenance</p></body></html>"))


# --- Bing ----------------------------------------------------------------------


def test_bing_raw_http_decodes_base64_links_and_count() -> None:
    items = parse_fixture("bing", "bing/results_javascript-tutorial_2026-04_raw-http.html")
    hits = links(items)
    assert len(hits) == 10
    assert hits[0]["url"] == "https://www.w3schools.com/Js/"
    assert hits[0]["title"] == "JavaScript Tutorial - W3Schools"
    assert hits[0]["content"].startswith("Learn JavaScript The Programming Language of the Web")
    assert not any("bing.com/ck/" in h["url"] for h in hits)
    assert {"number_of_results": 52} in items


def test_bing_browser_dom() -> None:
    items = parse_fixture("bing", "bing/results_does-caffeine-affect-sleep_2026-07_browser-dom.html")
    assert links(items)[0]["url"] == "https://www.sleepfoundation.org/nutrition/caffeine-and-sleep"
    assert {"number_of_results": 38500} in items


def test_bing_captcha_synthetic() -> None:
    # synthetic: no real Bing captcha capture exists (markers from SOURCES.md)
    with pytest.raises(EngineCaptcha):
        parse_fixture("bing", "synthetic/bing_captcha.html")


# --- Brave ---------------------------------------------------------------------


def test_brave_organic_hits_only() -> None:
    hits = links(parse_fixture("brave", "brave/results_javascript-tutorial_2026-04_browser-dom_prettier.html"))
    assert len(hits) == 20  # the data-type="web" snippets; clusters and the pager are skipped
    assert hits[0] == {"url": "https://www.w3schools.com/js/", "title": "JavaScript Tutorial",
                       "content": "JavaScript is easy to learn. This tutorial covers everything from basic "
                                  "JavaScript up to the latest 2026 version."}
    assert all(h["url"].startswith("http") for h in hits)


def test_brave_captcha_synthetic() -> None:
    # synthetic: no real Brave captcha capture exists (markers from SOURCES.md)
    with pytest.raises(EngineCaptcha):
        parse_fixture("brave", "synthetic/brave_captcha.html")


# --- Startpage -----------------------------------------------------------------


def test_startpage_results() -> None:
    hits = links(parse_fixture("startpage", "startpage/results_javascript-tutorial_2026-04_http_prettier.html"))
    assert len(hits) == 10
    assert hits[0]["url"] == "https://www.w3schools.com/js/"
    assert hits[0]["title"] == "JavaScript Tutorial - W3Schools"
    assert hits[0]["content"].startswith("Well organized and easy to understand Web building tutorials")


@pytest.mark.parametrize("path", ["synthetic/anubis_startpage.html", "synthetic/startpage_captcha.html"])
def test_startpage_bot_checks_synthetic(path: str) -> None:
    # synthetic: no real Startpage captcha/Anubis capture exists (markers from SOURCES.md)
    with pytest.raises(EngineCaptcha):
        parse_fixture("startpage", path)


# --- Mojeek --------------------------------------------------------------------


def test_mojeek_results_and_count() -> None:
    items = parse_fixture("mojeek", "mojeek/results_javascript-tutorial_2026-04_browser-dom_prettier.html")
    hits = links(items)
    assert len(hits) == 10
    assert hits[0]["url"] == "https://javascript.info/"
    assert hits[0]["title"] == "The Modern JavaScript Tutorial"
    assert {"number_of_results": 5280016} in items


def test_mojeek_altcha_page_is_a_captcha() -> None:
    with pytest.raises(EngineCaptcha):
        parse_fixture("mojeek", "mojeek/captcha-altcha_rust-programming-language.html")


HTML_ENGINES = ["duckduckgo", "bing", "brave", "startpage", "mojeek"]


@pytest.mark.parametrize("module", HTML_ENGINES)
@pytest.mark.parametrize("path", [
    "synthetic/anubis_generic.html",            # synthetic: generic Anubis wall
    "synthetic/cloudflare_just_a_moment.html",  # synthetic: Cloudflare interstitial
    "searx_instances/searx-be_verifying-your-request-jscheck_2026-04_browser-dom_prettier.html",  # real
    "duckduckgo/html_anomaly-challenge_shrooms_raw-http.html",  # real, served in place of any page
])
def test_any_html_engine_reports_foreign_bot_checks_as_captcha(module: str, path: str) -> None:
    # a page without the engine's result markup is never "no results", and not a
    # parse error either when it carries bot-check markers
    with pytest.raises(EngineCaptcha):
        parse_fixture(module, path)


@pytest.mark.parametrize("module", HTML_ENGINES)
def test_any_html_engine_reports_a_geo_block_page_as_access_denied(module: str) -> None:
    with pytest.raises(EngineAccessDenied):
        parse_fixture(module, "qwant/www_geo-block-service-unavailable_2026-04_http_prettier.html")
