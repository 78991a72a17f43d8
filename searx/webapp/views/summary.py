"""POST /ai_summary: same-origin JSON in, the summary as streamed NDJSON out (docs/dev/ai_summary_protocol.md)."""

from __future__ import annotations

from flask import Blueprint, Response, g, request

from searx.errors import Refused
from searx.summary.admission import refusal
from searx.summary.ndjson import MESSAGES, body
from searx.summary.service import Refusal
from searx.webapp.context import client_id, preferences, request_host, services
from searx.webapp.errors import API, answers

bp = Blueprint("ai_summary", __name__)

STREAM_HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}


def _refused(code: str) -> Refused:
    return Refused(code, MESSAGES[code])


@bp.post("/ai_summary")
@answers(API)
def ai_summary() -> Response:
    svc = services()
    code = refusal(request.headers.get("Origin"), request.headers.get("Sec-Fetch-Site"), request_host(),
                   request.scheme, svc.settings.server.base_url, request.mimetype, request.content_length)  # fmt: skip
    if code:
        raise _refused(code)
    prefs = {k: v for k, v in preferences(with_overrides=False).as_dict(include_secret=True).items()
             if k.startswith("ai_summary_")}  # fmt: skip
    result = svc.summary.open(request.get_data(cache=False), prefs, client_id(), ui_lang=getattr(g, "locale", ""))
    if isinstance(result, Refusal):
        if svc.metrics is not None:
            svc.metrics.summary_refused(result.code)
        raise _refused(result.code)
    events = svc.metrics.summary(result) if svc.metrics is not None else result
    return Response(body(events), mimetype="application/x-ndjson", headers=STREAM_HEADERS)  # NDJSON written here only
