"""``/preferences``: show, save (cookies) and share preferences."""

from __future__ import annotations

from flask import Blueprint, Response, request

import searx.webapp.pages as pages
from searx.webapp.context import is_https, preferences, services
from searx.webapp.prefs_form import apply_form, save_cookies

bp = Blueprint("preferences", __name__)


@bp.route("/preferences", methods=["GET", "POST"])
def preferences_view() -> Response:
    prefs = preferences(with_overrides=False)
    changed: list[str] = []
    if request.method == "POST":
        changed = apply_form(prefs, request.form, services())
    elif request.args.get("preferences"):
        changed = prefs.load_token(request.args["preferences"])
    share = f"{request.host_url}preferences?preferences={prefs.share_token()}&save=1"
    response = pages.preferences_page(prefs, saved=bool(changed) or request.method == "POST", share_url=share)
    if request.method == "POST" or request.args.get("save") == "1":
        save_cookies(response, prefs, changed, https=is_https())
    return response
