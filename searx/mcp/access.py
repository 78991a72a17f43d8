"""Who may use /mcp: the Origin rule against DNS rebinding, and bearer tokens (pure)."""

from __future__ import annotations

import hmac
import ipaddress
from collections.abc import Sequence
from urllib.parse import urlsplit

MAX_BODY = 1024 * 1024


def _origin(url: str) -> tuple[str, str, int] | None:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return parts.scheme, parts.hostname.lower(), port or (443 if parts.scheme == "https" else 80)


def _loopback(host: str) -> bool:
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def origin_allowed(origin: str | None, base_url: str | bool) -> bool:
    """No Origin (not a browser): allowed. Else it must be ``server.base_url``'s origin,
    or, on an instance without a base URL, a loopback origin."""
    if origin is None:
        return True
    theirs = _origin(origin)
    if theirs is None:  # "null" and other opaque origins
        return False
    if base_url:
        return theirs == _origin(str(base_url))
    return _loopback(theirs[1])


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
