"""The Store contract, run against MemoryStore and ValkeyStore alike."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

from searx.store import MemoryStore, Script, Store


@dataclass
class Case:
    store: Store
    advance: Callable[[float], None]  # let time pass for TTLs


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture(params=["memory", pytest.param("valkey", marks=pytest.mark.valkey)])
def case(request: pytest.FixtureRequest, prefix: str) -> Iterator[Case]:
    if request.param == "memory":
        clock = FakeClock()
        yield Case(MemoryStore(clock=clock), clock.advance)
        return
    from searx.store.valkey import ValkeyStore

    server = request.getfixturevalue("valkey_server")
    store = ValkeyStore(server.url, prefix=prefix)
    # Valkey expires keys on its own clock, so real time has to pass
    yield Case(store, lambda seconds: time.sleep(seconds))
    store.close()


def test_get_missing_is_none(case: Case) -> None:
    assert case.store.get("nothing") is None


def test_set_get_round_trip_keeps_bytes(case: Case) -> None:
    case.store.set("k", b"\x00\xffbinary\n")
    assert case.store.get("k") == b"\x00\xffbinary\n"
    case.store.set("k", b"second")
    assert case.store.get("k") == b"second"


def test_set_ttl_expires_and_no_ttl_stays(case: Case) -> None:
    case.store.set("short", b"v", ttl=0.2)
    case.store.set("forever", b"v")
    assert case.store.get("short") == b"v"
    case.advance(0.3)
    assert case.store.get("short") is None
    assert case.store.get("forever") == b"v"


def test_add_stores_only_when_absent(case: Case) -> None:
    assert case.store.add("lock", b"first", ttl=0.2) is True
    assert case.store.add("lock", b"second", ttl=0.2) is False
    assert case.store.get("lock") == b"first"
    case.advance(0.3)
    assert case.store.add("lock", b"third") is True
    assert case.store.get("lock") == b"third"


def test_delete_present_and_absent(case: Case) -> None:
    case.store.set("k", b"v")
    case.store.delete("k")
    case.store.delete("k")
    assert case.store.get("k") is None
    assert case.store.add("k", b"again") is True


def test_incr_counts_from_one(case: Case) -> None:
    assert [case.store.incr("n") for _ in range(3)] == [1, 2, 3]
    assert case.store.get("n") == b"3"


def test_incr_ttl_is_set_on_creation_only(case: Case) -> None:
    assert case.store.incr("n", ttl=0.3) == 1
    case.advance(0.2)
    assert case.store.incr("n", ttl=0.3) == 2  # does not push the expiry back
    case.advance(0.2)
    assert case.store.incr("n", ttl=0.3) == 1


def test_incr_on_text_is_a_value_error(case: Case) -> None:
    case.store.set("word", b"hello")
    with pytest.raises(ValueError):
        case.store.incr("word")


def test_hit_window_allows_limit_then_tells_the_wait(case: Case) -> None:
    hits = [case.store.hit_window("w", t, 10.0, 3) for t in (0.0, 1.0, 2.0)]
    assert hits == [(True, 0.0)] * 3
    allowed, wait = case.store.hit_window("w", 3.0, 10.0, 3)
    assert allowed is False
    assert wait == pytest.approx(7.0)
    allowed, wait = case.store.hit_window("w", 9.5, 10.0, 3)
    assert (allowed, wait) == (False, pytest.approx(0.5))
    # the hit at 0 leaves the window at 10; refused hits were not recorded
    assert case.store.hit_window("w", 10.0, 10.0, 3) == (True, 0.0)
    assert case.store.hit_window("w", 10.5, 10.0, 3)[0] is False
    assert case.store.hit_window("w", 11.0, 10.0, 3)[0] is True


def test_hit_window_counts_hits_at_the_same_instant(case: Case) -> None:
    assert case.store.hit_window("same", 5.0, 60.0, 2)[0] is True
    assert case.store.hit_window("same", 5.0, 60.0, 2)[0] is True
    assert case.store.hit_window("same", 5.0, 60.0, 2)[0] is False


def test_hit_window_keys_are_independent(case: Case) -> None:
    assert case.store.hit_window("a", 1.0, 60.0, 1)[0] is True
    assert case.store.hit_window("a", 1.0, 60.0, 1)[0] is False
    assert case.store.hit_window("b", 1.0, 60.0, 1)[0] is True


def _in_threads(count: int, work: Callable[[], object]) -> list[object]:
    results: list[object] = []
    lock = threading.Lock()
    start = threading.Barrier(count)

    def run() -> None:
        start.wait()
        value = work()
        with lock:
            results.append(value)

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert len(results) == count
    return results


def test_operations_are_atomic_across_threads(case: Case) -> None:
    assert sum(1 for won in _in_threads(16, lambda: case.store.add("lock", b"x")) if won) == 1
    counts = _in_threads(16, lambda: case.store.incr("n"))
    assert sorted(counts) == list(range(1, 17))  # type: ignore[type-var]
    hits = _in_threads(16, lambda: case.store.hit_window("w", 1.0, 60.0, 5))
    assert sum(1 for allowed, _ in hits if allowed) == 5  # type: ignore[misc]


# A script changes several keys in one step: appends to one, deletes another.
_APPEND = Script(
    "test-append",
    "local v = redis.call('GET', KEYS[1]) or ''\n"
    "redis.call('SET', KEYS[1], v .. ARGV[1])\n"
    "redis.call('DEL', KEYS[2])\n",
    lambda values, args: [(values[0] or b"") + args[0].encode(), None],
)


def test_run_applies_a_script_to_several_keys(case: Case) -> None:
    case.store.set("gone", b"x")
    case.store.run(_APPEND, ["log", "gone"], ["a"])
    case.store.run(_APPEND, ["log", "gone"], ["b"])
    assert case.store.get("log") == b"ab"
    assert case.store.get("gone") is None


def test_run_from_many_threads_loses_no_change(case: Case) -> None:
    def worker() -> None:
        for _ in range(25):
            case.store.run(_APPEND, ["many", "unused"], ["."])

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert case.store.get("many") == b"." * 100


def test_get_many_reads_several_keys_in_their_order(case: Case) -> None:
    case.store.set("m1", b"one")
    case.store.set("m3", b"three", ttl=0.2)
    assert case.store.get_many(["m3", "missing", "m1"]) == [b"three", None, b"one"]
    case.advance(0.3)
    assert case.store.get_many(["m3", "m1"]) == [None, b"one"]
    assert case.store.get_many([]) == []
