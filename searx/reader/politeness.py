"""Per-origin politeness: at most N requests at once, and a cooldown after 429/503.

The cooldown lives in the store (instances share it) under the origin that
answered 429/503 (the caller says which: after a redirect, the target's): it
honours Retry-After up to ``max_retry_after`` (one answer cannot block a site
for long), else lasts one minute, doubling on repeats up to one hour; when it
ends one request probes the origin, and a success clears it. The concurrency
limit is per instance (threads of this process): an API caller's request over
it is refused at once, never queued; the summary's reading (on threads of its
own) waits for a slot until its deadline, so it reads every page it chose of
one site. A read holds the slot of the origin it is reading at that moment: a
redirect to another origin gives the slot back and takes the next origin's
(after its cooldown is checked), so a site cannot hold another's slots.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import msgspec

from searx.reader.admission import RETRY, Slots
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
        self.slots = Slots()

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
    def hold(self, origin: str, until: float | None = None) -> Iterator[Hold]:
        """Admit ``origin`` and hold one of its slots for a read, moved with the read's redirects
        (``Hold.move``); ReaderError("rate_limited") when all are taken, at once or at ``until`` (a
        ``time.monotonic()`` value: only the summary's own threads wait, ``searx.reader.admission``)."""
        held = Hold(self, until)
        try:
            held.move(origin)
            yield held
        finally:
            held.release()


class Hold:
    """The one site slot a read holds: the origin it reads at that moment."""

    def __init__(self, politeness: Politeness, until: float | None) -> None:
        self._politeness, self._until = politeness, until
        self.origin: str | None = None

    def move(self, origin: str) -> None:
        """Read ``origin`` now: the slot of the origin before is given back, this one's taken (after its
        cooldown is checked); ReaderError when it cannot be."""
        if origin == self.origin:
            return
        self.release()
        p = self._politeness
        p.admit(origin)
        if p.slots.take([(origin, p.per_origin)], until=self._until) is not None:
            raise ReaderError("rate_limited", "too many requests to this site at once; try again in a moment",
                              retry_after=RETRY)  # fmt: skip
        self.origin = origin

    def release(self) -> None:
        if self.origin is not None:
            self._politeness.slots.give([self.origin])
            self.origin = None
