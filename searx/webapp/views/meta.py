"""Instance endpoints: /config, /healthz, /autocompleter, /opensearch.xml, /stats, engine check."""

from __future__ import annotations

import hmac

from flask import Blueprint, Response, abort, jsonify, redirect, render_template, request
from werkzeug.wrappers import Response as BaseResponse

from searx import __version__
from searx.search.check import run_check
from searx.store.probe import probe
from searx.webapp.context import services
from searx.webapp.origin import absolute, base

bp = Blueprint("meta", __name__)


@bp.route("/config")
def config() -> Response:
    svc = services()
    return jsonify({
        "instance_name": svc.settings.general.instance_name,
        "version": __version__,
        "categories": list(dict.fromkeys(c for e in svc.engines.values() for c in e.categories)),
        "engines": [{"name": n, "categories": list(e.categories), "shortcut": e.shortcut, "enabled": not e.disabled,
                     "paging": e.paging, "time_range_support": e.time_range_support, "safesearch": e.safesearch,
                     "language_support": e.language_support, "timeout": e.timeout}
                    for n, e in svc.engines.items()],
        "plugins": [{"name": p.id, "enabled": p.default_on} for p in svc.plugins.plugins.values()],
        "formats": list(svc.settings.search.formats),
        "safe_search": svc.settings.search.safe_search,
        "default_locale": svc.settings.ui.default_locale,
        "autocomplete": svc.settings.search.autocomplete,
        "ai_summary": bool(svc.settings.ai_summary.base_url),
    })


@bp.route("/favicon.ico")
def favicon() -> BaseResponse:
    # browsers ask for it whatever the page says; the page names /static/favicon.svg
    return redirect(absolute("/static/favicon.svg"), code=301)


@bp.route("/healthz")
def healthz() -> Response:
    # 200 either way: with the shared store down the instance still serves (from memory)
    store = probe(services().store)
    return jsonify({"status": "degraded" if store == "down" else "ok", "store": store})


@bp.route("/autocompleter", methods=["GET", "POST"])
def autocompleter() -> Response:
    q = request.values.get("q", "")
    # no autocomplete backend is built in: every backend would leak keystrokes to a third party
    return jsonify([q, []])


@bp.route("/opensearch.xml")
def opensearch() -> Response:
    svc = services()
    xml = render_template("opensearch.xml", instance_name=svc.settings.general.instance_name,
                          base=base().rstrip("/"), method=svc.settings.server.method.lower())
    return Response(xml, mimetype="application/opensearchdescription+xml")


@bp.route("/stats")
def stats() -> Response:
    svc = services()
    return jsonify({"engines": svc.health.stats(list(svc.engines))})


@bp.route("/admin/engines/check")
def engine_check() -> Response:
    svc = services()
    token = svc.settings.general.admin_token
    if not token:
        abort(404)
    given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    if not hmac.compare_digest(given.encode(), token.encode()):
        abort(401, "an admin token is required")
    query = request.args.get("q", "").strip()
    if not query:
        abort(400, "missing query: give a search term in q")
    return jsonify({"query": query, "engines": run_check(svc.runner, query)})
