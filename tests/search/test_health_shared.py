"""Engine health shared by several instances on one real Valkey: no update is lost,
and the Valkey script and the memory store's update make the same decisions."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator

import pytest

from searx.search.health import EngineHealth
from searx.store import MemoryStore

pytestmark = pytest.mark.valkey


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def prefix() -> str:
    return f"test-health-{uuid.uuid4().hex[:10]}:"


@pytest.fixture
def valkey_stores(valkey_server, prefix) -> Iterator[list]:
    """Two stores with their own connections, as two instances have."""
    from searx.store.valkey import ValkeyStore

    stores = [ValkeyStore(valkey_server.url, prefix=prefix, timeout=5.0) for _ in range(2)]
    yield stores
    for store in stores:
        store.close()


def _race(healths: list[EngineHealth], calls: int, engines: list[list[str]]) -> None:
    """Each health object records ``calls`` outcomes for each of its engines, all threads at once."""
    start = threading.Barrier(len(healths) * 2)
    errors: list[BaseException] = []

    def worker(health: EngineHealth, offset: int) -> None:
        start.wait()
        try:
            for i in range(calls):
                for engine in engines[offset % len(healths)]:
                    health.record(engine, "ok", latency=0.001 * (offset + i), results=1)
        except BaseException as exc:  # noqa: BLE001 - surfaced by the assertion below
            errors.append(exc)

    # two threads per instance: one instance's own lock must not be what saves the updates
    threads = [threading.Thread(target=worker, args=(h, n)) for n, h in enumerate(healths * 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not errors, errors


def test_two_instances_recording_the_same_engine_lose_no_update(valkey_stores) -> None:
    healths = [EngineHealth(store) for store in valkey_stores]
    _race(healths, calls=20, engines=[["shared"], ["shared"]])
    # 4 threads x 20 outcomes = 80, fewer than the 100 outcomes kept per engine
    for health in healths:
        assert health.stats(["shared"])["shared"]["calls"] == 80


def test_two_instances_each_naming_a_new_engine_keep_both_names(valkey_stores) -> None:
    healths = [EngineHealth(store) for store in valkey_stores]
    own = [[f"a{i:02}" for i in range(15)], [f"b{i:02}" for i in range(15)]]
    _race(healths, calls=1, engines=own)
    assert healths[0].names() == sorted(own[0] + own[1])
    assert healths[1].stats(["a07"])["a07"]["calls"] == 2


# The same outcomes through the Valkey script and through the memory store's update:
# cooldowns, doubling, probes, Retry-After, late answers and the success reset.
SEQUENCE: list[tuple[float, str, dict]] = [
    (0, "ok", {"latency": 0.2}),
    (1, "timeout", {}),
    (2, "error", {"reason": "HTTP error"}),          # second infra failure: 60 s
    (3, "timeout", {}),                             # late answer while cooling: no doubling
    (70, "timeout", {}),                            # the failed probe: 120 s
    (200, "no_results", {"latency": 0.4}),          # success resets everything
    (201, "challenged", {"reason": "CAPTCHA"}),     # 300 s
    (202, "challenged", {}),                        # late, no doubling
    (203, "blocked", {"reason": "too many requests", "retry_after": 900}),  # a longer Retry-After counts
    (1200, "challenged", {"reason": "CAPTCHA"}),    # probe challenged: 600 s
    (1900, "blocked", {"retry_after": 10 ** 9}),    # Retry-After capped at a day
]


def _states(health: EngineHealth, clock: Clock) -> list[dict]:
    out = []
    for at, outcome, extra in SEQUENCE:
        clock.now = 1_000_000.0 + at
        health.record("seq", outcome, **extra)
        state = health._load("seq")
        out.append({
            "cooldown_until": state.cooldown_until, "reason": state.cooldown_reason,
            "started": state.cooldown_started, "bot_checks": state.bot_checks,
            "infra_failures": state.infra_failures, "infra_cooldowns": state.infra_cooldowns,
            "last_failure": state.last_failure,
            "recent": [(e.time, e.outcome, e.latency, e.reason) for e in state.recent],
            "stats": health.stats(["seq"])["seq"],  # the percentiles and error kinds read the same state
        })
    return out


def test_the_valkey_script_decides_as_the_memory_store(valkey_stores) -> None:
    memory_clock, valkey_clock = Clock(), Clock()
    expected = _states(EngineHealth(MemoryStore(clock=memory_clock), clock=memory_clock), memory_clock)
    got = _states(EngineHealth(valkey_stores[0], clock=valkey_clock), valkey_clock)
    assert got == expected
    assert expected[4]["cooldown_until"] == 1_000_000.0 + 70 + 120
    assert expected[-1]["cooldown_until"] == 1_000_000.0 + 1900 + 86400
    assert expected[-1]["recent"][2][3] == "HTTP error" and expected[-1]["recent"][0][3] == ""
    assert expected[-1]["stats"]["errors"][0] == {"outcome": "challenged", "reason": "CAPTCHA", "count": 3}


def test_ending_a_cooldown_is_one_update_too(valkey_stores) -> None:
    a, b = (EngineHealth(store) for store in valkey_stores)
    a.record("sp", "challenged", reason="CAPTCHA")
    assert b.admit("sp") == "CAPTCHA"
    b.end_cooldown("sp")
    assert a.admit("sp") is None
    assert a.stats(["sp"])["sp"]["calls"] == 1, "ending a cooldown keeps the recorded outcomes"


def test_a_search_s_batch_decides_on_valkey_as_in_memory(valkey_stores) -> None:
    """One script for every engine of a search: the same states on both stores, a name twice included."""
    from searx.results.search import EngineReport

    batches = [
        [EngineReport("a", "ok", elapsed=0.1), EngineReport("b", "timeout", elapsed=3.0),
         EngineReport("c", "challenged", "CAPTCHA", elapsed=0.2)],
        [EngineReport("b", "error", "HTTP error", elapsed=0.5), EngineReport("a", "no_results", elapsed=0.3),
         EngineReport("d", "blocked", elapsed=0.1, retry_after=42), EngineReport("d", "timeout", elapsed=1.0)],
        [EngineReport("c", "ok", elapsed=0.2), EngineReport("x", "suspended", "Suspended: timeout")],
    ]

    def states(health: EngineHealth, clock: Clock) -> list[dict]:
        out = []
        for at, batch in enumerate(batches):
            clock.now = 1_000_000.0 + at
            health.record_all(batch)
            out.append({n: health._load(n) for n in health.names()} | {"names": health.names()})
        return out

    memory_clock, valkey_clock = Clock(), Clock()
    expected = states(EngineHealth(MemoryStore(clock=memory_clock), clock=memory_clock), memory_clock)
    got = states(EngineHealth(valkey_stores[0], clock=valkey_clock), valkey_clock)
    assert got == expected
    assert expected[-1]["names"] == ["a", "b", "c", "d"]
    assert expected[1]["b"].cooldown_until == 1_000_001.0 + 60
    assert expected[1]["d"].cooldown_until == 1_000_001.0 + 42 and len(expected[1]["d"].recent) == 2
