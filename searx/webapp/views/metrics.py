"""``GET /metrics``: Prometheus/OpenMetrics text, behind HTTP basic auth (``general.open_metrics``)."""

from __future__ import annotations

import hmac

from flask import Blueprint, Response, abort, request

from searx.errors import Refused
from searx.webapp.context import services
from searx.webapp.errors import API, answers, error_response

bp = Blueprint("metrics", __name__)


@bp.get("/metrics")
@answers(API)
def metrics() -> Response:
    svc = services()
    password = svc.settings.general.open_metrics
    if not password or svc.metrics is None:
        abort(404)
    auth = request.authorization
    given = (auth.password or "") if auth is not None and auth.type == "basic" else ""
    if not hmac.compare_digest(given.encode(), str(password).encode()):
        return error_response(Refused("unauthorized", "the metrics password is required"),
                              headers={"WWW-Authenticate": 'Basic realm="metrics", charset="UTF-8"'})
    body, content_type = svc.metrics.render(request.headers.get("Accept"))
    return Response(body, content_type=content_type, headers={"Cache-Control": "no-store"})
