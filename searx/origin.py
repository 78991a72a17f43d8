"""Same-origin checks for requests that change state or spend resources (pure, no Flask).

``/ai_summary`` and ``POST /preferences`` refuse what a browser marks as
coming from another site.
"""

from __future__ import annotations

from urllib.parse import urlsplit


def _origin(url: str) -> tuple[str, int] | None:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname:
        return None
    default = 443 if parts.scheme == "https" else 80
    return parts.hostname.lower(), port or default


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
    theirs = _origin(origin)
    if theirs is None:  # "null" and other opaque origins
        return False
    ours = {_origin(f"{scheme}://{host}")}
    if base_url:
        ours.add(_origin(str(base_url)))
    if theirs in ours:
        return True
    # the proxy terminated TLS: https://host (443) arrives here as http://host (80)
    return any(o is not None and o[0] == theirs[0] and {o[1], theirs[1]} <= {80, 443} for o in ours)
