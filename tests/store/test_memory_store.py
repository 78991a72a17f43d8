"""MemoryStore stays within ``max_keys`` by least-recent use, values and windows alike."""

from __future__ import annotations

from searx.store import MemoryStore


def test_live_windows_past_the_bound_evict_the_least_recent() -> None:
    store = MemoryStore(max_keys=10)
    for i in range(100):  # every window is live: the hits are within a minute
        assert store.hit_window(f"client-{i}", 1.0 + i / 1000, 60.0, 5) == (True, 0.0)
    # the newest clients keep their windows; the oldest start again
    assert store.hit_window("client-99", 2.0, 60.0, 1)[0] is False
    assert store.hit_window("client-0", 2.0, 60.0, 1)[0] is True
    assert len(store) == 10


def test_a_recently_used_window_survives_eviction() -> None:
    store = MemoryStore(max_keys=3)
    store.hit_window("busy", 1.0, 60.0, 1)
    for i in range(10):
        store.hit_window(f"once-{i}", 1.0, 60.0, 5)
        store.hit_window("busy", 1.0, 60.0, 1)  # refused, but it counts as use
    assert store.hit_window("busy", 1.5, 60.0, 1)[0] is False


def test_values_past_the_bound_evict_the_least_recently_used() -> None:
    store = MemoryStore(max_keys=3)
    for key in ("a", "b", "c"):
        store.set(key, b"v", ttl=60)
    assert store.get("a") == b"v"  # a is now the most recent
    store.set("d", b"v")
    assert store.get("b") is None
    assert [store.get(k) for k in ("a", "c", "d")] == [b"v"] * 3
    store.incr("n")
    store.add("lock", b"x")
    assert len(store) == 3


def test_an_expired_value_is_not_counted_as_used() -> None:
    now = [0.0]
    store = MemoryStore(clock=lambda: now[0], max_keys=2)
    store.set("short", b"v", ttl=1)
    now[0] = 2.0
    assert store.get("short") is None
    store.set("x", b"1")
    store.set("y", b"2")
    assert store.get("x") == b"1" and store.get("y") == b"2"


def test_values_past_the_byte_bound_evict_the_least_recently_used() -> None:
    store = MemoryStore(max_bytes=10_000)
    for i in range(100):
        store.set(f"k{i:02d}", b"x" * 1000, ttl=60)
        assert store.byte_count <= 10_000
    assert store.byte_count == 9 * 1003 and [store.get(f"k{i:02d}") is not None for i in (90, 91, 99)] == [False, True, True]
    store.set("k99", b"y")  # replacing a value counts its new size only
    assert store.byte_count == 8 * 1003 + 4 and store.get("k99") == b"y"
    store.delete("k98")
    store.incr("n")
    assert store.byte_count == 7 * 1003 + 4 + 2


def test_a_value_larger_than_the_byte_bound_is_not_kept() -> None:
    store = MemoryStore(max_bytes=1000)
    store.set("small", b"s")
    store.set("huge", b"h" * 2000)
    assert store.get("huge") is None and store.get("small") == b"s" and store.byte_count == 6  # nothing pushed out


def test_expired_values_leave_the_byte_count() -> None:
    now = [0.0]
    store = MemoryStore(clock=lambda: now[0])
    store.set("short", b"v" * 100, ttl=1)
    now[0] = 2.0
    assert store.get("short") is None and store.byte_count == 0
