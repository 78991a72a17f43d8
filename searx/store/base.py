"""The ``Store`` interface and its error: what every store implements and callers rely on."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from searx.errors import SearxError
from searx.store.script import Script


class StoreError(SearxError):
    """The shared store cannot be reached or refused to work; callers degrade."""

    code = "store_unavailable"


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
