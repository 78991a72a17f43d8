"""Error handlers, chosen by class: one JSON error body for API callers, a readable page for people.

Each view says how it answers errors (``@answers(...)`` under its route):
``API`` — ``{"error": {"code", "message", ...}}`` with ``Cache-Control:
no-store``; ``FLAT`` — SearXNG's ``{"error": message}``, for the endpoints
SearXNG's and LocalAI's clients call; ``PAGE`` — the error page, or the flat
JSON when ``format`` names an API format (json, csv, rss). A URL that no
route matches is a page. Never a traceback, never a secret: unexpected
exceptions are logged and answered with a plain 500 message.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask, Response, current_app, jsonify, render_template, request
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from searx.errors import EngineError, LLMError, SearxError, SettingsError, error_body
from searx.limiter import retry_after_header
from searx.store.base import StoreError

log = logging.getLogger("searx.webapp")

API, FLAT, PAGE = "api", "flat", "page"
API_FORMATS = ("json", "csv", "rss")
# werkzeug's own errors (routing, body limits, abort()) by status; any other 4xx is bad_request
HTTP_CODES = {401: "unauthorized", 403: "forbidden", 404: "not_found", 413: "too_large", 429: "rate_limited"}

View = TypeVar("View", bound=Callable[..., Any])


def answers(shape: str | Callable[[], str]) -> Callable[[View], View]:
    """Declare how a view answers its errors: ``API``, ``FLAT`` or ``PAGE``, or a function that
    decides per request (``/stats`` answers a page or JSON as the caller negotiated)."""

    def mark(view: View) -> View:
        view.error_shape = shape  # type: ignore[attr-defined]
        return view

    return mark


def _endpoint() -> str | None:
    """The endpoint of the route the request is for, also when routing refused it.

    Routing refuses a method the route does not take, or a Host werkzeug cannot
    parse; the path is matched once more (on a neutral host) to find the route.
    """
    if request.url_rule is not None:
        return str(request.url_rule.endpoint)
    adapter = current_app.url_map.bind("localhost")
    try:
        return str(adapter.match(request.path, method=request.method)[0])
    except MethodNotAllowed as exc:
        methods = sorted(exc.valid_methods or ())
        try:
            return str(adapter.match(request.path, method=methods[0])[0]) if methods else None
        except HTTPException:
            return None
    except HTTPException:  # no route (404), or a redirect the router would make
        return None


def _asked_format() -> str:
    try:
        return request.values.get("format", "")
    except HTTPException:  # a refused body (413): answering must not parse it again
        return request.args.get("format", "")


def shape() -> str:
    """How this request's errors are answered (``API``, ``FLAT`` or ``PAGE``)."""
    view = current_app.view_functions.get(_endpoint() or "")
    declared = getattr(view, "error_shape", PAGE)
    if callable(declared):
        declared = declared()
    if declared == PAGE and _asked_format() in API_FORMATS:
        return FLAT
    return declared


def respond(status: int, code: str, message: str, *, extra: dict[str, Any] | None = None,
            headers: dict[str, str] | None = None, generic: bool = False) -> Response:
    """The error answer in this request's shape. ``generic``: ``message`` is a stock English text,
    which a page replaces with its own translated one."""
    kind = shape()
    if kind == API:
        response = jsonify(error_body(code, message, **(extra or {})))
        response.headers["Cache-Control"] = "no-store"
    elif kind == FLAT:
        response = jsonify({"error": message})
    else:
        response = Response(render_template("error.html", status=status, message="" if generic else message),
                            mimetype="text/html")
    response.status_code = status
    for key, value in (headers or {}).items():
        response.headers[key] = value
    return response


def error_response(exc: SearxError, *, headers: dict[str, str] | None = None) -> Response:
    """The answer to ``exc``: its status, its code and message, ``Retry-After`` when it says when."""
    extra = dict(headers or {})
    if exc.retry_after is not None and exc.status in (429, 503):
        extra["Retry-After"] = retry_after_header(exc.retry_after)
    return respond(exc.status, exc.code, exc.message, extra=exc.details(), headers=extra)


# faults of the instance, not answers to the caller: their messages may name internals
INTERNAL = (SettingsError, EngineError, LLMError, StoreError)


def install(app: Flask) -> None:
    @app.errorhandler(SearxError)
    def refused(exc: SearxError) -> Response:
        if exc.code == "internal":
            return crash(exc)
        return error_response(exc)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Response:
        status = exc.code or 500
        headers = {"Allow": exc.get_headers()[1][1]} if status == 405 else None
        code = HTTP_CODES.get(status, "bad_request" if status < 500 else "internal")
        generic = exc.description == type(exc).description  # werkzeug's stock text, not ours
        return respond(status, code, exc.description or exc.name, headers=headers, generic=generic)

    @app.errorhandler(Exception)
    def crash(exc: Exception) -> Response:
        if app.config.get("TESTING") and app.config.get("PROPAGATE_CRASHES", True):
            raise exc
        log.exception("unexpected error")
        return respond(500, "internal", "Internal error. The administrator can find the details in the log.",
                       generic=True)

    for fault in INTERNAL:
        app.register_error_handler(fault, crash)
