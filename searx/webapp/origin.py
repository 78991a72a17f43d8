"""The instance's origin for the current request: where absolute links point, which Host it answers to.

``base()`` is the one source of absolute links (OpenSearch, share links, RSS,
redirects): ``server.base_url`` when set, else the scheme and host the browser
used as reported by trusted proxies. ``install`` answers 400 to a request whose
Host is not the instance's (DNS rebinding: another site's name pointed at a
private instance). To check a browser's ``Origin`` header against this
instance: ``searx.origin.origin_matches(origin, base())`` (or, for a request of
the instance's own pages, ``context.same_origin_request()``).
"""

from __future__ import annotations

from flask import Flask, Response, request
from werkzeug.exceptions import BadRequest

from searx.origin import check_base_url, check_trusted_hosts, host_allowed, split_host
from searx.settings import Settings
from searx.webapp.context import is_https, request_host, services


def base() -> str:
    """The instance's base URL, ending in ``/``: where every absolute link starts.

    ``server.base_url`` when set; else the scheme and host the browser used, as
    reported by trusted proxies (``X-Forwarded-Proto``/``X-Forwarded-Host``) or
    seen directly. The Host was checked by ``install`` before any view ran.
    """
    configured = check_base_url(services().settings.server.base_url)
    if configured:
        return configured
    return f"{'https' if is_https() else 'http'}://{request_host()}/"


def absolute(path: str) -> str:
    """An absolute link to ``path`` (``/search?q=x``) on this instance."""
    return base() + path.lstrip("/")


# load balancers and scrapers call by address, whatever the Host; /healthz carries nothing
# to steal and /metrics asks for its own password
UNCHECKED_PATHS = ("/healthz", "/metrics")


def install(app: Flask, settings: Settings) -> None:
    """Answer 400 (a page, or JSON for API callers) to a Host the instance does not answer to;
    point the redirects the router makes itself (``//search`` -> ``/search``) at ``base()``."""
    base_url = settings.server.base_url
    trusted = check_trusted_hosts(settings.server.trusted_hosts)

    @app.before_request
    def _check_host() -> None:
        if request.path in UNCHECKED_PATHS:
            return
        parsed = split_host(request_host())
        if parsed is None or not host_allowed(parsed[0], base_url, trusted):
            raise BadRequest("this instance does not answer to that host name "
                             "(its administrator can add it to server.trusted_hosts)")

    @app.after_request
    def _redirect_to_base(response: Response) -> Response:
        location = response.headers.get("Location", "")
        if 300 <= response.status_code < 400 and location.startswith(request.host_url):
            response.headers["Location"] = base() + location[len(request.host_url):]
        return response
