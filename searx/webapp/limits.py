"""Rate limits for /search, /ai_summary and /fetch (when ``server.limiter`` is on).

The client address comes from X-Forwarded-For only when the direct peer is a
trusted proxy. Over the limit: 429 with Retry-After, JSON for API callers.
"""

from __future__ import annotations

import time

from flask import Flask, jsonify, request
from werkzeug.exceptions import TooManyRequests

from searx.limiter import retry_after_header
from searx.services import Services
from searx.webapp.context import client_address
from searx.webapp.errors import error_response

ROUTES = {"/search": "search", "/ai_summary": "ai_summary", "/fetch": "fetch", "/image_proxy": "image_proxy"}


def install(app: Flask, svc: Services) -> None:
    limiter = svc.limiter
    if limiter is None:
        return

    @app.before_request
    def _limit() -> None:
        route = ROUTES.get(request.path)
        if route is None:
            return
        allowed, wait = limiter.check(route, client_address(), time.time())
        if allowed:
            return
        header = retry_after_header(wait)
        if route == "ai_summary":
            from searx.summary.ndjson import error_body

            response = jsonify(error_body("rate_limited"))
            response.status_code = 429
            response.headers["Retry-After"] = header
        else:
            response = error_response(429, f"too many requests: try again in {header} s",
                                      headers={"Retry-After": header})
        raise TooManyRequests(response=response)
