"""How many page reads run at once in this process; a read that cannot start now is refused at once.

No thread ever waits for a slot: a request thread that waits is one the instance
cannot serve anyone else with, and 40 callers waiting for one slow site held
every server thread. So a read takes, without waiting, one of ``max_concurrent``
slots for everyone (well under ``server.threads``, so reads never take every
thread), one of ``max_per_client`` for its client, and one of the site's
``per_origin`` slots (``Politeness``); when one is taken the caller hears so
at once (``busy`` or ``rate_limited``, with a Retry-After of a second).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from searx.errors import SearxError
from searx.reader.errors import ReaderError

RETRY = 1.0  # seconds a refused caller is told to wait: a slot frees as soon as one read ends
ALL = "*"


class Slots:
    """Counts held per key, each up to its limit; ``take`` never waits (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._held: dict[str, int] = {}

    def take(self, wanted: Sequence[tuple[str, int]]) -> str | None:
        """One slot of each ``(key, limit)``, all or none: None when taken, else the first key that is full."""
        with self._lock:
            for key, limit in wanted:
                if self._held.get(key, 0) >= limit:
                    return key
            for key, _ in wanted:
                self._held[key] = self._held.get(key, 0) + 1
        return None

    def give(self, keys: Sequence[str]) -> None:
        with self._lock:
            for key in keys:
                left = self._held[key] - 1
                if left:
                    self._held[key] = left
                else:
                    del self._held[key]

    def held(self, key: str) -> int:
        with self._lock:
            return self._held.get(key, 0)


class Admission:
    """Reads in flight: at most ``max_concurrent`` in this process, ``max_per_client`` for one client."""

    def __init__(self, max_concurrent: int, max_per_client: int) -> None:
        self.max_concurrent = max_concurrent
        self.max_per_client = max_per_client
        self.slots = Slots()

    @contextmanager
    def slot(self, client: str | None) -> Iterator[None]:
        """Hold a read's slots; ReaderError at once when the client's or everyone's are all taken.

        ``client`` is the caller's pseudonym; None for the instance's own reads (they count for everyone).
        """
        wanted = [*([(f"client:{client}", self.max_per_client)] if client is not None else []),
                  (ALL, self.max_concurrent)]  # fmt: skip
        full = self.slots.take(wanted)
        if full is not None:
            raise self.refusal(everyone=full == ALL)
        try:
            yield
        finally:
            self.slots.give([key for key, _ in wanted])

    def refusal(self, *, everyone: bool) -> SearxError:
        """The error of a read refused because everyone's slots (else the client's) are taken."""
        if everyone:
            return ReaderError("busy", "the page reader is busy with other reads; try again in a moment",
                               retry_after=RETRY)  # fmt: skip
        return ReaderError("rate_limited", f"at most {self.max_per_client} pages are read at once for one "
                           "client; try again when one is done", retry_after=RETRY)  # fmt: skip
