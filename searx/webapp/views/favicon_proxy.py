"""``/favicon_proxy``: a result host's icon from the instance's favicon resolver, so neither the
resolver nor the host sees the user (``searx.proxy.favicons``: signed host names only)."""

from __future__ import annotations

from flask import Blueprint, Response, abort, request

from searx.proxy.favicons import FOUND_TTL, MISSING_TTL, verify
from searx.proxy.images import Image
from searx.webapp.context import client_id, services
from searx.webapp.errors import PAGE, answers
from searx.webapp.image_links import PLACEHOLDER_GIF
from searx.webapp.views.image_proxy import picture_response

bp = Blueprint("favicon_proxy", __name__)


@bp.route("/favicon_proxy", methods=["GET"])
@answers(PAGE)
def favicon_proxy() -> Response:
    svc = services()
    host, resolver, sig = (request.args.get(k, "") for k in ("authority", "resolver", "h"))
    if not host or not resolver or not sig:
        abort(400, "give authority, resolver and h (the links on results pages carry them)")
    if not verify(svc.settings.server.secret_key, resolver, host, sig):
        abort(403, "this favicon link is not signed by this instance")
    if svc.favicons is None or resolver != svc.settings.search.favicon_resolver:
        abort(404, "this instance shows no favicons from this resolver")
    icon = svc.favicons.icon(resolver, host, client=client_id())
    if icon is None:  # a blank in the icon's fixed box, kept by the browser as long as the cache's answer
        return picture_response(Image("image/gif", PLACEHOLDER_GIF), f"public, max-age={MISSING_TTL}")
    return picture_response(icon, f"public, max-age={FOUND_TTL}")
