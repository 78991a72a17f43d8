"""Error handlers: JSON ``{"error": ...}`` for API callers, a readable page for people.

Never a traceback, never a secret: unexpected exceptions are logged and
answered with a plain 500 message.
"""

from __future__ import annotations

import logging

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from searx.errors import BadRequest
from searx.webapp.context import wants_api

log = logging.getLogger("searx.webapp")


def error_response(status: int, message: str, *, headers: dict[str, str] | None = None,
                   generic: bool = False) -> Response:
    """``generic``: ``message`` is a stock English text; a page shows its own translated one instead."""
    if status < 500 and request.path == "/ai_summary":
        # the summary protocol's refusal shape (a bad Host header, a wrong method), so the
        # page's script reads every refusal the same way
        response = jsonify({"error": {"code": "bad_request", "message": message}})
        response.headers["Cache-Control"] = "no-store"
    elif request.path == "/fetch":
        # the /fetch error shape (docs/api.md) also for refusals made before the view runs
        code = {404: "disabled", 429: "rate_limited"}.get(status, "bad_request" if status < 500 else "internal")
        response = jsonify({"error": {"code": code, "message": message}})
    elif wants_api():
        response = jsonify({"error": message})
    else:
        response = Response(render_template("error.html", status=status, message="" if generic else message),
                            mimetype="text/html")
    response.status_code = status
    for key, value in (headers or {}).items():
        response.headers[key] = value
    return response


def install(app: Flask) -> None:
    @app.errorhandler(BadRequest)
    def bad_request(exc: BadRequest) -> Response:
        return error_response(400, str(exc))

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Response:
        headers = {"Allow": exc.get_headers()[1][1]} if exc.code == 405 else None
        if exc.code == 429 and isinstance(exc.response, Response):
            return exc.response
        generic = exc.description == type(exc).description  # werkzeug's stock text, not ours
        return error_response(exc.code or 500, exc.description or exc.name, headers=headers, generic=generic)

    @app.errorhandler(Exception)
    def crash(exc: Exception) -> Response:
        if app.config.get("TESTING") and app.config.get("PROPAGATE_CRASHES", True):
            raise exc
        log.exception("unexpected error")
        return error_response(500, "Internal error. The administrator can find the details in the log.", generic=True)
