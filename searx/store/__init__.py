"""Shared state behind one small interface (memory by default, Valkey later).

Everything that several instances must agree on goes through a ``Store``:
engine health and cooldowns, caches, rate-limit windows, in-flight locks.
Values are bytes; callers encode (msgspec JSON) themselves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from searx.errors import SearxError, SettingsError
from searx.store.memory import MemoryStore
from searx.store.script import Script


class StoreError(SearxError):
    """The shared store cannot be reached or refused to work; callers degrade."""


class Store(Protocol):
    """The shared-state interface. Every method is atomic for one key."""

    def get(self, key: str) -> bytes | None:
        """The value, or None when absent or expired."""

    def set(self, key: str, value: bytes, ttl: float | None = None) -> None:
        """Store ``value``; it expires after ``ttl`` seconds when given."""

    def add(self, key: str, value: bytes, ttl: float | None = None) -> bool:
        """Store only if absent; True when this call stored it (a lock)."""

    def delete(self, key: str) -> None:
        """Remove the key if present."""

    def incr(self, key: str, ttl: float | None = None) -> int:
        """Add one to an integer counter (created at 0); sets ``ttl`` on creation."""

    def hit_window(self, key: str, now: float, window: float, limit: int) -> tuple[bool, float]:
        """Sliding window: record a hit at ``now`` if fewer than ``limit`` hits lie in
        the last ``window`` seconds. Returns (allowed, seconds until the next slot)."""

    def run(self, script: Script, keys: Sequence[str], args: Sequence[str]) -> None:
        """Apply ``script`` to ``keys`` atomically (one round trip on Valkey)."""


_VALKEY_SCHEMES = ("valkey", "valkeys", "redis", "rediss", "unix")
_KEYS: dict[str, type | tuple[type, ...]] = {
    "url": str,
    "prefix": str,
    "timeout": (int, float),
    "backoff": (int, float),
    "max_keys": int,
}


def open_store(config: Mapping[str, Any]) -> Store:
    """The store named by the ``store:`` settings; raises SettingsError naming the key.

    ``{}`` or ``url: memory://`` gives the in-process MemoryStore; a
    ``valkey://``, ``redis://`` or ``unix://`` URL gives a Valkey store that
    falls back to memory while the server is away. Nothing connects here.
    """
    for key, value in config.items():
        kinds = _KEYS.get(key)
        if kinds is None:
            raise SettingsError(f"store.{key}: unknown key (known: {', '.join(_KEYS)})")
        if not isinstance(value, kinds) or isinstance(value, bool):
            raise SettingsError(f"store.{key}: expected {getattr(kinds, '__name__', 'a number')}")
    max_keys = config.get("max_keys", 100_000)
    url = config.get("url") or "memory://"
    scheme = url.partition(":")[0].lower()
    if scheme == "memory":
        return MemoryStore(max_keys=max_keys)
    if scheme not in _VALKEY_SCHEMES:
        raise SettingsError(f"store.url: unsupported scheme {scheme!r} (memory, {', '.join(_VALKEY_SCHEMES)})")
    # imported here: a memory-only instance never loads the Valkey client
    from searx.store.fallback import ResilientStore
    from searx.store.valkey import ValkeyStore

    try:
        primary = ValkeyStore(url, prefix=config.get("prefix", "searx:"), timeout=config.get("timeout", 0.25))
    except ValueError as exc:
        raise SettingsError(f"store.url: {exc}") from exc
    return ResilientStore(primary, MemoryStore(max_keys=max_keys), backoff=config.get("backoff", 5.0))


__all__ = ["MemoryStore", "Script", "Store", "StoreError", "open_store"]
