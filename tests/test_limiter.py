"""The limiter: per-route windows per client, the global summary cap."""

from __future__ import annotations

import pytest

from searx.errors import SettingsError
from searx.limiter import (
    Cap,
    Limiter,
    Rule,
    Rules,
    retry_after_header,
    rules_from_settings,
)
from searx.store import MemoryStore

# --- windows per route -----------------------------------------------------------------


def test_window_allows_the_limit_then_refuses_with_the_wait() -> None:
    limiter = Limiter(MemoryStore(), Rules(routes={"search": Rule(3, 60.0)}))
    assert [limiter.check("search", "198.51.100.1", t)[0] for t in (0, 1, 2)] == [True] * 3
    allowed, wait = limiter.check("search", "198.51.100.1", 30)
    assert allowed is False
    assert wait == pytest.approx(30.0)
    assert limiter.check("search", "198.51.100.2", 30) == (True, 0.0)  # another client
    assert limiter.check("search", "198.51.100.1", 60.5)[0] is True  # the first hit left


def test_routes_have_separate_budgets_and_the_summary_one_is_smaller() -> None:
    limiter = Limiter(MemoryStore())
    search, summary = limiter.rules.routes["search"], limiter.rules.routes["ai_summary"]
    assert summary.limit < search.limit
    summaries = [limiter.check("ai_summary", "198.51.100.1", 1.0)[0] for _ in range(summary.limit + 1)]
    assert summaries.count(True) == summary.limit
    assert limiter.check("search", "198.51.100.1", 1.0)[0] is True


def test_an_ipv6_client_cannot_escape_by_changing_its_interface_id() -> None:
    limiter = Limiter(MemoryStore(), Rules(routes={"search": Rule(2, 60.0)}))
    assert limiter.check("search", "2001:db8:1:2::1", 0)[0] is True
    assert limiter.check("search", "2001:db8:1:2::2", 0)[0] is True
    assert limiter.check("search", "2001:db8:1:2::3", 0)[0] is False


def test_limit_zero_switches_a_route_off_and_unknown_routes_are_a_bug() -> None:
    limiter = Limiter(MemoryStore(), Rules(routes={"search": Rule(0, 60.0)}))
    assert all(limiter.check("search", "198.51.100.1", 0)[0] for _ in range(100))
    with pytest.raises(ValueError):
        limiter.check("nope", "198.51.100.1", 0)


def test_user_agents_play_no_part() -> None:
    # check() takes no user agent at all: API clients are limited only like anyone else
    import inspect

    assert list(inspect.signature(Limiter.check).parameters) == ["self", "route", "client", "now"]


def test_retry_after_header_is_whole_seconds_at_least_one() -> None:
    assert retry_after_header(0.0) == "1"
    assert retry_after_header(0.2) == "1"
    assert retry_after_header(29.01) == "30"


# --- settings ---------------------------------------------------------------------------


def test_rules_from_settings_overrides_defaults() -> None:
    rules = rules_from_settings(
        {"search": {"limit": 100}, "ai_summary": {"limit": 2, "window": 30}, "ai_summary_global": {"limit": 4}}
    )
    assert rules.routes["search"] == Rule(100, 60.0)
    assert rules.routes["ai_summary"] == Rule(2, 30.0)
    assert rules.ai_summary_global == Cap(4, 240.0)
    assert rules_from_settings({}) == Rules()


def test_a_route_the_web_app_does_not_limit_stops_start_up() -> None:
    # it would be a budget nothing checks: a typo (serch) must not switch the limit off silently
    with pytest.raises(SettingsError, match=r"^limiter\.serch: unknown key"):
        rules_from_settings({"serch": {"limit": 60, "window": 60}})


@pytest.mark.parametrize(
    ("config", "key"),
    [
        ({"search": 5}, "limiter.search"),
        ({"search": {"limit": -1}}, "limiter.search.limit"),
        ({"search": {"limit": 1.5}}, "limiter.search.limit"),
        ({"search": {"window": 0}}, "limiter.search.window"),
        ({"search": {"limt": 3}}, "limiter.search.limt"),
        ({"ai_summary_global": {"window": 3}}, "limiter.ai_summary_global.window"),
        ({"ai_summary_global": {"ttl": "long"}}, "limiter.ai_summary_global.ttl"),
    ],
)
def test_bad_limiter_settings_name_the_key(config: dict, key: str) -> None:
    with pytest.raises(SettingsError, match=key.replace(".", r"\.")):
        rules_from_settings(config)


# --- the global summary cap -------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_global_cap_hands_out_limit_slots_across_instances() -> None:
    shared = MemoryStore()
    rules = Rules(ai_summary_global=Cap(2, 240.0))
    one, two = Limiter(shared, rules), Limiter(shared, rules)
    first, second = one.acquire_generation(), two.acquire_generation()
    assert first and second and first != second
    assert one.acquire_generation() is None
    assert two.acquire_generation() is None
    two.release_generation(first)  # any instance may end a generation it was handed
    third = two.acquire_generation()
    assert third is not None
    assert one.acquire_generation() is None


def test_a_crashed_worker_frees_its_slot_after_the_ttl() -> None:
    clock = Clock()
    limiter = Limiter(MemoryStore(clock=clock), Rules(ai_summary_global=Cap(1, 240.0)))
    leaked = limiter.acquire_generation()
    assert leaked is not None
    clock.now = 239.0
    assert limiter.acquire_generation() is None
    clock.now = 240.5
    fresh = limiter.acquire_generation()
    assert fresh is not None
    # the late release of the leaked token must not free the new owner's slot
    limiter.release_generation(leaked)
    assert limiter.acquire_generation() is None
    limiter.release_generation(fresh)
    assert limiter.acquire_generation() is not None


def test_cap_zero_means_no_cap_and_release_accepts_none() -> None:
    limiter = Limiter(MemoryStore(), Rules(ai_summary_global=Cap(0, 240.0)))
    tokens = [limiter.acquire_generation() for _ in range(50)]
    assert all(tokens)
    for token in tokens:
        limiter.release_generation(token)
    limiter.release_generation(None)


def test_every_limiter_key_is_documented() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "admin" / "limiter.md").read_text(encoding="utf-8")
    rules = Rules()
    keys = [f"limiter.{route}.{field}" for route in rules.routes for field in ("limit", "window")]
    keys += ["limiter.ai_summary_global.limit", "limiter.ai_summary_global.ttl"]
    keys += ["server.limiter", "server.trusted_proxies"]
    for key in keys:
        assert f"`{key}`" in doc, key
