"""Map an engine's HTTP status to an engine error (before its parser runs)."""

from __future__ import annotations

import email.utils
import time

import httpx

from searx.errors import EngineAccessDenied, EngineCaptcha, EngineError, EngineHTTPError, EngineTooManyRequests
from searx.upstream.challenge import challenge_location, detect


def retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds from a ``Retry-After`` header (delta-seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def check_status(response: httpx.Response) -> None:
    """Raise the engine error a non-2xx status stands for; return for 2xx."""
    status = response.status_code
    if 200 <= status < 300:
        return
    error: EngineError
    if status == 429:
        error = EngineTooManyRequests(f"HTTP {status}", retry_after=retry_after(response.headers.get("retry-after")))
    elif status == 403 and response.headers.get("x-ratelimit-remaining") == "0":
        # an API's spent quota (GitHub): wait until the reset it names
        reset = response.headers.get("x-ratelimit-reset", "")
        wait = max(0.0, float(reset) - time.time()) if reset.isdigit() else None
        error = EngineTooManyRequests(f"HTTP {status}, rate limit spent", retry_after=wait)
    elif status == 403 and (marker := detect(response)):
        # Cloudflare serves its "Just a moment" check with 403 (and cf-mitigated: challenge)
        error = EngineCaptcha(f"HTTP {status} bot check ({marker})")
    elif status == 403:
        error = EngineAccessDenied(f"HTTP {status}", retry_after=retry_after(response.headers.get("retry-after")))
    elif 300 <= status < 400:
        location = response.headers.get("location", "")
        if marker := challenge_location(location):  # a bot check, not a move
            error = EngineCaptcha(f"HTTP {status} redirect to a bot check ({marker})")
        else:
            error = EngineHTTPError(f"HTTP {status} redirect")
    else:
        error = EngineHTTPError(f"HTTP {status}", upstream_status=status)
    raise error
