"""Bot-check and block-page detection on real captures and synthetic pages."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from searx.upstream import challenge

FIXTURES = Path(__file__).parent.parent / "engines" / "fixtures"

RESULT_PAGES = [
    "duckduckgo/html_results_foo_2025-04.html",
    "duckduckgo/html_results_does-caffeine-affect-sleep_2026-07_browser-dom.html",
    "duckduckgo/lite_results_godot-4.5-release-date_raw-http.html",
    "duckduckgo/lite_results_godot-4.5-release-date_POST-direct-links_raw-http.html",
    "bing/results_does-caffeine-affect-sleep_2026-07_browser-dom.html",
    "bing/results_javascript-tutorial_2026-04_raw-http.html",
    "brave/results_javascript-tutorial_2026-04_browser-dom_prettier.html",
    "startpage/results_javascript-tutorial_2026-04_http_prettier.html",
    "mojeek/results_javascript-tutorial_2026-04_browser-dom_prettier.html",
]

CHALLENGES = {
    "duckduckgo/html_anomaly-challenge_shrooms_raw-http.html": "ddg-anomaly",
    "duckduckgo/lite_anomaly-challenge_does-caffeine-affect-sleep_2026-07_browser-dom.html": "ddg-anomaly",
    "mojeek/captcha-altcha_rust-programming-language.html": "altcha",
    "searx_instances/searx-be_verifying-your-request-jscheck_2026-04_browser-dom_prettier.html": "searx-jscheck",
    # synthetic pages (fixtures/synthetic/README.md): no real capture exists
    "synthetic/anubis_generic.html": "anubis",
    "synthetic/anubis_startpage.html": "anubis",
    "synthetic/startpage_captcha.html": "startpage-captcha",
    "synthetic/bing_captcha.html": "bing-captcha",
    "synthetic/brave_captcha.html": "brave-captcha",
    "synthetic/cloudflare_just_a_moment.html": "cloudflare",
}


def response(body: bytes, content_type: str = "text/html; charset=utf-8", status: int = 200,
              **headers: str) -> httpx.Response:
    return httpx.Response(status, content=body, headers={"content-type": content_type, **headers})


@pytest.mark.parametrize("path", RESULT_PAGES)
def test_real_result_pages_are_neither_challenge_nor_block(path: str) -> None:
    # Bing result pages mention challenges.cloudflare.com and a PoWChallengeSolver script
    resp = response((FIXTURES / path).read_bytes())
    assert challenge.detect(resp) is None
    assert challenge.detect_block(resp) is None


@pytest.mark.parametrize(("path", "marker"), CHALLENGES.items())
def test_challenge_pages(path: str, marker: str) -> None:
    resp = response((FIXTURES / path).read_bytes(), status=202)
    assert challenge.detect(resp) == marker


def test_geo_block_is_a_block_not_a_challenge() -> None:
    resp = response((FIXTURES / "qwant/www_geo-block-service-unavailable_2026-04_http_prettier.html").read_bytes())
    assert challenge.detect(resp) is None
    assert challenge.detect_block(resp) == "geo-block"


def test_generic_captcha_title() -> None:
    assert challenge.detect(response(b"<html><head><title>Are you a robot?</title></head></html>")) \
        == "challenge-title"
    assert challenge.challenge_marker(b"<title>example.org | Verifying your request...</title>") == "challenge-title"
    assert challenge.challenge_marker(b"<title>Making sure you&#39;re not a bot!</title>") == "challenge-title"
    # a result page for the query "captcha" has the word in its title: not a check
    assert challenge.challenge_marker(b"<title>captcha - Mojeek Search</title>") is None
    assert challenge.challenge_marker(b"<title>just a moment at DuckDuckGo</title>") is None


def test_json_answers_are_not_scanned_but_cloudflare_header_counts() -> None:
    body = b'{"items": [], "note": "<title>Just a moment...</title>"}'
    assert challenge.detect(response(body, "application/json")) is None
    assert challenge.detect(response(body, "application/json", **{"cf-mitigated": "challenge"})) == "cloudflare"


def test_only_a_bounded_prefix_is_scanned() -> None:
    late = b"<html><body>" + b"x" * challenge.PREFIX_BYTES + b'<form id="challenge-form"></form></body></html>'
    assert challenge.detect(response(late)) is None


@pytest.mark.parametrize(("location", "hit"), [
    ("https://www.startpage.com/sp/captcha?query=x", True),
    ("https://cdn.startpage.com/sp/cdn/error-pages/blocked.html", True),
    ("https://search.brave.com/captcha", True),
    ("https://www.google.com/sorry/index?continue=x", True),
    ("https://duckduckgo.com/anomaly.js?sv=html", True),
    ("https://consent.google.com/ml?continue=https://www.google.com/search", True),  # consent walls
    ("https://guce.yahoo.com/consent?brandType=eu&done=https%3A%2F%2Fsearch.yahoo.com", True),
    ("https://consent.yahoo.com/v2/collectConsent?sessionId=3_cc-session_x", True),
    ("https://www.example.org/privacy/consent.html", False),
    ("https://www.mojeek.com/search?q=x&s=11", False),
    ("/elsewhere", False),
])
def test_challenge_location(location: str, hit: bool) -> None:
    assert (challenge.challenge_location(location) is not None) is hit
