"""Rate limits for /search, /autocompleter, /ai_summary (and its follow-ups and shares), /fetch, /image_proxy,
/map_tile and /favicon_proxy (when ``server.limiter`` is on).

The client address comes from X-Forwarded-For only when the direct peer is a
trusted proxy. Over the limit: ``Refused("rate_limited")``, answered 429 with Retry-After.
"""

from __future__ import annotations

import time

from flask import Flask, request

from searx.errors import Refused
from searx.limiter import retry_after_header
from searx.services import Services
from searx.webapp.context import client_address

# endpoint -> the limiter's routes it counts against (server.limiter's keys)
# (map tiles and favicons share the image proxy's budget: all are pictures fetched for a page; a summary's
# follow-up searches, so it is a summary and a search; a share link made or opened counts as a search)
ROUTES: dict[str, tuple[str, ...]] = {
    "search.search": ("search",), "meta.autocompleter": ("autocompleter",), "ai_summary.ai_summary": ("ai_summary",),
    "fetch.fetch": ("fetch",), "image_proxy.image_proxy": ("image_proxy",), "map_tile.map_tile": ("image_proxy",),
    "favicon_proxy.favicon_proxy": ("image_proxy",),
    "ai_summary.follow_up": ("ai_summary", "search"), "ai_summary.share": ("search",), "shared.shared": ("search",),
}


def install(app: Flask, svc: Services) -> None:
    limiter = svc.limiter
    if limiter is None:
        return

    @app.before_request
    def _limit() -> None:
        for route in ROUTES.get(request.endpoint or "", ()):
            allowed, wait = limiter.check(route, client_address(), time.time())
            if not allowed:
                raise Refused("rate_limited", f"too many requests: try again in {retry_after_header(wait)} s",
                              retry_after=wait)  # fmt: skip
