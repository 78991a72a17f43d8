"""Who may call POST /ai_summary: same origin only, JSON only, a bounded body (pure, no Flask)."""

from __future__ import annotations

from searx import origin as origins

MAX_BODY = 256 * 1024


def same_origin(origin: str | None, fetch_site: str | None, host: str, scheme: str, base_url: str | bool = False) -> bool:
    """True unless the browser tells us the request is cross-site.

    ``Sec-Fetch-Site`` must be ``same-origin`` when sent; ``Origin`` must name this
    host (or ``server.base_url``). Behind a TLS proxy the scheme may differ, so
    the host and port decide. Clients that send neither header are no browser
    and cannot be used for cross-site requests.
    """
    if fetch_site is not None and fetch_site.lower() != "same-origin":
        return False
    if origin is None:
        return True
    ours = [f"{scheme}://{host}/", *([str(base_url)] if base_url else [])]
    return any(origins.same_origin(origin, o) for o in ours)


def refusal(origin: str | None, fetch_site: str | None, host: str, scheme: str, base_url: str | bool,
            mimetype: str, content_length: int | None) -> str | None:  # fmt: skip
    """The error code refusing this request before its body is read, or None."""
    if not same_origin(origin, fetch_site, host, scheme, base_url):
        return "forbidden"
    if mimetype != "application/json" or (content_length or 0) > MAX_BODY:
        return "bad_request"
    return None
