"""One generation shared by every identical request in flight (single-flight), as summary events.

The producer publishes events; each follower replays them from the start and
then waits for more. When the last follower leaves before the end, the
upstream request is aborted.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

from searx.summary.body import Body
from searx.summary.events import Event


class Flight:
    def __init__(self) -> None:
        self._events: list[Event] = []
        self._finished = False
        self._followers = 0
        self._abort: Callable[[], None] | None = None
        self.cancelled = False
        self._cond = threading.Condition()

    def publish(self, event: Event) -> None:
        with self._cond:
            self._events.append(event)
            self._cond.notify_all()

    def finish(self) -> None:
        with self._cond:
            self._finished = True
            self._cond.notify_all()

    def on_abandon(self, abort: Callable[[], None]) -> bool:
        """Register how to abort upstream; False if every follower already left."""
        with self._cond:
            self._abort = abort
            return not self.cancelled

    def join(self) -> Body[Event]:
        """The response body of one request: its ``close()`` always leaves the flight."""
        with self._cond:
            self._followers += 1
        return Body(self.follow(), self.leave)

    def leave(self) -> None:
        with self._cond:
            self._followers -= 1
            abandoned = self._followers <= 0 and not self._finished and not self.cancelled
            if abandoned:
                self.cancelled = True
            abort = self._abort if abandoned else None
        if abort is not None:
            abort()

    def follow(self) -> Iterator[Event]:
        sent = 0
        while True:
            with self._cond:
                while sent >= len(self._events) and not self._finished:
                    self._cond.wait()
                batch = self._events[sent:]
                finished = self._finished
            sent += len(batch)
            yield from batch
            if finished and not batch:
                return
