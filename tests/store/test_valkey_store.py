"""What only the Valkey store does: prefixes, server-side expiry, errors, the factory."""

from __future__ import annotations

import socket
import time

import pytest
import valkey

from searx.errors import SettingsError
from searx.store import MemoryStore, StoreError, open_store
from searx.store.fallback import ResilientStore
from searx.store.valkey import ValkeyStore


@pytest.mark.valkey
def test_keys_carry_the_prefix_and_expiry_lives_on_the_server(valkey_server, prefix: str) -> None:
    store = ValkeyStore(valkey_server.url, prefix=prefix)
    raw = valkey.Valkey.from_url(valkey_server.url)
    store.set("cache", b"v", ttl=30)
    store.incr("count", ttl=30)
    store.hit_window("window", time.time(), 60.0, 5)
    assert raw.get(prefix + "cache") == b"v"
    assert raw.get("cache") is None
    assert 0 < raw.pttl(prefix + "cache") <= 30_000
    assert 0 < raw.pttl(prefix + "count") <= 30_000
    # the window's sorted set goes away by itself once the window is over
    assert 0 < raw.pttl(prefix + "window") <= 60_000
    store.close()
    raw.close()


@pytest.mark.valkey
def test_two_stores_on_one_server_share_state(valkey_server, prefix: str) -> None:
    one, two = ValkeyStore(valkey_server.url, prefix=prefix), ValkeyStore(valkey_server.url, prefix=prefix)
    one.set("cooldown:engine", b"1", ttl=30)
    assert two.get("cooldown:engine") == b"1"
    assert one.add("inflight", b"a", ttl=30) is True
    assert two.add("inflight", b"b", ttl=30) is False
    assert one.hit_window("w", 1.0, 60.0, 1)[0] is True
    assert two.hit_window("w", 1.0, 60.0, 1)[0] is False


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_unreachable_server_raises_store_unavailable_quickly() -> None:
    store = ValkeyStore(f"valkey://127.0.0.1:{_closed_port()}/0")
    started = time.monotonic()
    for call in (lambda: store.get("k"), lambda: store.set("k", b"v"), lambda: store.incr("k")):
        with pytest.raises(StoreError):
            call()
    assert time.monotonic() - started < 1.0
    with pytest.raises(StoreError):
        store.ping()


def test_a_silent_server_costs_one_timeout() -> None:
    # a listener that accepts and never answers: the socket timeout must end the call
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        store = ValkeyStore(f"valkey://127.0.0.1:{listener.getsockname()[1]}/0", timeout=0.2)
        started = time.monotonic()
        with pytest.raises(StoreError):
            store.get("k")
        assert time.monotonic() - started < 1.0


@pytest.mark.parametrize("config", [{}, {"url": "memory://"}, {"url": "", "max_keys": 10}])
def test_open_store_memory(config: dict) -> None:
    assert isinstance(open_store(config), MemoryStore)


@pytest.mark.parametrize(
    "url", ["valkey://127.0.0.1:6390/0", "redis://localhost:6379/1", "unix:///run/valkey/valkey.sock"]
)
def test_open_store_valkey_urls_give_a_resilient_store(url: str) -> None:
    store = open_store({"url": url, "prefix": "x:", "timeout": 0.1, "backoff": 2})
    assert isinstance(store, ResilientStore)
    assert isinstance(store.primary, ValkeyStore)
    assert isinstance(store.fallback, MemoryStore)


@pytest.mark.valkey
def test_open_store_talks_to_a_real_server(valkey_server, prefix: str) -> None:
    store = open_store({"url": valkey_server.url, "prefix": prefix})
    store.set("k", b"v")
    assert ValkeyStore(valkey_server.url, prefix=prefix).get("k") == b"v"


@pytest.mark.parametrize(
    ("config", "key"),
    [
        ({"url": "http://localhost"}, "store.url"),
        ({"url": "memcached://x"}, "store.url"),
        ({"adress": "valkey://x"}, "store.adress"),
        ({"url": "valkey://x", "timeout": "fast"}, "store.timeout"),
        ({"max_keys": True}, "store.max_keys"),
        ({"cache_bytes": 1000}, "store.cache_bytes"),
    ],
)
def test_open_store_bad_settings_name_the_key(config: dict, key: str) -> None:
    with pytest.raises(SettingsError, match=key.replace(".", r"\.")):
        open_store(config)


@pytest.mark.valkey
def test_limiter_windows_and_summary_slots_are_shared_through_valkey(valkey_server, prefix: str) -> None:
    from searx.limiter import Cap, Limiter, Rule, Rules

    rules = Rules(routes={"search": Rule(2, 60.0)}, ai_summary_global=Cap(1, 240.0))
    one = Limiter(ValkeyStore(valkey_server.url, prefix=prefix), rules)
    two = Limiter(ValkeyStore(valkey_server.url, prefix=prefix), rules)
    now = time.time()
    assert one.check("search", "198.51.100.1", now)[0] is True
    assert two.check("search", "198.51.100.1", now)[0] is True
    allowed, wait = one.check("search", "198.51.100.1", now + 1)
    assert (allowed, wait) == (False, pytest.approx(59.0))
    token = one.acquire_generation()
    assert token is not None
    assert two.acquire_generation() is None
    raw = valkey.Valkey.from_url(valkey_server.url)
    assert 0 < raw.pttl(prefix + "limit:gen:0") <= 240_000  # a crashed worker cannot hold it forever
    raw.close()
    one.release_generation(token)
    assert two.acquire_generation() is not None


def test_every_store_key_is_documented() -> None:
    from pathlib import Path

    from searx.settings_sections import StoreSettings

    doc = (Path(__file__).resolve().parents[2] / "docs" / "admin" / "deploy.md").read_text(encoding="utf-8")
    for key in StoreSettings.__struct_fields__:
        assert f"`store.{key}`" in doc, key
