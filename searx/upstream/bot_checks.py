"""Bot-check and block-page markers in a page body: pure byte matching, no I/O.

Engines use it to say CAPTCHA instead of "no longer parses" for a page that is
a bot check; ``searx.upstream.challenge`` wraps it for whole HTTP responses.
Only a bounded prefix of the body is searched, so large pages stay cheap.
"""

from __future__ import annotations

import re
from typing import Any

# Challenge pages are small (DDG's is 14 KB); result pages put their own
# markup first, so markers past this prefix would not be a challenge page.
PREFIX_BYTES = 128 * 1024

# Each marker must be specific to a challenge page: real result pages carry
# words like "challenge" too (Bing lists challenges.cloudflare.com in its CSP
# and loads a "PoWChallengeSolver" script on every result page).
_CHALLENGE_MARKERS: tuple[tuple[str, tuple[bytes, ...]], ...] = (
    ("ddg-anomaly", (b'id="challenge-form"', b"anomaly-modal__modal", b"duckduckgo.com/anomaly.js")),
    ("anubis", (b'id="anubis_challenge"', b"/.within.website/x/cmd/anubis/", b"techaro.lol-anubis")),
    ("cloudflare", (b"<title>just a moment...</title>", b"window._cf_chl_opt", b"cf-browser-verification")),
    ("altcha", (b"<altcha-widget", b"/altcha.js", b'class="captcha-wrap"')),
    ("bing-captcha", (b'id="b_captcha"', b"/turing/captcha/", b"turing/challenge")),
    ("brave-captcha", (b'"page":"/captcha"', b"captcha-card", b"captcha-slider")),
    ("startpage-captcha", (b"component---src-pages-captcha", b"/sp/captcha")),
    ("datadome", (b"captcha-delivery.com",)),
    ("searx-jscheck", (b"/check/check1.js",)),
    ("recaptcha", (b"www.google.com/recaptcha/api", b'class="g-recaptcha"')),
    ("hcaptcha", (b"hcaptcha.com/1/api.js", b'class="h-captcha"')),
    ("turnstile", (b"challenges.cloudflare.com/turnstile",)),
    # Fastly's client challenge (PyPI): HTTP 200, JavaScript required
    ("fastly-challenge", (b"<title>client challenge</title>", b"/_fs-ch-")),
)

# A page whose whole <title> names a check (optionally after "site |"); result
# pages put the query in their title, so a phrase inside a longer title is no proof.
_CHALLENGE_TITLE = re.compile(
    rb"^(?:[^|]{0,60}\|\s*)?(?:captcha|verify you are human|are you a robot|are you human"
    rb"|making sure you(?:&#39;|'|\xe2\x80\x99)re not a bot|verifying your request|verifying you are human"
    rb"|just a moment|attention required!?(?: \| cloudflare)?|security check|human verification"
    rb"|bot verification|one more step)[\s.!?\xe2\x80\xa6]*$")

# "We refuse to serve you" pages with a 2xx status: geo blocks, WAF denials.
_BLOCK_MARKERS: tuple[tuple[str, tuple[bytes, ...]], ...] = (
    ("geo-block", (b"not yet available in your country", b"not available in your country",
                   b"not available in your region")),
    ("access-denied", (b"<title>access denied</title>", b"you don't have permission to access",
                       b"<title>403 forbidden</title>")),
)

_TITLE = re.compile(rb"<title[^>]*>(.*?)</title", re.S)

def _prefix(body: bytes) -> bytes:
    return body[:PREFIX_BYTES].lower()


def challenge_marker(body: bytes, headers: Any = None) -> str | None:
    """The challenge marker name found in ``body`` (and headers), or None."""
    if headers is not None and str(headers.get("cf-mitigated", "")).lower() == "challenge":
        return "cloudflare"
    head = _prefix(body)
    for name, needles in _CHALLENGE_MARKERS:
        if any(n in head for n in needles):
            return name
    title = _TITLE.search(head)
    if title and _CHALLENGE_TITLE.match(title.group(1).strip()):
        return "challenge-title"
    return None


def block_marker(body: bytes) -> str | None:
    """The block-page marker found in ``body``, or None."""
    head = _prefix(body)
    for name, needles in _BLOCK_MARKERS:
        if any(n in head for n in needles):
            return name
    title = _TITLE.search(head)
    if title and title.group(1).strip() in (b"service unavailable", b"access denied", b"forbidden"):
        return "block-title"
    return None
