"""Bearer tokens (RFC 6750): the token an ``Authorization`` header carries, checked in constant time."""

from __future__ import annotations

import hmac
from collections.abc import Sequence


def bearer(authorization: str | None) -> str:
    """The token of an ``Authorization: Bearer …`` header ("" when there is none or the scheme differs)."""
    scheme, _, token = (authorization or "").strip().partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def token_valid(token: str, tokens: Sequence[str]) -> bool:
    """Whether ``token`` is one of ``tokens``; every token is compared, so the time does not say which matched."""
    given = token.encode()
    found = False
    for known in tokens:
        found |= hmac.compare_digest(given, known.encode())
    return bool(token) and found


def authorized(authorization: str | None, tokens: Sequence[str]) -> bool:
    """Whether an ``Authorization`` header carries one of ``tokens`` as its bearer token."""
    return token_valid(bearer(authorization), tokens)
