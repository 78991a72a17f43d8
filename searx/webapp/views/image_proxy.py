"""``/image_proxy``: serve a picture a results page linked, so the picture's host never sees the user.

Only URLs this instance signed are fetched (``searx.proxy.images``); the
answer can only be shown as a picture (its type from the bytes, never SVG),
never run, and is cached by the browser until the link expires.
"""

from __future__ import annotations

import time

from flask import Blueprint, Response, abort, request

from searx.proxy.images import Image, verify
from searx.webapp.context import client_id, services
from searx.webapp.errors import PAGE, answers

bp = Blueprint("image_proxy", __name__)

# a picture opened on its own (its URL in the address bar) cannot run or load anything
_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"


@bp.route("/image_proxy", methods=["GET"])
@answers(PAGE)
def image_proxy() -> Response:
    svc = services()
    url, expires, sig = (request.args.get(k, "") for k in ("url", "e", "h"))
    if not url or not sig:
        abort(400, "give url, e and h (the links on results pages carry them)")
    now = time.time()
    if not verify(svc.settings.server.secret_key, url, expires, sig, now):
        abort(403, "this picture link is not signed by this instance, or it has expired")
    if svc.images is None:  # apps built without one (never by create_app)
        abort(404, "the image proxy is not available")
    # an ImageError is answered with its code's status (busy, rate_limited: every picture slot taken)
    image = svc.images.fetch(url, client=client_id())
    return picture_response(image, f"private, max-age={max(0, int(expires) - int(now))}, immutable")


def picture_response(image: Image, cache_control: str) -> Response:
    """A fetched picture as an answer that can only be shown, never run (also the map tiles')."""
    response = Response(image.body, mimetype=image.content_type)
    response.headers["Content-Security-Policy"] = _CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Content-Disposition"] = "inline"
    response.headers["Cross-Origin-Resource-Policy"] = "same-origin"
    response.headers["Cache-Control"] = cache_control
    return response
