"""The errors of the collections package; the web layer maps each to one status."""

from __future__ import annotations


class CollectionError(Exception):
    """Base: ``status`` is the HTTP status the API answers with."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadName(CollectionError):
    status = 400


class NotFound(CollectionError):
    status = 404


class Conflict(CollectionError):
    status = 409


class TooLarge(CollectionError):
    status = 413


class Unsupported(CollectionError):
    """A file that cannot be read: damaged, encrypted, binary posing as text, empty."""

    status = 422


class Starting(CollectionError):
    """The index is still opening; the API answers 503 with Retry-After."""

    status = 503
