"""The home page and ``/search`` in every output format."""

from __future__ import annotations

from flask import Blueprint, Response, abort, g, redirect, request
from werkzeug.wrappers import Response as BaseResponse

import searx.webapp.pages as pages
from searx.formats import MIMETYPES, RENDERERS
from searx.webapp.context import client_address, client_id, preferences, services
from searx.webapp.errors import PAGE, answers
from searx.webapp.origin import absolute, base
from searx.webapp.searching import bang_target, lucky_target, run_search

bp = Blueprint("search", __name__)


@bp.route("/", methods=["GET"])
@answers(PAGE)
def index() -> BaseResponse:
    if request.args.get("q"):
        return redirect(absolute(f"/search?{request.query_string.decode('latin-1')}"), code=308)
    return pages.index(preferences())


@bp.route("/search", methods=["GET", "POST"])
@answers(PAGE)
def search() -> BaseResponse:
    svc = services()
    fmt = request.values.get("format", "html") or "html"
    if fmt not in svc.settings.search.formats:
        abort(403, f"the {fmt!r} format is not enabled on this instance")
    target = bang_target(svc, request.values)
    if target:
        return redirect(target, code=303)  # 303: a POSTed search is a GET at the site
    prefs = preferences()
    # the client's pseudonym marks search-cache entries: not worked out when the cache is off
    client = client_id() if svc.settings.search.cache_ttl > 0 else ""
    outcome = run_search(svc, request.values, prefs, fmt, accept_language=request.headers.get("Accept-Language", ""),
                         client=client, address=client_address(),
                         user_agent=request.headers.get("User-Agent", ""), locale=getattr(g, "locale", "en"))
    lucky = lucky_target(outcome) if fmt in ("html", "rss") else None
    if lucky:
        return redirect(lucky, code=303)
    if fmt == "html":
        return pages.results(outcome, prefs, request.values)
    body = RENDERERS[fmt](outcome, base())
    response = Response(body, mimetype=MIMETYPES[fmt])
    if fmt == "csv":
        response.headers["Content-Disposition"] = "attachment;Filename=searx_-_search_results.csv"
    response.headers["Server-Timing"] = pages.server_timing(outcome)
    return response
