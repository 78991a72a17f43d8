"""``/preferences``: show, save (cookies) and share preferences.

Only a same-origin POST saves. A share link (GET with ``preferences=``) fills
the form with its values and sets no cookie; the user saves it with the form.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, request

import searx.webapp.pages as pages
from searx.webapp.context import is_https, preferences, same_origin_request, services
from searx.webapp.errors import PAGE, answers
from searx.webapp.origin import absolute
from searx.webapp.prefs_form import apply_form, save_cookies

bp = Blueprint("preferences", __name__)


@bp.route("/preferences", methods=["GET", "POST"])
@answers(PAGE)
def preferences_view() -> Response:
    prefs = preferences(with_overrides=False)
    token = request.args.get("preferences", "") if request.method == "GET" else ""
    if request.method == "POST":
        if not same_origin_request():
            abort(403, "Preferences can only be saved from this site's own preferences page.")
        saved = apply_form(prefs, request.form, services())
    elif token:
        prefs = prefs.copy()  # shown, not stored: a link must not change anyone's preferences
        prefs.load_token(token)
    share = absolute(f"/preferences?preferences={prefs.share_token()}&save=1")
    response = pages.preferences_page(prefs, saved=request.method == "POST", from_link=bool(token), share_url=share)
    if request.method == "POST":
        save_cookies(response, prefs, saved, https=is_https())
    return response
