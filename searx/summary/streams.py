"""A cap on the summaries one client streams at once (per process).

``StreamCap.open`` counts a client in; the body it wraps counts the client
out when the WSGI server closes it (or when it ends), exactly once.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

from searx.summary.body import Body
from searx.summary.events import Event


class StreamCap:
    """At most ``limit`` open streams per client key (0 = no cap)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()

    def enter(self, client: str) -> bool:
        """Count one more stream for ``client``; False (and nothing counted) when at the cap."""
        if self.limit <= 0:
            return True
        with self._lock:
            count = self._open.get(client, 0)
            if count >= self.limit:
                return False
            self._open[client] = count + 1
            return True

    def leave(self, client: str) -> None:
        if self.limit <= 0:
            return
        with self._lock:
            count = self._open.get(client, 0) - 1
            if count > 0:
                self._open[client] = count
            else:  # no entry outlives its last stream: the dict stays as small as the open streams
                self._open.pop(client, None)

    def open_streams(self, client: str) -> int:
        with self._lock:
            return self._open.get(client, 0)


class Counted(Body[Event]):
    """A response body that leaves the cap once, when it ends or is closed.

    ``replayed``: the body replays a cached answer (for the operator's metrics;
    the client is told so only when it generated the answer itself).
    """

    def __init__(self, body: Iterator[Event], cap: StreamCap, client: str, *, replayed: bool = False) -> None:
        super().__init__(body, lambda: cap.leave(client))
        self.replayed = replayed
