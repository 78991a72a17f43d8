"""The ``Store`` interface and its errors: what every store implements and callers rely on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from searx.errors import SearxError
from searx.store.script import Script


class StoreError(SearxError):
    """The shared store cannot be reached or refused to work; callers degrade."""

    code = "store_unavailable"


class StoreFull(SearxError):
    """A pool that keeps every value until it expires (``searx.store.pools``) has no room for one more.

    Not a ``StoreError``: the store works, and a fallback would not have the room either."""

    code = "store_full"


@dataclass(frozen=True)
class Pool:
    """A part of the store with its own budget (``searx.store.pools``). ``name``: its namespace on Valkey
    (``<prefix>pool:<name>:…``); ``refuse``: when full, refuse a new value (``StoreFull``) instead of pushing
    out the oldest (its values must then all have one time to live)."""

    name: str
    max_bytes: int
    max_keys: int = 100_000
    refuse: bool = False


class Pools:
    """What a store with pools has (``searx.store.pools``): each pool is made once, on first use, so every
    caller naming it shares it (in memory a pool is a dict of its own)."""

    def _make_pool(self, spec: Pool) -> Store:
        raise NotImplementedError

    def pool(self, spec: Pool) -> Store:
        made: dict[str, tuple[Pool, Store]] = self.__dict__.setdefault("_pools", {})
        if spec.name not in made:
            made[spec.name] = (spec, self._make_pool(spec))
        elif made[spec.name][0] != spec:
            raise ValueError(f"store pool {spec.name!r} asked for with two budgets")
        return made[spec.name][1]


class Store(Protocol):
    """The shared-state interface. Every method is atomic for one key."""

    def get(self, key: str) -> bytes | None:
        """The value, or None when absent or expired."""

    def get_many(self, keys: Sequence[str]) -> list[bytes | None]:
        """``get`` for several keys in one round trip (the values in the keys' order)."""

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
