"""Keep serving when the shared store goes away: degrade to memory, then recover.

While the primary (Valkey) is unreachable, every call goes to an in-process
fallback; one call per back-off period probes the primary again.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from searx.store.base import Pool, Pools, Store, StoreError
from searx.store.memory import MemoryStore
from searx.store.script import Script

log = logging.getLogger("searx.store")


class Breaker:
    """Whether the primary is away, shared by a store and its pools: one log line, one probe per back-off."""

    def __init__(self, backoff: float = 5.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.backoff = backoff
        self._clock = clock
        self._lock = threading.Lock()
        self.degraded = False
        self._retry_at = 0.0

    def use_primary(self) -> bool:
        if not self.degraded:
            return True
        with self._lock:
            now = self._clock()
            if not self.degraded or now >= self._retry_at:
                # this caller probes; the others keep using the fallback meanwhile
                self._retry_at = now + self.backoff
                return True
            return False

    def failed(self, exc: StoreError) -> None:
        with self._lock:
            self._retry_at = self._clock() + self.backoff
            if self.degraded:
                return
            self.degraded = True
        log.warning("store unavailable (%s); serving from memory, retrying every %gs", exc, self.backoff)

    def recovered(self) -> None:
        with self._lock:
            if not self.degraded:
                return
            self.degraded = False
        log.warning("store recovered; shared state is used again")


class ResilientStore(Pools):
    """A ``Store`` that forwards to ``primary`` and falls back to ``fallback``.

    Only ``StoreError`` triggers the fallback; other errors are the
    caller's bugs and propagate. State written during an outage stays in the
    fallback and is not copied back: caches refill and windows restart.
    ``breaker``: shared with the pools of the same primary (``searx.store.pools``).
    """

    def __init__(
        self,
        primary: Store,
        fallback: Store | None = None,
        *,
        backoff: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
        breaker: Breaker | None = None,
    ) -> None:
        self.primary = primary
        self.fallback: Store = fallback if fallback is not None else MemoryStore()
        self.breaker = breaker or Breaker(backoff, clock)

    @property
    def degraded(self) -> bool:
        """True while calls are served from the fallback."""
        return self.breaker.degraded

    def _make_pool(self, spec: Pool) -> ResilientStore:
        """The pool on the primary, with a memory pool of the same budget while it is away, on one breaker."""
        from searx.store.pools import pool

        return ResilientStore(pool(self.primary, spec), pool(self.fallback, spec), breaker=self.breaker)

    def _run(self, name: str, *args: Any) -> Any:
        if self.breaker.use_primary():
            try:
                result = getattr(self.primary, name)(*args)
            except StoreError as exc:
                self.breaker.failed(exc)
            else:
                if self.breaker.degraded:
                    self.breaker.recovered()
                return result
        return getattr(self.fallback, name)(*args)

    def get(self, key: str) -> bytes | None:
        result: bytes | None = self._run("get", key)
        return result

    def get_many(self, keys: Sequence[str]) -> list[bytes | None]:
        result: list[bytes | None] = self._run("get_many", keys)
        return result

    def set(self, key: str, value: bytes, ttl: float | None = None) -> None:
        self._run("set", key, value, ttl)

    def add(self, key: str, value: bytes, ttl: float | None = None) -> bool:
        return bool(self._run("add", key, value, ttl))

    def delete(self, key: str) -> None:
        self._run("delete", key)

    def incr(self, key: str, ttl: float | None = None) -> int:
        return int(self._run("incr", key, ttl))

    def hit_window(self, key: str, now: float, window: float, limit: int) -> tuple[bool, float]:
        allowed, wait = self._run("hit_window", key, now, window, limit)
        return bool(allowed), float(wait)

    def run(self, script: Script, keys: Sequence[str], args: Sequence[str]) -> None:
        self._run("run", script, keys, args)

    def close(self) -> None:
        """Close the primary's connections when it has any."""
        close = getattr(self.primary, "close", None)
        if close is not None:
            close()
