"""Per-request helpers shared by the views: services, preferences, the client and its origin."""

from __future__ import annotations

from flask import current_app, g, request

from searx.mcp import HttpEndpoint
from searx.origin import own_navigation, same_origin
from searx.preferences import Preferences
from searx.services import Services


def services() -> Services:
    return current_app.extensions["searx"]


def mcp_endpoint() -> HttpEndpoint:
    """The /mcp transport ``create_app`` built over this app's services."""
    return current_app.extensions["searx.mcp"]


def preferences(*, with_overrides: bool = True) -> Preferences:
    """Cookie preferences, overridden for this request by parameters of the same name.

    The cookies are read once per request; the stored preferences are shared by
    the view and the templates (a saved form shows its new values at once).
    """
    stored: Preferences | None = g.get("stored_preferences")
    if stored is None:
        svc = services()
        stored = g.stored_preferences = Preferences(svc.pref_defs, svc.locked).load_cookies(request.cookies)
    if not with_overrides:
        return stored
    prefs = stored.copy()
    prefs.update({k: v for k, v in request.values.items() if k in ("safesearch", "language", "locale", "theme")})
    return prefs


def is_https() -> bool:
    """Whether the browser sees https (X-Forwarded-Proto is believed from trusted proxies only)."""
    from searx.client_address import forwarded_scheme

    return forwarded_scheme(request.scheme, request.remote_addr or "", request.headers.get("X-Forwarded-Proto"),
                            services().settings.server.trusted_proxies) == "https"


def request_host() -> str:
    """The Host the browser used: ``X-Forwarded-Host`` from a trusted proxy, else the Host header."""
    from searx.client_address import is_trusted_proxy

    forwarded = request.headers.get("X-Forwarded-Host")
    if forwarded and is_trusted_proxy(request.remote_addr or "", services().settings.server.trusted_proxies):
        return forwarded.split(",")[0].strip()
    return request.host


def same_origin_request(*, typed: bool = False) -> bool:
    """False when the browser says this request comes from another site (``searx.origin``);
    ``typed``: an address the user typed (``Sec-Fetch-Site: none``) counts as this site's."""
    return same_origin(request.headers.get("Origin"), request.headers.get("Sec-Fetch-Site"), request_host(),
                       request.scheme, services().settings.server.base_url, typed=typed)


def own_navigation_request() -> bool:
    """Whether this page was opened from the instance's own pages or by the user (``searx.origin``)."""
    return own_navigation(request.headers.get("Origin"), request.headers.get("Referer"),
                          request.headers.get("Sec-Fetch-Site"), request_host(), request.scheme,
                          services().settings.server.base_url)  # fmt: skip


def client_address() -> str:
    """The client's address (X-Forwarded-For is believed from trusted proxies only)."""
    from searx.client_address import client_address as resolve

    return resolve(request.remote_addr or "", ", ".join(request.headers.getlist("X-Forwarded-For")) or None,
                   services().settings.server.trusted_proxies)


def client_id() -> str:
    """This client's pseudonym (``searx.client_address.client_marker``)."""
    from searx.client_address import client_marker

    return client_marker(client_address(), services().settings.server.secret_key.encode("utf-8"))


def stats_wants_html() -> bool:
    """``/stats``: ``format=html``/``json`` decide, else whether the caller's Accept prefers HTML to JSON
    (a browser's ``text/html`` does; ``*/*`` and no Accept get JSON)."""
    fmt = request.args.get("format", "")
    if fmt:
        return fmt == "html"
    return request.accept_mimetypes.best_match(["application/json", "text/html"]) == "text/html"

