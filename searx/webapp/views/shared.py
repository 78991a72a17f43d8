"""GET /shared/<id>: a shared AI answer, read only, as plain HTML (no script, no LLM call, no search)."""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template

import searx.webapp.shared_view as shared_view
from searx.webapp.context import services
from searx.webapp.errors import PAGE, answers
from searx.webapp.i18n import gettext as _

bp = Blueprint("shared", __name__)


@bp.get("/shared/<share_id>")
@answers(PAGE)
def shared(share_id: str) -> Response:
    found = services().summary.shared(share_id)
    if found is None or not found.turns:
        abort(404, _("This shared answer has expired, or there never was one at this address."))
    html = render_template("shared.html", page="shared", turns=shared_view.turns(found))
    # a link reveals the questions: never indexed, never kept by a cache on the way
    return Response(html, mimetype="text/html", headers={"X-Robots-Tag": "noindex, nofollow",
                                                           "Cache-Control": "no-store"})  # fmt: skip
