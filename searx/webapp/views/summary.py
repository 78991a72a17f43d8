"""POST /ai_summary, /ai_summary/follow_up and /ai_summary/share: same-origin JSON in; a summary streams back
as NDJSON (docs/dev/ai_summary_protocol.md)."""

from __future__ import annotations

from flask import Blueprint, Response, g, jsonify, request

from searx.errors import Refused
from searx.results.search import SearchOutcome
from searx.summary.admission import refusal
from searx.summary.ndjson import MESSAGES, body
from searx.summary.service import Refusal
from searx.summary.streams import Counted
from searx.webapp.context import client_id, preferences, request_host, services
from searx.webapp.errors import API, answers
from searx.webapp.origin import absolute
from searx.webapp.searching import run_search

bp = Blueprint("ai_summary", __name__)

STREAM_HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}


def _refused(code: str) -> Refused:
    return Refused(code, MESSAGES[code])


def _admit() -> dict[str, str]:
    """Refuse a cross-site, non-JSON or oversized request; the request's ``ai_summary_*`` preferences."""
    code = refusal(request.headers.get("Origin"), request.headers.get("Sec-Fetch-Site"), request_host(),
                   request.scheme, services().settings.server.base_url, request.mimetype, request.content_length)  # fmt: skip
    if code:
        raise _refused(code)
    return {k: v for k, v in preferences(with_overrides=False).as_dict(include_secret=True).items()
            if k.startswith("ai_summary_")}  # fmt: skip


def _stream(result: Refusal | Counted) -> Response:
    svc = services()
    if isinstance(result, Refusal):
        if svc.metrics is not None:
            svc.metrics.summary_refused(result.code)
        raise _refused(result.code)
    events = svc.metrics.summary(result) if svc.metrics is not None else result
    return Response(body(events), mimetype="application/x-ndjson", headers=STREAM_HEADERS)  # NDJSON written here only


@bp.post("/ai_summary")
@answers(API)
def ai_summary() -> Response:
    prefs = _admit()
    svc = services()
    return _stream(svc.summary.open(request.get_data(cache=False), prefs, client_id(), ui_lang=getattr(g, "locale", "")))


@bp.post("/ai_summary/follow_up")
@answers(API)
def follow_up() -> Response:
    summary_prefs, svc, prefs, client = _admit(), services(), preferences(), client_id()
    accept = request.headers.get("Accept-Language", "")

    def search(query: str, lang: str) -> SearchOutcome:  # the user's own search: engines, safe search, plugins
        return run_search(svc, {"q": query, "language": lang, "categories": "general"}, prefs, "json",
                          accept_language=accept, client=client)  # fmt: skip

    return _stream(svc.summary.follow_up(request.get_data(cache=False), summary_prefs, search, client,
                                         ui_lang=getattr(g, "locale", "")))  # fmt: skip


@bp.post("/ai_summary/share")
@answers(API)
def share() -> Response:
    _admit()
    result = services().summary.share(request.get_data(cache=False), client_id())
    if isinstance(result, Refusal):
        raise _refused(result.code)
    share_id, expires = result
    response = jsonify({"id": share_id, "url": absolute(f"/shared/{share_id}"), "expires": expires})
    response.headers["Cache-Control"] = "no-store"
    return response
