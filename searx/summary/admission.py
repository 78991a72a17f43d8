"""Who may call POST /ai_summary: same origin only, JSON only, a bounded body (pure, no Flask)."""

from __future__ import annotations

from searx.origin import same_origin

MAX_BODY = 256 * 1024


def refusal(origin: str | None, fetch_site: str | None, host: str, scheme: str, base_url: str | bool,
            mimetype: str, content_length: int | None) -> str | None:  # fmt: skip
    """The error code refusing this request before its body is read, or None."""
    if not same_origin(origin, fetch_site, host, scheme, base_url):
        return "forbidden"
    if mimetype != "application/json" or (content_length or 0) > MAX_BODY:
        return "bad_request"
    return None
