"""Recognise bot checks and block pages served in place of results (often with 2xx).

``detect`` answers "is this response a challenge?", ``detect_block`` "is it a
page saying the service refuses us?", ``page_error`` turns either into the
engine error it stands for, ``challenge_location`` judges redirect targets.
The byte markers themselves live in ``searx.upstream.bot_checks``.
"""

from __future__ import annotations

from typing import Any

from searx.errors import EngineAccessDenied, EngineCaptcha, EngineError
from searx.upstream.bot_checks import PREFIX_BYTES, block_marker, challenge_marker

__all__ = ["PREFIX_BYTES", "block_marker", "challenge_location", "challenge_marker", "detect", "detect_block",
           "page_error"]

# consent walls (consent.google.com, consent.yahoo.com, guce.yahoo.com) stand between us and
# the results as a captcha does: no request of ours can pass them
_LOCATION_WORDS = ("captcha", "challenge", "anomaly", "/verify", "blocked.html", "/sorry/", "turing/",
                   "/.within.website/", "cdn-cgi/challenge", "captcha-delivery", "://consent.", "://guce.")


def _body(resp: Any) -> bytes | None:
    # JSON APIs never serve a challenge as JSON; only look at markup and text
    ctype = str(resp.headers.get("content-type", "")).split(";")[0].strip().lower()
    if ctype and not ctype.startswith(("text/", "application/xhtml")):
        return None
    content = resp.content
    return content if isinstance(content, bytes) else None


def detect(resp: Any) -> str | None:
    """Short marker name ("anubis", "ddg-anomaly", "altcha", ...) when ``resp`` is a bot check."""
    body = _body(resp)
    if body is None:
        hdr = resp.headers.get("cf-mitigated", "")
        return "cloudflare" if str(hdr).lower() == "challenge" else None
    return challenge_marker(body, resp.headers)


def detect_block(resp: Any) -> str | None:
    """Marker name when ``resp`` is a "not served here" page (geo block, WAF denial)."""
    body = _body(resp)
    return None if body is None else block_marker(body)


def challenge_location(location: str) -> str | None:
    """Marker when a redirect ``Location`` points at a captcha/challenge page, else None."""
    low = location.lower()
    for word in _LOCATION_WORDS:
        if word in low:
            return "redirect:" + word.strip("/.")
    return None


def page_error(resp: Any) -> EngineError | None:
    """A 2xx page that is a bot check or a block page, as the engine error it stands for."""
    if not 200 <= resp.status_code < 300:
        return None
    if marker := detect(resp):
        return EngineCaptcha(f"bot check ({marker})")
    if marker := detect_block(resp):
        return EngineAccessDenied(f"block page ({marker})")
    return None
