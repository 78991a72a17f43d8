"""Response headers every page gets: security policy and nothing cacheable by mistake."""

from __future__ import annotations

from flask import Flask, Response, request

from searx.settings import Settings
from searx.webapp.context import is_https
from searx.webapp.security import security_headers


def _defaults(headers: dict[str, str], extra: dict[str, str]) -> tuple[tuple[str, str, str], ...]:
    """``(name, lower-case name, value)``: the security headers, then the operator's others."""
    merged: dict[str, tuple[str, str, str]] = {}
    for key, value in (*headers.items(), *extra.items()):
        merged.setdefault(key.lower(), (key, key.lower(), value))
    return tuple(merged.values())


def install(app: Flask, settings: Settings) -> None:
    extra = dict(settings.server.default_http_headers)
    plain = _defaults(security_headers(https=False), extra)
    secure = _defaults(security_headers(https=True), extra)

    @app.after_request
    def _headers(response: Response) -> Response:
        # the defaults a view did not set itself, added at once (one scan of the headers, not one a header)
        present = {key.lower() for key in response.headers.keys()}
        response.headers.extend([(key, value) for key, lower, value in (secure if is_https() else plain)
                                 if lower not in present])
        if request.path.startswith("/static/"):
            response.headers.setdefault("Cache-Control", "public, max-age=3600")
        elif "Cache-Control" not in response.headers:
            response.headers["Cache-Control"] = "no-store" if request.path == "/search" else "no-cache"
        return response
