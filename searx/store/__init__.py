"""Shared state behind one small interface (memory by default, Valkey later).

Everything that several instances must agree on goes through a ``Store``:
engine health and cooldowns, caches, rate-limit windows, in-flight locks.
Values are bytes; callers encode (msgspec JSON) themselves.
"""

from __future__ import annotations

from typing import Protocol

from searx.store.memory import MemoryStore


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


__all__ = ["MemoryStore", "Store"]
