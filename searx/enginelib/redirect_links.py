"""Decode click-tracking result links to the real target URL (DuckDuckGo, Bing)."""

from __future__ import annotations

import base64
import binascii
from urllib.parse import parse_qs, urlsplit


def absolute(href: str) -> str:
    """Protocol-relative links (``//host/...``) as https."""
    return "https:" + href if href.startswith("//") else href


def ddg_target(href: str) -> str:
    """``//duckduckgo.com/l/?uddg=<percent-encoded>&rut=...`` -> the target; other links unchanged."""
    parts = urlsplit(absolute(href))
    if parts.path.startswith("/l/"):
        target = parse_qs(parts.query).get("uddg")
        if target and target[0]:
            return target[0]
    return absolute(href)


def bing_target(href: str) -> str:
    """``https://www.bing.com/ck/a?...&u=a1<base64url>`` -> the target; other links unchanged."""
    parts = urlsplit(href)
    if not parts.path.startswith("/ck/"):
        return href
    u = parse_qs(parts.query).get("u")
    if not u or not u[0].startswith("a1"):
        return href
    encoded = u[0][2:]
    try:
        target = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return href
    return target if target.startswith(("http://", "https://")) else href
