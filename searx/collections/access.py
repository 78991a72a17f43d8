"""Who may do what: writes need a token; reads too on a public instance. Tokens compared in constant time."""

from __future__ import annotations

import hmac
from collections.abc import Sequence

from searx.collections.errors import CollectionError


class Unauthorized(CollectionError):
    code = "unauthorized"


class Forbidden(CollectionError):
    code = "forbidden"


def bearer(header: str | None) -> str:
    """The token of an ``Authorization: Bearer …`` header ('' when there is none)."""
    scheme, _, token = (header or "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def valid(token: str, tokens: Sequence[str]) -> bool:
    """Whether ``token`` is one of ``tokens``; every token is compared, whatever matched."""
    given = token.encode()
    found = False
    for known in tokens:
        found |= hmac.compare_digest(given, known.encode())
    return bool(token) and found


def check(token: str, tokens: Sequence[str], *, write: bool, public: bool) -> None:
    """Raise ``Unauthorized``/``Forbidden`` unless the caller may read (or write)."""
    if not write and not public:
        return
    if not tokens:
        raise Forbidden("collections are read-only here: the administrator has set no collections.tokens")
    if not valid(token, tokens):
        raise Unauthorized("a valid token is required (Authorization: Bearer …)")
