"""``/stats`` (engine figures: an HTML page for browsers, JSON for the API) and ``/stats/errors``.

``/stats`` answers JSON unless the caller prefers HTML: ``format=json`` or ``format=html`` decide,
else the ``Accept`` header (a browser's ``text/html`` wins; ``*/*`` and no header get JSON, as before).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, jsonify, render_template, request

import searx.webapp.stats_page as stats_page
from searx.webapp.context import services, stats_wants_html
from searx.webapp.errors import FLAT, PAGE, answers

bp = Blueprint("stats", __name__)


def _figures() -> dict[str, dict[str, Any]]:
    svc = services()
    return svc.health.stats(list(svc.engines)) if svc.health else {}


def _shape() -> str:
    return PAGE if stats_wants_html() else FLAT  # SearXNG's clients read {"error": message}


@bp.route("/stats", methods=["GET"])
@answers(_shape)
def stats() -> Response:
    if request.args.get("format", "html") not in ("html", "json"):
        abort(400, "format must be html or json")
    sort, descending = stats_page.check_sort(request.args.get("sort", "name"), request.args.get("order", ""))
    figures = _figures()
    if stats_wants_html():
        rows = stats_page.rows(list(services().engines), figures, sort, descending)
        response = Response(render_template("stats.html", page="stats", rows=rows, sort=sort, descending=descending,
                                            sorts=list(stats_page.SORTS)), mimetype="text/html")
    else:
        response = jsonify({"engines": figures})
    response.vary.add("Accept")  # one address, two answers: caches must not mix them
    return response


@bp.route("/stats/errors", methods=["GET"])
@answers(FLAT)
def stats_errors() -> Response:
    if request.args:
        abort(400, "/stats/errors takes no parameters")
    return jsonify(stats_page.engine_errors(services().engines, _figures()))
