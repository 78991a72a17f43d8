"""The tests' clock: time that moves only when a test moves it.

A test hands a ``Clock`` to what it checks (``create_app(clock=...)``, the fake engine, the stores,
engine health, the limiter) wherever the code reads the wall clock, so no test depends on the day
it runs. ``START`` is the moment the fixtures are dated from.
"""

from __future__ import annotations

import datetime

START = 1_796_036_000.0  # 2026-11-30 10:53:20 UTC


class Clock:
    """Seconds since the epoch, as ``time.time()`` gives them; still until ``advance()`` or ``now = …``."""

    def __init__(self, now: float = START) -> None:
        self.now = float(now)

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    def datetime(self) -> datetime.datetime:
        """The clock's time as an aware UTC datetime."""
        return datetime.datetime.fromtimestamp(self.now, datetime.UTC)
