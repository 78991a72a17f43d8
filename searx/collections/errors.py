"""The errors of the collections package, under ``searx.errors.CollectionError``; each code has one
HTTP status (``searx.errors.STATUS``)."""

from __future__ import annotations

from searx.errors import CollectionError


class BadName(CollectionError):
    code = "bad_request"


class NotFound(CollectionError):
    code = "not_found"


class Conflict(CollectionError):
    code = "conflict"


class TooLarge(CollectionError):
    code = "too_large"


class Unsupported(CollectionError):
    """A file that cannot be read: damaged, encrypted, binary posing as text, empty."""

    code = "unreadable"


class Starting(CollectionError):
    """The index is still opening; the API answers 503 with Retry-After."""

    code = "starting"
    retry_after = 2.0


class Unavailable(CollectionError):
    """The index file cannot be opened or written (a full disk, permissions, a lock held too long)."""

    code = "unavailable"
    retry_after = 30.0
