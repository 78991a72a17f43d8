"""GET/POST /fetch: one URL read as text (docs/api.md, docs/admin/fetch.md)."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from searx.reader.api import answer, form_arguments, parse_request
from searx.reader.errors import ReaderError
from searx.webapp.context import client_id, same_origin_request, services
from searx.webapp.errors import API, answers

bp = Blueprint("fetch", __name__)


def _values() -> dict[str, object]:
    body = request.get_json(silent=True) if request.is_json else None
    return {**request.args.to_dict(), **request.form.to_dict(), **(body if isinstance(body, dict) else {})}


@bp.route("/fetch", methods=["GET", "POST"])
@answers(API)
def fetch() -> Response:
    reader = services().reader
    if reader is None or not reader.api_enabled:
        raise ReaderError("disabled", "page reading is not enabled on this instance")
    if not same_origin_request(typed=True):  # an <img> or a form on another site must not drive the reader
        raise ReaderError("forbidden", "a page of another site may not use this instance's page reader")
    req = parse_request(form_arguments(_values()))
    page = reader.read(req.url, format=req.format, accept_language=request.headers.get("Accept-Language"),
                       client=client_id())
    response = jsonify(answer(page, req))
    response.headers["Cache-Control"] = "no-store"
    return response
