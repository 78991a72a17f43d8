"""HTTP header values read one way (pure): the media type a ``Content-Type`` names."""

from __future__ import annotations


def media_type(content_type: str | None) -> str:
    """``text/html; charset=utf-8`` -> ``text/html`` (lower-case; "" for none)."""
    return (content_type or "").split(";", 1)[0].strip().lower()
