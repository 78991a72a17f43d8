"""Who may use /mcp: bearer tokens (pure); the Origin rule is the instance's own (``searx.origin``)."""

from __future__ import annotations

from collections.abc import Sequence

import searx.bearer as bearer

MAX_BODY = 1024 * 1024


def authorized(authorization: str | None, tokens: Sequence[str]) -> bool:
    """True when no token is configured, or the ``Bearer`` token matches one (``searx.bearer``)."""
    return not tokens or bearer.authorized(authorization, tokens)
