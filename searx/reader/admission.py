"""How many page reads run at once in this process, in two lanes; a request thread never waits for a slot.

A request thread that waits is one the instance cannot serve anyone else with,
and 40 callers waiting for one slow site held every server thread. So a read
for an API caller (/fetch, ``web_fetch``, a collection's sources) takes, at
once or not at all, one of ``max_concurrent`` slots (well under
``server.threads``) and one of ``max_per_client`` of its client; past half of
the slots taken, a client that reads already gets no second one. A few
addresses with slow pages therefore hold a few slots, not all: two addresses
hold at most a quarter of them. The summary's page reading has a lane of its
own (``summary_slots``, as many as its generations can read at once), which no
API caller can take. Both lanes share the sites' slots (``Politeness``); a
refused caller hears so at once (``busy`` or ``rate_limited``, with a
Retry-After of a second).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from searx.errors import SearxError
from searx.reader.document import Lane
from searx.reader.errors import ReaderError

RETRY = 1.0  # seconds a refused caller is told to wait: a slot frees as soon as one read ends


class Slots:
    """Counts held per key, each up to its limit (thread-safe). ``take`` waits only when told ``until``
    when (a ``time.monotonic()`` value): the summary's own reading threads, never a request thread."""

    def __init__(self) -> None:
        self._free = threading.Condition()
        self._held: dict[str, int] = {}

    def take(self, wanted: Sequence[tuple[str, int]], until: float | None = None) -> str | None:
        """One slot of each ``(key, limit)``, all or none: None when taken, else the first key that is full
        (at once, or at ``until`` when that comes first)."""
        with self._free:
            while True:
                full = next((key for key, limit in wanted if self._held.get(key, 0) >= limit), None)
                if full is None:
                    break
                left = None if until is None else until - time.monotonic()
                if left is None or left <= 0:
                    return full
                self._free.wait(left)
            for key, _ in wanted:
                self._held[key] = self._held.get(key, 0) + 1
        return None

    def give(self, keys: Sequence[str]) -> None:
        with self._free:
            for key in keys:
                left = self._held[key] - 1
                if left:
                    self._held[key] = left
                else:
                    del self._held[key]
            self._free.notify_all()

    def held(self, key: str) -> int:
        with self._free:
            return self._held.get(key, 0)


ALL = "*"
SUMMARY = "summary"


class Admission:
    """Reads in flight: API reads within ``max_concurrent`` and ``max_per_client``; summary reads within
    ``summary_slots`` of their own."""

    def __init__(self, max_concurrent: int, max_per_client: int, summary_slots: int = 1) -> None:
        self.max_concurrent = max_concurrent
        self.max_per_client = max_per_client
        self.summary_slots = summary_slots
        self.slots = Slots()

    def _wanted(self, client: str | None, lane: Lane) -> list[tuple[str, int]]:
        if lane == "summary":
            return [(SUMMARY, self.summary_slots)]
        if client is None:
            return [(ALL, self.max_concurrent)]
        # past half of the slots taken, a client that reads already gets no second one (read apart from
        # the take: at worst one more slips in between)
        crowded = self.slots.held(ALL) * 2 >= self.max_concurrent
        return [(f"client:{client}", 1 if crowded else self.max_per_client), (ALL, self.max_concurrent)]

    @contextmanager
    def slot(self, client: str | None, lane: Lane = "api") -> Iterator[None]:
        """Hold a read's slots; ReaderError at once when its lane's, or its client's, are taken.

        ``client`` is the caller's pseudonym; None for the instance's own reads (they count for everyone).
        """
        wanted = self._wanted(client, lane)
        full = self.slots.take(wanted)
        if full in (ALL, SUMMARY):
            raise self.refusal(everyone=True)
        if full is not None:
            raise self.refusal(everyone=False, limit=dict(wanted)[full])
        try:
            yield
        finally:
            self.slots.give([key for key, _ in wanted])

    def refusal(self, *, everyone: bool, limit: int = 0) -> SearxError:
        """The error of a read refused because everyone's slots (else the client's ``limit``) are taken."""
        if everyone:
            return ReaderError("busy", "the page reader is busy with other reads; try again in a moment",
                               retry_after=RETRY)  # fmt: skip
        return ReaderError("rate_limited", f"at most {limit} page{'s' if limit > 1 else ''} at once for one "
                           "client now; try again when one is done", retry_after=RETRY)  # fmt: skip
