"""ResilientStore: degrade to memory while the primary is away, come back after it returns."""

from __future__ import annotations

import logging
import time

import pytest
import valkey

from searx.store import MemoryStore, Script, StoreError
from searx.store.fallback import ResilientStore
from searx.store.valkey import ValkeyStore


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class FlakyStore(MemoryStore):
    """A primary that can be switched off; counts the calls that reached it."""

    def __init__(self) -> None:
        super().__init__()
        self.up = True
        self.calls = 0

    def get(self, key: str) -> bytes | None:
        self.calls += 1
        if not self.up:
            raise StoreError("down for the test")
        return super().get(key)


def test_degrades_logs_once_probes_after_backoff_and_recovers(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="searx.store")
    primary, fallback, clock = FlakyStore(), MemoryStore(), FakeClock()
    primary.set("k", b"shared")
    fallback.set("k", b"local")
    store = ResilientStore(primary, fallback, backoff=5.0, clock=clock)
    assert store.get("k") == b"shared"

    primary.up = False
    assert store.get("k") == b"local"
    assert store.degraded
    calls = primary.calls
    for _ in range(10):
        assert store.get("k") == b"local"
    assert primary.calls == calls  # no probing before the back-off is over
    assert [r.message for r in caplog.records].count(caplog.records[0].message) == 1
    assert "unavailable" in caplog.records[0].message

    clock.now = 5.0
    assert store.get("k") == b"local"  # probed, still down
    assert primary.calls == calls + 1
    assert len(caplog.records) == 1  # still one line for the whole outage

    primary.up = True
    clock.now = 9.0
    assert store.get("k") == b"local"  # the next probe waits for its back-off
    clock.now = 10.0
    assert store.get("k") == b"shared"
    assert not store.degraded
    assert "recovered" in caplog.records[-1].message


def test_caller_errors_are_not_mistaken_for_an_outage() -> None:
    store = ResilientStore(MemoryStore(), MemoryStore())
    store.set("word", b"hello")
    with pytest.raises(ValueError):
        store.incr("word")
    assert not store.degraded


def test_every_method_falls_back() -> None:
    class Dead:
        def __getattr__(self, name: str):
            def fail(*args: object) -> None:
                raise StoreError("dead")

            return fail

    store = ResilientStore(Dead(), MemoryStore())  # type: ignore[arg-type]
    store.set("k", b"v", 10)
    assert store.get("k") == b"v"
    assert store.add("lock", b"1", 10) is True
    assert store.incr("n") == 1
    assert store.hit_window("w", 1.0, 60.0, 1) == (True, 0.0)
    store.delete("k")
    assert store.get("k") is None
    store.run(Script("t", "", lambda values, args: [args[0].encode()]), ["s"], ["ran"])
    assert store.get_many(["s", "k"]) == [b"ran", None]
    assert store.get("s") == b"ran"


@pytest.mark.valkey
def test_real_server_killed_then_back(own_valkey_server, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="searx.store")
    clock = FakeClock()
    store = ResilientStore(ValkeyStore(own_valkey_server.url), MemoryStore(), backoff=5.0, clock=clock)
    store.set("cooldown", b"shared", ttl=60)
    assert store.get("cooldown") == b"shared"

    own_valkey_server.stop()
    started = time.monotonic()
    assert store.get("cooldown") is None  # memory has not seen it: degraded, not failing
    store.set("cooldown", b"local", ttl=60)
    assert store.get("cooldown") == b"local"
    assert store.hit_window("w", 1.0, 60.0, 1) == (True, 0.0)
    assert time.monotonic() - started < 1.0
    assert store.degraded
    assert any("unavailable" in r.message for r in caplog.records)

    own_valkey_server.start()
    raw = valkey.Valkey.from_url(own_valkey_server.url)
    raw.set("searx:cooldown", b"from another instance")
    raw.close()
    assert store.get("cooldown") == b"local"  # back-off not over yet
    clock.now = 5.0
    assert store.get("cooldown") == b"from another instance"
    assert not store.degraded
    assert "recovered" in caplog.records[-1].message
    # the restarted server lost its script cache; the Lua-backed calls still work
    assert store.incr("n", ttl=60) == 1
    assert store.hit_window("w", 1.0, 60.0, 1) == (True, 0.0)
    assert store.hit_window("w", 1.0, 60.0, 1)[0] is False
    store.close()
