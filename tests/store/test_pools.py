"""Pools of the store: each kind of value within its own budget, in memory and on Valkey alike."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

from searx.store import MemoryStore, Pool, Store, StoreError, StoreFull, pool
from searx.store.fallback import ResilientStore
from tests.store.test_store_conformance import FakeClock

KIB = 1024


@dataclass
class Case:
    store: Store
    advance: Callable[[float], None]  # let time pass for TTLs
    used: Callable[[Store], int]  # the bytes a pool counts


@pytest.fixture(params=["memory", pytest.param("valkey", marks=pytest.mark.valkey)])
def case(request: pytest.FixtureRequest, prefix: str) -> Iterator[Case]:
    if request.param == "memory":
        clock = FakeClock()
        yield Case(MemoryStore(clock=clock), clock.advance, lambda p: p.byte_count)  # type: ignore[attr-defined]
        return
    from searx.store.valkey import ValkeyStore

    server = request.getfixturevalue("valkey_server")
    store = ValkeyStore(server.url, prefix=prefix)
    yield Case(store, time.sleep, lambda p: p.used())  # type: ignore[attr-defined]
    store.close()


def test_a_flood_in_one_pool_pushes_out_only_that_pools_oldest_values(case: Case) -> None:
    state = case.store
    state.set("cooldown", b"until 2100", ttl=60)
    state.set("marker", b"1")
    cache = pool(state, Pool("cache", 64 * KIB))
    other = pool(state, Pool("other", 64 * KIB))
    other.set("kept", b"v" * 1000)
    for n in range(200):
        cache.set(f"c{n}", b"x" * 1000, ttl=60)
    assert case.used(cache) <= 64 * KIB
    assert cache.get("c199") == b"x" * 1000 and cache.get("c0") is None  # the oldest went first
    assert state.get("cooldown") == b"until 2100" and state.get("marker") == b"1"
    assert other.get("kept") == b"v" * 1000 and 1004 <= case.used(other) < 1100  # on Valkey: with the prefix


def test_replacing_and_deleting_keep_the_count_right(case: Case) -> None:
    cache = pool(case.store, Pool("cache", 64 * KIB))
    cache.set("k", b"a" * 100)
    cache.set("k", b"b" * 300)
    assert 301 <= case.used(cache) < 400
    cache.delete("k")
    assert case.used(cache) == 0 and cache.get("k") is None
    cache.set("big", b"x" * (65 * KIB))  # over the whole budget: not kept, nothing pushed out
    cache.set("small", b"s")
    cache.set("big", b"x" * (65 * KIB))
    assert cache.get("big") is None and cache.get("small") == b"s"


def test_a_pool_bounds_its_keys_too(case: Case) -> None:
    cache = pool(case.store, Pool("cache", 64 * KIB, max_keys=10))
    for n in range(25):
        cache.set(f"k{n}", b"v")
    assert [cache.get(f"k{n}") for n in (14, 15, 24)] == [None, b"v", b"v"]


def test_a_refusing_pool_keeps_what_it_holds_and_refuses_more(case: Case) -> None:
    links = pool(case.store, Pool("links", 7680, refuse=True))  # 7 links of ~1 kB, not 8
    for n in range(7):
        assert links.add(f"l{n}", b"x" * 1000, ttl=0.5)
    with pytest.raises(StoreFull):
        links.add("l7", b"x" * 1000, ttl=0.5)
    with pytest.raises(StoreFull):
        links.set("l8", b"x" * 1000, ttl=0.5)
    assert all(links.get(f"l{n}") == b"x" * 1000 for n in range(7))
    assert not links.add("l0", b"again", ttl=0.5)  # present: only if absent
    assert isinstance(StoreFull("x"), Exception) and not isinstance(StoreFull("x"), StoreError)
    case.advance(1.1)  # they expire on their own: room again
    assert links.add("l9", b"x" * 1000, ttl=0.5)
    assert case.used(links) <= 7680


def test_a_pool_is_made_once_and_its_budget_is_fixed(case: Case) -> None:
    one = pool(case.store, Pool("cache", 64 * KIB))
    assert pool(case.store, Pool("cache", 64 * KIB)) is one
    with pytest.raises(ValueError, match="cache"):
        pool(case.store, Pool("cache", 128 * KIB))


def test_pools_fall_back_to_memory_pools_of_the_same_budget_on_one_breaker() -> None:
    from searx.store.valkey import ValkeyStore

    store = ResilientStore(ValkeyStore("valkey://127.0.0.1:1/0", timeout=0.2), MemoryStore(), backoff=60)  # away
    cache = pool(store, Pool("cache", 64 * KIB))
    for n in range(200):
        cache.set(f"c{n}", b"x" * 1000)
    assert store.degraded  # the pool's failure is the store's: one breaker, one log line
    fallback = cache.fallback  # type: ignore[attr-defined]
    assert isinstance(fallback, MemoryStore) and fallback.byte_count <= 64 * KIB
    assert fallback is pool(store.fallback, Pool("cache", 64 * KIB))
    store.set("state", b"1")
    assert store.get("state") == b"1" and cache.get("state") is None


@pytest.mark.parametrize(("section", "values", "key"), [
    ("ai_summary", {"share_bytes": 4096}, "ai_summary.share_bytes"),
    ("ai_summary", {"conversation_bytes": 0}, "ai_summary.conversation_bytes"),
    ("ai_summary", {"shares_per_client": -1}, "ai_summary.shares_per_client"),
    ("map", {"tile_cache_bytes": 1000}, "map.tile_cache_bytes"),
])  # fmt: skip
def test_a_pool_budget_that_cannot_work_stops_start_up_naming_the_key(section: str, values: dict, key: str) -> None:
    from searx.errors import SettingsError
    from searx.services import check
    from tests.conftest import make_settings

    with pytest.raises(SettingsError, match=key.replace(".", r"\.")):
        check(make_settings([], **{section: values}))
