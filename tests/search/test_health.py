"""Cooldown rules of engine health, driven by an injectable clock."""

from __future__ import annotations

import msgspec
import pytest

from searx.search.health import EngineHealth
from searx.store import MemoryStore


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def health(clock: Clock) -> EngineHealth:
    return EngineHealth(MemoryStore(clock=clock), clock=clock)


def cooldown_left(health: EngineHealth, name: str = "ddg") -> float:
    return health.stats([name])[name]["cooldown"]["seconds_left"]


def test_fresh_engine_is_admitted(health: EngineHealth) -> None:
    assert health.admit("ddg") is None


def test_challenge_cools_down_five_minutes_then_doubles_to_the_cap(health: EngineHealth, clock: Clock) -> None:
    expected = [300, 600, 1200, 2400, 3600, 3600]
    for seconds in expected:
        health.record("ddg", "challenged", reason="CAPTCHA")
        assert cooldown_left(health) == seconds
        assert health.admit("ddg") == "CAPTCHA"
        clock.now += seconds - 1
        assert health.admit("ddg") == "CAPTCHA"
        clock.now += 1
        assert health.admit("ddg") is None  # the probe, which is challenged again in the next round


def test_retry_after_is_honoured(health: EngineHealth, clock: Clock) -> None:
    health.record("bing", "blocked", reason="too many requests", retry_after=42)
    assert cooldown_left(health, "bing") == 42
    clock.now += 41
    assert health.admit("bing") == "too many requests"
    clock.now += 1
    assert health.admit("bing") is None


def test_one_infra_failure_does_not_suspend_two_in_a_row_do(health: EngineHealth, clock: Clock) -> None:
    health.record("mojeek", "timeout")
    assert health.admit("mojeek") is None
    health.record("mojeek", "error", reason="HTTP error")
    assert health.admit("mojeek") == "HTTP error"
    assert cooldown_left(health, "mojeek") == 60


def test_success_between_infra_failures_resets_the_streak(health: EngineHealth) -> None:
    health.record("mojeek", "timeout")
    health.record("mojeek", "ok", results=3)
    health.record("mojeek", "timeout")
    assert health.admit("mojeek") is None


def test_failed_probe_doubles_infra_cooldown(health: EngineHealth, clock: Clock) -> None:
    health.record("wp", "timeout")
    health.record("wp", "timeout")
    for seconds in (60, 120, 240):
        assert cooldown_left(health, "wp") == seconds
        clock.now += seconds
        assert health.admit("wp") is None
        health.record("wp", "timeout")  # the probe failed
    assert cooldown_left(health, "wp") == 480


def test_a_burst_of_late_failures_does_not_escalate(health: EngineHealth, clock: Clock) -> None:
    # ten concurrent searches were all challenged: one cooldown, not ten doublings
    for _ in range(10):
        health.record("ddg", "challenged")
    assert cooldown_left(health) == 300
    for _ in range(5):
        health.record("mojeek", "timeout")
    assert cooldown_left(health, "mojeek") == 60
    # but a longer Retry-After from a late answer is honoured
    health.record("ddg", "blocked", reason="too many requests", retry_after=900)
    assert cooldown_left(health) == 900


def test_only_one_probe_when_cooldown_ends(health: EngineHealth, clock: Clock) -> None:
    health.record("sp", "challenged", reason="CAPTCHA")
    clock.now += 300
    assert health.admit("sp") is None           # the probe
    assert health.admit("sp") == "CAPTCHA"      # everyone else waits for it
    assert health.admit("sp") == "CAPTCHA"
    health.record("sp", "ok", results=10)
    assert health.admit("sp") is None
    assert health.admit("sp") is None


def test_probe_lock_expires_when_the_probe_never_reports(health: EngineHealth, clock: Clock) -> None:
    health.record("sp", "challenged")
    clock.now += 300
    assert health.admit("sp") is None
    assert health.admit("sp") == "CAPTCHA"
    clock.now += 121
    assert health.admit("sp") is None


def test_success_resets_doubling(health: EngineHealth, clock: Clock) -> None:
    health.record("ddg", "challenged")
    clock.now += 300
    health.record("ddg", "challenged")
    assert cooldown_left(health) == 600
    clock.now += 600
    health.record("ddg", "no_results")
    health.record("ddg", "challenged")
    assert cooldown_left(health) == 300


def test_forced_check_success_ends_cooldown_and_challenge_starts_one(health: EngineHealth) -> None:
    health.record("ddg", "blocked", reason="access denied")
    assert health.force("ddg") == "access denied"
    health.record("ddg", "ok", results=5)
    assert health.admit("ddg") is None
    assert health.force("brave") is None
    health.record("brave", "challenged", reason="CAPTCHA")
    assert health.admit("brave") == "CAPTCHA"


def test_end_cooldown(health: EngineHealth) -> None:
    health.record("ddg", "challenged")
    health.end_cooldown("ddg")
    assert health.admit("ddg") is None
    health.record("ddg", "challenged")
    assert cooldown_left(health) == 300  # the streak was forgotten too


def test_stats(health: EngineHealth, clock: Clock) -> None:
    health.record("gh", "ok", latency=0.2, results=10)
    health.record("gh", "ok", latency=0.4, results=10)
    health.record("gh", "no_results", latency=0.9)
    clock.now += 5
    health.record("gh", "blocked", reason="too many requests", retry_after=60, latency=0.1)
    row = health.stats()["gh"]
    assert row["calls"] == 4
    assert row["success_rate"] == 0.75
    assert row["median_latency"] == 0.4
    assert row["last_failure"] == {"outcome": "blocked", "reason": "too many requests", "time": clock.now}
    assert row["cooldown"]["active"] is True
    assert row["cooldown"]["seconds_left"] == 60
    assert row["outcomes"]["ok"] == 2
    assert msgspec.json.encode(health.stats())  # JSON-ready for /stats


def test_state_is_shared_through_the_store(clock: Clock) -> None:
    store = MemoryStore(clock=clock)
    one, two = EngineHealth(store, clock=clock), EngineHealth(store, clock=clock)
    one.record("ddg", "challenged")
    assert two.admit("ddg") == "CAPTCHA"
    clock.now += 300
    assert one.admit("ddg") is None
    assert two.admit("ddg") == "CAPTCHA"  # the probe is global, not per instance


def test_unknown_outcome_is_refused(health: EngineHealth) -> None:
    with pytest.raises(ValueError):
        health.record("ddg", "maybe")


def test_concurrent_records_are_not_lost(health: EngineHealth) -> None:
    import threading

    def work() -> None:
        for _ in range(10):
            health.record("wp", "ok", latency=0.1, results=1)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert health.stats(["wp"])["wp"]["calls"] == 80


def test_recording_an_outcome_is_one_store_call(clock: Clock) -> None:
    calls: list[str] = []

    class Counting(MemoryStore):
        def __getattribute__(self, name: str):
            if name in ("get", "get_many", "set", "add", "delete", "incr", "hit_window", "run"):
                calls.append(name)
            return super().__getattribute__(name)

    health = EngineHealth(Counting(clock=clock), clock=clock)
    health.record("ddg", "challenged", reason="CAPTCHA")
    health.record("ddg", "ok", latency=0.1)
    health.end_cooldown("ddg")
    assert calls == ["run", "run", "run"], "each update is one atomic store script"


def test_admitting_a_search_s_engines_is_one_store_read(clock: Clock) -> None:
    calls: list[str] = []

    class Counting(MemoryStore):
        def __getattribute__(self, name: str):
            if name in ("get", "get_many", "add"):
                calls.append(name)
            return super().__getattribute__(name)

    health = EngineHealth(Counting(clock=clock), clock=clock)
    health.record("sp", "challenged", reason="CAPTCHA")
    calls.clear()
    assert health.admit_all(["ddg", "sp", "bing"]) == {"ddg": None, "sp": "CAPTCHA", "bing": None}
    assert calls == ["get_many"]
    clock.now += 300
    calls.clear()
    assert health.admit_all(["ddg", "sp"]) == {"ddg": None, "sp": None}  # sp is the probe
    assert calls == ["get_many", "add"], "only a probe takes its lock"


def test_percentiles_come_from_the_answers_of_the_last_hundred_calls(health: EngineHealth) -> None:
    for i in range(1, 11):  # 0.1 ... 1.0 s
        health.record("gh", "ok", latency=i / 10, results=1)
    health.record("gh", "timeout", latency=9.0)  # a failure's time is no answer time
    row = health.stats(["gh"])["gh"]
    assert row["median_latency"] == pytest.approx(0.55)
    assert row["p80_latency"] == pytest.approx(0.82)  # linear between the 8th and 9th of 10
    for _ in range(150):
        health.record("gh", "ok", latency=2.0, results=1)
    row = health.stats(["gh"])["gh"]
    assert row["calls"] == 100 and row["median_latency"] == row["p80_latency"] == 2.0  # the old ones are gone


def test_error_kinds_are_counted_by_outcome_and_reason_most_frequent_first(health: EngineHealth) -> None:
    for outcome, reason in [("timeout", ""), ("error", "HTTP error"), ("timeout", ""), ("challenged", "CAPTCHA"),
                            ("error", "parsing error"), ("error", "HTTP error"), ("timeout", "")]:
        health.record("sp", outcome, reason=reason)
        health.record("sp", "ok", latency=0.1)  # a success between failures keeps engine health calm
    row = health.stats(["sp"])["sp"]
    assert row["errors"] == [
        {"outcome": "timeout", "reason": "timeout", "count": 3},
        {"outcome": "error", "reason": "HTTP error", "count": 2},
        {"outcome": "challenged", "reason": "CAPTCHA", "count": 1},
        {"outcome": "error", "reason": "parsing error", "count": 1},
    ]
    assert row["last_outcome"]["outcome"] == "ok"
    health.record("sp", "blocked", reason="access denied")
    assert health.stats(["sp"])["sp"]["last_outcome"]["outcome"] == "blocked"


def test_a_never_asked_engine_has_no_figures(health: EngineHealth) -> None:
    row = health.stats(["new"])["new"]
    assert row["calls"] == 0 and row["median_latency"] is None and row["p80_latency"] is None
    assert row["errors"] == [] and row["last_outcome"] is None and row["success_rate"] is None


def test_a_long_reason_is_cut_and_successes_keep_none_and_old_states_still_load(health: EngineHealth) -> None:
    health.record("x", "error", reason="ä" * 500)
    health.record("x", "ok", latency=0.1)
    recent = health._load("x").recent
    assert recent[0].reason == "ä" * 80 and recent[1].reason == ""
    old = b'{"recent":[[1.0,"timeout",null],[2.0,"ok",0.25]],"last_failure":{"outcome":"timeout","reason":"timeout","time":1.0}}'
    health._store.set(health._key("old"), old)  # written before failures kept their reason
    row = health.stats(["old"])["old"]
    assert row["calls"] == 2 and row["errors"] == [{"outcome": "timeout", "reason": "timeout", "count": 1}]


def test_percentile_edges() -> None:
    from searx.search.health import percentile

    assert percentile([], 0.8) is None
    assert percentile([3.0], 0.8) == 3.0
    assert percentile([5.0, 1.0], 0.5) == 3.0
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0], 0.8) == pytest.approx(4.2)


def test_a_search_records_all_its_engines_in_one_store_call(clock: Clock) -> None:
    from searx.results.search import EngineReport

    calls: list[str] = []

    class Counting(MemoryStore):
        def __getattribute__(self, name: str):
            if name in ("get", "get_many", "set", "add", "delete", "incr", "hit_window", "run"):
                calls.append(name)
            return super().__getattribute__(name)

    health = EngineHealth(Counting(clock=clock), clock=clock)
    health.record("wp", "timeout")
    calls.clear()
    health.record_all([
        EngineReport("ddg", "challenged", "CAPTCHA", elapsed=0.3),
        EngineReport("bing", "blocked", "too many requests", elapsed=0.2, retry_after=90),
        EngineReport("wp", "timeout", elapsed=3.0),   # the second in a row: a cooldown
        EngineReport("gh", "ok", results=10, elapsed=0.1),
        EngineReport("sp", "suspended", "Suspended: CAPTCHA"),  # not asked: not an outcome
    ])
    assert calls == ["run"], "one atomic store script for the whole search"
    assert health.admit_all(["ddg", "bing", "wp", "gh"]) == {"ddg": "CAPTCHA", "bing": "too many requests",
                                                              "wp": "timeout", "gh": None}
    assert cooldown_left(health, "bing") == 90 and cooldown_left(health, "wp") == 60
    assert health.names() == ["bing", "ddg", "gh", "wp"]
    assert health.stats(["gh"])["gh"]["median_latency"] == 0.1
    assert health.stats(["sp"])["sp"]["calls"] == 0


def test_an_engine_twice_in_one_batch_counts_twice(health: EngineHealth) -> None:
    from searx.results.search import EngineReport

    health.record_all([EngineReport("wp", "timeout", elapsed=1.0), EngineReport("wp", "error", elapsed=1.0)])
    assert health.stats(["wp"])["wp"]["calls"] == 2
    assert health.admit("wp") == "error"  # two infrastructure failures in a row


def test_more_outcomes_than_are_kept_drop_the_oldest(health: EngineHealth, clock: Clock) -> None:
    for i in range(105):
        clock.now += 1
        health.record("gh", "ok" if i % 5 else "no_results", latency=i / 100)
    row = health.stats(["gh"])["gh"]
    assert row["calls"] == 100
    assert row["outcomes"] == {"ok": 80, "no_results": 20, "challenged": 0, "blocked": 0, "timeout": 0, "error": 0}
    assert row["median_latency"] == pytest.approx(0.545)  # latencies 0.05 .. 1.04: the first five dropped
