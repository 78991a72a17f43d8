"""The embedded store: a dict with expiry, safe across threads of one process.

Values and rate-limit windows are each bounded to ``max_keys`` by least-recent
use, and values also to ``max_bytes`` (their keys and bytes together): every
call costs O(1) (amortised), whatever the number of keys; past a bound the key
used longest ago goes first, expired or not. A value larger than ``max_bytes``
is not kept at all. With ``refuse`` (a pool that keeps what it promised, such
as share links) a value that does not fit is refused (``StoreFull``) instead,
once the expired values are gone, and nothing is pushed out.
"""

from __future__ import annotations

import bisect
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence

from searx.store.base import Pool, Pools, StoreFull
from searx.store.script import Script

MAX_BYTES = 64 * 1024 * 1024  # ``store.max_bytes``
_PURGE_EVERY = 1.0  # seconds between two sweeps for expired values in a full ``refuse`` store


class MemoryStore(Pools):
    """In-process ``Store``. ``clock`` is injectable for tests."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, max_keys: int = 100_000,
                 max_bytes: int = MAX_BYTES, *, refuse: bool = False) -> None:
        self.clock = clock
        self._data: OrderedDict[str, tuple[bytes, float | None]] = OrderedDict()
        self._windows: OrderedDict[str, list[float]] = OrderedDict()
        self._lock = threading.Lock()
        self._max_keys = max(1, max_keys)
        self._max_bytes = max(1, max_bytes)
        self._bytes = 0
        self.refuse = refuse
        self._purged = float("-inf")

    def _make_pool(self, spec: Pool) -> MemoryStore:
        """A store of its own for the pool, on the same clock (``searx.store.pools``)."""
        return MemoryStore(self.clock, max_keys=spec.max_keys, max_bytes=spec.max_bytes, refuse=spec.refuse)

    @property
    def byte_count(self) -> int:
        """The size of the values held: their keys and bytes (for tests and the bench)."""
        return self._bytes

    def _live(self, key: str, now: float) -> bytes | None:
        item = self._data.get(key)
        if item is None:
            return None
        value, expires = item
        if expires is not None and expires <= now:
            self._drop(key)
            return None
        self._data.move_to_end(key)
        return value

    def _drop(self, key: str) -> None:
        item = self._data.pop(key, None)
        if item is not None:
            self._bytes -= len(key) + len(item[0])

    def _fits(self, key: str, size: int) -> bool:
        """Whether ``key`` may take ``size`` bytes without pushing anything out (for a ``refuse`` store)."""
        old = self._data.get(key)
        more_bytes = size - (len(key) + len(old[0]) if old else 0)
        more_keys = 0 if old else 1
        if self._bytes + more_bytes <= self._max_bytes and len(self._data) + more_keys <= self._max_keys:
            return True
        now = self.clock()
        if now - self._purged < _PURGE_EVERY:
            return False
        self._purged = now
        for expired in [k for k, (_, until) in self._data.items() if until is not None and until <= now]:
            self._drop(expired)
        return self._bytes + more_bytes <= self._max_bytes and len(self._data) + more_keys <= self._max_keys

    def _put(self, key: str, value: bytes, expires: float | None) -> None:
        size = len(key) + len(value)
        if self.refuse and (size > self._max_bytes or not self._fits(key, size)):
            raise StoreFull(f"no room for {size} more bytes")
        self._drop(key)
        if size > self._max_bytes:  # kept, it would push out everything else
            return
        self._data[key] = (value, expires)
        self._bytes += size
        while len(self._data) > self._max_keys or self._bytes > self._max_bytes:
            self._drop(next(iter(self._data)))  # the least recently used

    def get(self, key: str) -> bytes | None:
        with self._lock:
            return self._live(key, self.clock())

    def get_many(self, keys: Sequence[str]) -> list[bytes | None]:
        with self._lock:
            now = self.clock()
            return [self._live(key, now) for key in keys]

    def set(self, key: str, value: bytes, ttl: float | None = None) -> None:
        with self._lock:
            now = self.clock()
            self._put(key, value, None if ttl is None else now + ttl)

    def add(self, key: str, value: bytes, ttl: float | None = None) -> bool:
        with self._lock:
            now = self.clock()
            if self._live(key, now) is not None:
                return False
            self._put(key, value, None if ttl is None else now + ttl)
            return True

    def delete(self, key: str) -> None:
        with self._lock:
            self._drop(key)

    def incr(self, key: str, ttl: float | None = None) -> int:
        with self._lock:
            now = self.clock()
            current = self._live(key, now)
            if current is None:
                value, expires = 1, (None if ttl is None else now + ttl)
            else:
                value, expires = int(current) + 1, self._data[key][1]
            self._put(key, str(value).encode(), expires)
            return value

    def hit_window(self, key: str, now: float, window: float, limit: int) -> tuple[bool, float]:
        with self._lock:
            hits = self._windows.get(key)
            if hits is None:
                hits = self._windows[key] = []
                while len(self._windows) > self._max_keys:
                    self._windows.popitem(last=False)
            else:
                self._windows.move_to_end(key)
            del hits[: bisect.bisect_right(hits, now - window)]
            if len(hits) >= limit:
                return False, max(0.0, hits[0] + window - now)
            hits.append(now)
            return True, 0.0

    def run(self, script: Script, keys: Sequence[str], args: Sequence[str]) -> None:
        with self._lock:
            now = self.clock()
            current = [self._live(key, now) for key in keys]
            for key, old, new in zip(keys, current, script.apply(current, args), strict=True):
                if new is None:
                    self._drop(key)
                elif new is not old:
                    self._put(key, new, None)

    def __len__(self) -> int:
        """Values plus windows held (for tests and the bench)."""
        with self._lock:
            return len(self._data) + len(self._windows)
