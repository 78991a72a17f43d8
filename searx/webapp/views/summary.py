"""POST /ai_summary: same-origin JSON in, the summary as streamed NDJSON out (docs/dev/ai_summary_protocol.md)."""

from __future__ import annotations

from flask import Blueprint, Response, g, json, request

from searx.summary.admission import refusal
from searx.summary.ndjson import error_body, status
from searx.summary.service import Refusal
from searx.webapp.context import client_id, preferences, request_host, services

bp = Blueprint("ai_summary", __name__)

STREAM_HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}


def _refuse(code: str) -> Response:
    return Response(json.dumps(error_body(code)), status(code), mimetype="application/json", headers=STREAM_HEADERS)


@bp.post("/ai_summary")
def ai_summary() -> Response:
    svc = services()
    code = refusal(request.headers.get("Origin"), request.headers.get("Sec-Fetch-Site"), request_host(),
                   request.scheme, svc.settings.server.base_url, request.mimetype, request.content_length)  # fmt: skip
    if code:
        return _refuse(code)
    prefs = {k: v for k, v in preferences(with_overrides=False).as_dict(include_secret=True).items()
             if k.startswith("ai_summary_")}  # fmt: skip
    result = svc.summary.open(request.get_data(cache=False), prefs, client_id(), ui_lang=getattr(g, "locale", ""))
    if isinstance(result, Refusal):
        if svc.metrics is not None:
            svc.metrics.summary_refused(result.code)
        return _refuse(result.code)
    if svc.metrics is not None:
        result = svc.metrics.summary(result)
    return Response(result, mimetype="application/x-ndjson", headers=STREAM_HEADERS)
