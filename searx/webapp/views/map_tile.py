"""``/map_tile/<z>/<x>/<y>``: one tile of the configured tile server, for the map tab's map when the
image proxy is on, so the tile server never sees the user (``searx.proxy.tiles``: z/x/y only,
never a URL from outside)."""

from __future__ import annotations

from flask import Blueprint, Response, abort

from searx.webapp.context import client_id, services
from searx.webapp.errors import PAGE, answers
from searx.webapp.views.image_proxy import picture_response

bp = Blueprint("map_tile", __name__)


@bp.route("/map_tile/<int:z>/<int:x>/<int:y>", methods=["GET"])
@answers(PAGE)
def map_tile(z: int, x: int, y: int) -> Response:
    svc = services()
    if svc.tiles is None:  # apps built without one (never by create_app)
        abort(404, "map tiles are not available")
    tile = svc.tiles.tile(z, x, y, client=client_id())  # an ImageError is answered with its code's status
    return picture_response(tile, f"public, max-age={max(3600, svc.settings.map.tile_cache_ttl)}")
