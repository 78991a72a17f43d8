"""Instance endpoints: /config, /healthz, /autocompleter, /opensearch.xml, engine check."""

from __future__ import annotations

from flask import Blueprint, Response, abort, jsonify, redirect, render_template, request
from werkzeug.wrappers import Response as BaseResponse

from searx import __version__
from searx.bearer import authorized
from searx.engines import categories_of
from searx.search.check import run_check
from searx.search.request import resolve_language
from searx.store.probe import probe
from searx.webapp.context import preferences, services
from searx.webapp.errors import API, FLAT, PAGE, answers
from searx.webapp.origin import absolute, base

bp = Blueprint("meta", __name__)


@bp.route("/config")
@answers(FLAT)
def config() -> Response:
    svc = services()
    return jsonify({
        "instance_name": svc.settings.general.instance_name,
        "version": __version__,
        "categories": categories_of(svc.engines),
        "engines": [{"name": n, "categories": list(e.categories), "shortcut": e.shortcut, "enabled": not e.disabled,
                     "paging": e.paging, "time_range_support": e.time_range_support, "safesearch": e.safesearch,
                     "language_support": e.language_support, "timeout": e.timeout}
                    for n, e in svc.engines.items()],
        "unsupported_engines": [{"name": u.name, "engine": u.engine, "reason": u.reason} for u in svc.unsupported],
        "plugins": [{"name": p.id, "enabled": p.default_on} for p in svc.plugins.plugins.values()],
        "unsupported_plugins": [{"name": u.name, "reason": u.reason} for u in svc.unknown_plugins],
        "formats": list(svc.settings.search.formats),
        "safe_search": svc.settings.search.safe_search,
        "default_locale": svc.settings.ui.default_locale,
        "autocomplete": svc.settings.search.autocomplete,
        "ai_summary": bool(svc.settings.ai_summary.base_url),
    })


@bp.route("/favicon.ico")
@answers(PAGE)
def favicon() -> BaseResponse:
    # browsers ask for it whatever the page says; the page names /static/favicon.svg
    return redirect(absolute("/static/favicon.svg"), code=301)


@bp.route("/healthz")
@answers(API)
def healthz() -> Response:
    # 200 either way: with the shared store down the instance still serves (from memory)
    store = probe(services().store)
    return jsonify({"status": "degraded" if store == "down" else "ok", "store": store})


@bp.route("/autocompleter", methods=["GET", "POST"])
@answers(FLAT)
def autocompleter() -> Response:
    q = request.values.get("q", "")
    prefs = preferences()
    language = resolve_language(prefs.get("language"), request.headers.get("Accept-Language", ""))
    return jsonify([q, services().autocompleter.complete(q, prefs.get("autocomplete"), language)])


@bp.route("/opensearch.xml")
@answers(PAGE)
def opensearch() -> Response:
    svc = services()
    xml = render_template("opensearch.xml", instance_name=svc.settings.general.instance_name,
                          base=base().rstrip("/"), method=svc.settings.server.method.lower(),
                          suggestions=bool(preferences().get("autocomplete")))
    return Response(xml, mimetype="application/opensearchdescription+xml")


@bp.route("/admin/engines/check")
@answers(API)
def engine_check() -> Response:
    svc = services()
    token = svc.settings.general.admin_token
    if not token:
        abort(404)
    if not authorized(request.headers.get("Authorization"), [token]):
        abort(401, "an admin token is required")
    query = request.args.get("q", "").strip()
    if not query:
        abort(400, "missing query: give a search term in q")
    return jsonify({"query": query, "engines": run_check(svc.runner, query)})
