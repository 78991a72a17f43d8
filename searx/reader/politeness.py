"""Per-origin politeness: at most N requests at once, and a cooldown after 429/503.

The cooldown lives in the store (instances share it) under the origin that
answered 429/503 (the caller says which: after a redirect, the target's): it
honours Retry-After up to ``max_retry_after`` (one answer cannot block a site
for long), else lasts one minute, doubling on repeats up to one hour; when it
ends one request probes the origin, and a success clears it. The concurrency
limit is per instance (threads of this process).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import msgspec

from searx.reader.errors import ReaderError
from searx.store import Store

BASE_COOLDOWN = 60.0
MAX_COOLDOWN = 3600.0
MAX_RETRY_AFTER = 600.0  # the longest cooldown one Retry-After may start (``fetch.max_retry_after``)
_MEMORY = 2 * 3600  # how long repeated 429s are remembered for doubling
_PROBE_TTL = 30.0


class _Cooldown(msgspec.Struct):
    until: float
    strikes: int


class Politeness:
    def __init__(self, store: Store, *, per_origin: int = 2, max_retry_after: float = MAX_RETRY_AFTER,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.per_origin = per_origin
        self.max_retry_after = max_retry_after
        self._clock = clock
        self._lock = threading.Lock()
        self._busy: dict[str, int] = {}
        self._freed = threading.Condition(self._lock)

    @staticmethod
    def _key(origin: str) -> str:
        return f"reader:cooldown:{origin}"

    def _state(self, origin: str) -> _Cooldown | None:
        raw = self.store.get(self._key(origin))
        if raw is None:
            return None
        try:
            return msgspec.json.decode(raw, type=_Cooldown)
        except msgspec.DecodeError:
            return None

    def admit(self, origin: str) -> None:
        """ReaderError("rate_limited") while ``origin`` cools down (one probe passes when it ends)."""
        state = self._state(origin)
        if state is None:
            return
        wait = state.until - self._clock()
        if wait > 0:
            raise ReaderError("rate_limited", "the site asked us to slow down; try later", retry_after=wait)
        if not self.store.add(f"reader:probe:{origin}", b"1", ttl=_PROBE_TTL):
            raise ReaderError("rate_limited", "the site asked us to slow down; try later", retry_after=_PROBE_TTL)

    def record(self, origin: str, status: int | None, retry_after: float | None = None) -> None:
        """After a request: 429/503 start (or lengthen) the cooldown, anything else ends it."""
        state = self._state(origin)
        if state is None and status not in (429, 503):
            return  # the usual case: nothing to change
        if status in (429, 503):
            strikes = (state.strikes if state else 0) + 1
            if retry_after is not None:
                length = min(retry_after, self.max_retry_after)
            else:
                length = min(BASE_COOLDOWN * 2 ** (strikes - 1), MAX_COOLDOWN)
            until = self._clock() + max(length, 0.0)
            self.store.set(self._key(origin), msgspec.json.encode(_Cooldown(until, strikes)), ttl=_MEMORY)
        elif state is not None and state.until <= self._clock():
            self.store.delete(self._key(origin))
        self.store.delete(f"reader:probe:{origin}")

    @contextmanager
    def slot(self, origin: str, deadline: float) -> Iterator[None]:
        """Hold one of the origin's concurrent slots; ReaderError("timeout") if none frees by ``deadline``
        (a ``time.monotonic()`` value)."""
        with self._freed:
            while self._busy.get(origin, 0) >= self.per_origin:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not self._freed.wait(remaining):
                    raise ReaderError("timeout", "too many requests to this site at once")
            self._busy[origin] = self._busy.get(origin, 0) + 1
        try:
            yield
        finally:
            with self._freed:
                left = self._busy[origin] - 1
                if left:
                    self._busy[origin] = left
                else:
                    del self._busy[origin]
                self._freed.notify_all()
