"""A response body read against a byte cap and a deadline: the one reader of bodies another server sends.

Feed it each chunk as it arrives (httpx's ``iter_raw``, aiohttp's
``iter_chunked``); it refuses a declared ``Content-Length`` over the cap before
anything is read, and stops at the first byte past the cap or the deadline.
Callers map ``BodyTooLarge`` and ``DeadlineExceeded`` to their own codes.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from searx.errors import SearxError


class BodyTooLarge(SearxError):
    """A body (declared or read) over the caller's cap; ``cap`` says how many bytes were allowed."""

    code = "too_large"

    def __init__(self, cap: int) -> None:
        super().__init__(f"larger than {cap} bytes")
        self.cap = cap


class DeadlineExceeded(SearxError):
    """The request's time ran out (before a hop could start, or while its body came)."""

    code = "timeout"


class CappedBody:
    """The chunks of one body, at most ``cap`` bytes, all before ``end`` (a ``clock()`` value) when given."""

    def __init__(self, cap: int, *, end: float | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.cap, self.end, self._clock = cap, end, clock
        self.size = 0
        self._chunks: list[bytes] = []

    def check_declared(self, length: object) -> None:
        """``BodyTooLarge`` when a declared ``Content-Length`` is over the cap (an unreadable one is ignored)."""
        text = str(length).strip() if length is not None else ""
        if text.isdigit() and int(text) > self.cap:
            raise BodyTooLarge(self.cap)

    @property
    def room(self) -> int:
        """How many more bytes fit."""
        return self.cap - self.size

    def add(self, chunk: bytes) -> None:
        if self.end is not None and self._clock() > self.end:
            raise DeadlineExceeded("the body took too long")
        self.size += len(chunk)
        if self.size > self.cap:  # the rest is never read: leaving the caller's block closes the connection
            raise BodyTooLarge(self.cap)
        self._chunks.append(chunk)

    def value(self) -> bytes:
        return b"".join(self._chunks)
