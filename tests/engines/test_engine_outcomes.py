"""Every engine call ends in one outcome: real HTTP against a fake upstream on 127.0.0.1.

``call_engine`` (engine_kit) follows the runner contract: status mapping, then the
engine's parser, then ``searx.upstream.challenge`` on 2xx pages that gave nothing.
"""

from __future__ import annotations

import time

import pytest
from engine_kit import call_engine, make_engine

from searx.search.health import EngineHealth
from searx.store import MemoryStore


def ddg(upstream, scenario: str):  # noqa: ANN001, ANN201 - fixture object
    return make_engine("duckduckgo", base_url=upstream.base(scenario))


def test_results_are_ok(upstream) -> None:  # noqa: ANN001
    out = call_engine(ddg(upstream, "ddg-results"), "foo")
    assert out.outcome == "ok"
    assert out.results[0]["url"] == "https://en.wikipedia.org/wiki/Foo_Fighters"
    assert ("POST", "/ddg-results/html/") in upstream.requests


def test_202_challenge_page_is_challenged(upstream) -> None:  # noqa: ANN001
    out = call_engine(ddg(upstream, "ddg-challenge"), "shrooms")
    assert (out.outcome, out.reason) == ("challenged", "CAPTCHA")


@pytest.mark.parametrize(("module", "scenario", "marker"), [
    ("startpage", "sp-anubis", "Startpage"),   # the engine knows Startpage's Anubis wall itself
    ("bing", "anubis", "anubis"),              # a generic Anubis page: found by challenge.detect
    ("mojeek", "anubis", "anubis"),
    ("brave", "cloudflare", "cloudflare"),
    ("duckduckgo", "cloudflare", "cloudflare"),
])
def test_200_bot_check_pages_are_challenged_never_no_results(upstream, module: str, scenario: str,  # noqa: ANN001
                                                             marker: str) -> None:
    out = call_engine(make_engine(module, base_url=upstream.base(scenario)), "q")
    assert out.outcome == "challenged"
    assert out.reason == "CAPTCHA"
    assert marker in str(out.error)


def test_geo_block_page_is_blocked(upstream) -> None:  # noqa: ANN001
    out = call_engine(make_engine("mojeek", base_url=upstream.base("geo-block")), "q")
    assert (out.outcome, out.reason) == ("blocked", "access denied")


def test_403_is_blocked(upstream) -> None:  # noqa: ANN001
    out = call_engine(ddg(upstream, "forbidden"), "q")
    assert (out.outcome, out.reason) == ("blocked", "access denied")


def test_429_without_and_with_retry_after(upstream) -> None:  # noqa: ANN001
    plain = call_engine(ddg(upstream, "too-many"), "q")
    assert (plain.outcome, plain.reason, plain.retry_after) == ("blocked", "too many requests", None)
    timed = call_engine(ddg(upstream, "too-many-retry"), "q")
    assert (timed.outcome, timed.retry_after) == ("blocked", 120.0)


def test_redirect_to_captcha_is_challenged_other_redirects_are_errors(upstream) -> None:  # noqa: ANN001
    assert call_engine(ddg(upstream, "captcha-redirect"), "q").outcome == "challenged"
    moved = call_engine(ddg(upstream, "moved"), "q")
    assert (moved.outcome, moved.reason) == ("error", "HTTP error")


def test_500_is_an_error(upstream) -> None:  # noqa: ANN001
    out = call_engine(ddg(upstream, "server-error"), "q")
    assert (out.outcome, out.reason) == ("error", "HTTP error")


def test_hang_past_the_timeout_is_a_timeout(upstream) -> None:  # noqa: ANN001
    start = time.monotonic()
    out = call_engine(ddg(upstream, "hang"), "q", timeout=0.3)
    assert (out.outcome, out.reason) == ("timeout", "timeout")
    assert time.monotonic() - start < 3


def test_outcomes_drive_cooldowns(upstream) -> None:  # noqa: ANN001
    now = [1000.0]
    health = EngineHealth(MemoryStore(clock=lambda: now[0]), clock=lambda: now[0])
    for name, scenario in [("a", "too-many-retry"), ("b", "ddg-challenge"), ("c", "server-error")]:
        out = call_engine(ddg(upstream, scenario), "q")
        health.record(name, out.outcome, reason=out.reason, retry_after=out.retry_after)
    stats = health.stats()
    assert stats["a"]["cooldown"]["seconds_left"] == 120
    assert stats["b"]["cooldown"]["seconds_left"] == 300
    assert health.admit("a") == "too many requests" and health.admit("b") == "CAPTCHA"
    assert health.admit("c") is None  # one infrastructure failure is not yet a streak
