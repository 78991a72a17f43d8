"""The home page and ``/search`` in every output format."""

from __future__ import annotations

from flask import Blueprint, Response, abort, g, redirect, request
from werkzeug.wrappers import Response as BaseResponse

import searx.webapp.pages as pages
from searx.formats import MIMETYPES, RENDERERS
from searx.webapp.context import client_address, client_id, own_navigation_request, preferences, services
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
        return _go(target)
    prefs = preferences()
    # the client's pseudonym marks search-cache entries: not worked out when the cache is off
    client = client_id() if svc.settings.search.cache_ttl > 0 else ""
    outcome = run_search(svc, request.values, prefs, fmt, accept_language=request.headers.get("Accept-Language", ""),
                         client=client, address=client_address(),
                         user_agent=request.headers.get("User-Agent", ""), locale=getattr(g, "locale", "en"))
    # another site's link must not make the instance an open redirect: it gets the results page
    lucky = lucky_target(outcome) if fmt in ("html", "rss") and own_navigation_request() else None
    if lucky:
        return _go(lucky)
    if fmt == "html":
        return pages.results(outcome, prefs, request.values)
    body = RENDERERS[fmt](outcome, base())
    response = Response(body, mimetype=MIMETYPES[fmt])
    if fmt == "csv":
        response.headers["Content-Disposition"] = "attachment;Filename=searx_-_search_results.csv"
    response.headers["Server-Timing"] = pages.server_timing(outcome)
    return response


def _go(target: str) -> BaseResponse:
    """On to another site: a 303 (a POSTed search is a GET there); from a form of the instance's own
    pages (a navigation the browser marks ``same-origin``), a page that opens the link itself."""
    if request.headers.get("Sec-Fetch-Site") == "same-origin" and request.headers.get("Sec-Fetch-Mode") == "navigate":
        return pages.leaving(target)
    return redirect(target, code=303)
