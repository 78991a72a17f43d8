"""A streamed response body that runs its clean-up exactly once, when it ends or when it is closed.

A generator closed before its first ``next()`` never runs its ``finally``; WSGI
servers call ``close()`` on the body, so clean-up is tied to that (and to the end).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class Body(Generic[T]):
    """Iterates ``items``; on the end or ``close()``: closes ``items``, then calls ``on_close`` (once)."""

    def __init__(self, items: Iterator[T], on_close: Callable[[], None]) -> None:
        self._items, self._on_close = items, on_close
        self._open = True

    def __iter__(self) -> Body[T]:
        return self

    def __next__(self) -> T:
        try:
            return next(self._items)
        except StopIteration:
            self.close()
            raise

    def close(self) -> None:
        if self._open:
            self._open = False
            try:
                close = getattr(self._items, "close", None)
                if close is not None:
                    close()
            finally:
                self._on_close()
