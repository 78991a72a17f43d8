"""``/mcp``: the Model Context Protocol endpoint (the transport is ``searx.mcp.http``; docs/admin/mcp.md)."""

from __future__ import annotations

from flask import Blueprint, Response, request
from werkzeug.exceptions import RequestEntityTooLarge

from searx.errors import Refused
from searx.mcp import HttpRequest
from searx.mcp.access import MAX_BODY, authorized
from searx.origin import origin_matches
from searx.settings import mcp_enabled
from searx.webapp.context import client_address, mcp_endpoint, services
from searx.webapp.errors import API, answers, error_response
from searx.webapp.origin import base

bp = Blueprint("mcp", __name__)


def _refuse(code: str, message: str, **headers: str) -> Response:
    return error_response(Refused(code, message), headers=headers)


@bp.route("/mcp", methods=["GET", "POST", "DELETE"])
@answers(API)
def mcp() -> Response:
    svc = services()
    settings = svc.settings
    if not mcp_enabled(settings):
        return _refuse("disabled", "the MCP endpoint is not enabled on this instance")
    origin = request.headers.get("Origin")  # none from agents; a browser's must be this instance's own
    if origin is not None and not origin_matches(origin, base()):
        return _refuse("forbidden", "this Origin may not use the MCP endpoint")
    if not authorized(request.headers.get("Authorization"), settings.mcp.tokens):
        return _refuse("unauthorized", "a bearer token is required", **{"WWW-Authenticate": 'Bearer realm="mcp"'})
    request.max_content_length = MAX_BODY
    try:
        body = request.get_data(cache=False)
    except RequestEntityTooLarge:
        return _refuse("too_large", f"the body is over {MAX_BODY} bytes")
    reply = mcp_endpoint().handle(HttpRequest(request.method, {k.lower(): v for k, v in request.headers.items()}, body,
                                       client_address(), list(request.headers.items())))
    response = Response(reply.body, reply.status, headers=reply.headers, content_type=reply.content_type)
    response.headers["Cache-Control"] = "no-store"
    return response
