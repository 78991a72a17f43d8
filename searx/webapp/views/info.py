"""Pages around the search: ``/robots.txt``, ``/about`` and ``/info/<locale>/about``,
``/clear_cookies`` and ``/engine_descriptions.json``."""

from __future__ import annotations

from flask import Blueprint, Response, abort, g, jsonify, redirect, render_template, request
from werkzeug.wrappers import Response as BaseResponse

import searx.webapp.about as about
import searx.webapp.i18n as i18n
import searx.webapp.media as media
from searx.webapp.context import is_https, same_origin_request, services
from searx.webapp.errors import FLAT, PAGE, answers
from searx.webapp.footer import links
from searx.webapp.origin import absolute
from searx.webapp.prefs_form import clear_cookies as remove_preferences

bp = Blueprint("info", __name__)


@bp.route("/robots.txt", methods=["GET"])
@answers(PAGE)
def robots() -> Response:
    return Response(about.robots(services().settings.server.public_instance), mimetype="text/plain")


@bp.route("/about", methods=["GET"])
@answers(PAGE)
def about_redirect() -> BaseResponse:
    return redirect(absolute(f"/info/{getattr(g, 'locale', 'en')}/about"), code=302)


@bp.route("/info/<locale>/about", methods=["GET"])
@answers(PAGE)
def about_page(locale: str) -> Response:
    code = locale.replace("-", "_")
    if code not in i18n.available():
        abort(404, "there is no about page in this language")
    g.locale, g.translations = code, i18n.translations(code)  # the page is in the language its address names
    svc = services()
    footer = {link.kind: link.url for link in links(svc.settings)}
    html = render_template(
        "about.html", page="about", engines=about.engine_lines(svc.engines, media.tab_categories(
            svc.settings.categories_as_tabs, svc.engines)),
        plugins=list(svc.plugins.plugins.values()), privacy_url=footer.get("privacy", ""),
        contact_url=footer.get("contact", ""), cache_ttl=svc.settings.search.cache_ttl,
        ai_summary=bool(svc.settings.ai_summary.base_url), image_proxy=svc.settings.server.image_proxy,
    )
    return Response(html, mimetype="text/html")


@bp.route("/clear_cookies", methods=["GET", "POST"])
@answers(PAGE)
def clear_cookies() -> BaseResponse:
    if not same_origin_request(typed=True):
        abort(403, "Preference cookies can only be cleared from this site's own pages.")
    response = redirect(absolute("/"), code=303)
    remove_preferences(response, services().pref_defs, request.cookies, https=is_https())
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/engine_descriptions.json", methods=["GET"])
@answers(FLAT)
def engine_descriptions() -> Response:
    return jsonify(about.descriptions(services().engines))
