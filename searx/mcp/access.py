"""Who may use /mcp: bearer tokens (pure); the Origin rule is the instance's own (``searx.origin``)."""

from __future__ import annotations

import hmac
from collections.abc import Sequence

MAX_BODY = 1024 * 1024


def authorized(authorization: str | None, tokens: Sequence[str]) -> bool:
    """True when no token is configured, or the ``Bearer`` token matches one (constant time)."""
    if not tokens:
        return True
    scheme, _, given = (authorization or "").strip().partition(" ")
    presented = given.strip().encode() if scheme.lower() == "bearer" else b""
    match = False
    for token in tokens:  # every token is compared: the time does not say which one matched
        match |= hmac.compare_digest(presented, token.encode())
    return match and bool(presented)
