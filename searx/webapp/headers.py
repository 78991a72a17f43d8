"""Response headers every page gets: security policy and nothing cacheable by mistake."""

from __future__ import annotations

from flask import Flask, Response, request

from searx.settings import Settings
from searx.webapp.context import is_https
from searx.webapp.security import security_headers


def install(app: Flask, settings: Settings) -> None:
    plain = security_headers(https=False)
    secure = security_headers(https=True)
    extra = dict(settings.server.default_http_headers)

    @app.after_request
    def _headers(response: Response) -> Response:
        for key, value in (secure if is_https() else plain).items():
            response.headers.setdefault(key, value)
        for key, value in extra.items():
            response.headers.setdefault(key, value)
        if request.path.startswith("/static/"):
            response.headers.setdefault("Cache-Control", "public, max-age=3600")
        elif "Cache-Control" not in response.headers:
            response.headers["Cache-Control"] = "no-store" if request.path == "/search" else "no-cache"
        return response
