"""The web app: ``create_app(settings)`` builds the services and registers views.

This package is the only place that imports Flask or reads the request.
"""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Callable
from pathlib import Path

from flask import Flask, Response

from searx import settings as settings_mod
from searx.mcp import http_endpoint
from searx.services import Services, build
from searx.settings import Settings
from searx.webapp import errors, i18n, image_links, pages, url_text

STATIC = Path(__file__).resolve().parent.parent / "static"
TEMPLATES = Path(__file__).resolve().parent / "templates"


def create_app(settings: Settings | None = None, *, testing: bool = False,
               clock: Callable[[], float] = time.time) -> Flask:
    """A ready app. Without ``settings``, they are read from SEARX_SETTINGS_PATH. ``clock`` is the
    services' wall clock (seconds since the epoch); tests pass one they control."""
    settings = settings or settings_mod.load()
    logging.basicConfig(level=logging.DEBUG if settings.general.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for noisy in ("httpx", "httpcore"):  # they log every URL, queries included
        logging.getLogger(noisy).setLevel(logging.WARNING)
    app = Flask("searx", static_folder=str(STATIC), static_url_path="/static", template_folder=str(TEMPLATES))
    app.config.update(TESTING=testing, MAX_CONTENT_LENGTH=256 * 1024, JSON_SORT_KEYS=False)
    services = build(settings, raise_plugin_errors=testing, clock=clock)
    app.extensions["searx"] = services
    app.extensions["searx.mcp"] = http_endpoint(services, services.store)
    if not testing and services.reader is not None and services.reader.api_enabled:
        services.reader.extractor.warm()  # the first /fetch does not wait for a fresh interpreter
    if services.collections is not None:
        services.collections.start()
    app.after_request(_whole_body)  # registered first, so it runs last: it sees the final body
    i18n.install(app)
    errors.install(app)
    pages.install(app)
    image_links.install(app)
    url_text.install(app)

    from searx.webapp.views import (
        collections,
        favicon_proxy,
        fetch,
        image_proxy,
        info,
        map_tile,
        mcp,
        meta,
        metrics,
        openapi,
        preferences,
        search,
        shared,
        stats,
        summary,
    )

    for module in (search, preferences, meta, summary, shared, fetch, openapi, metrics, mcp, collections,
                   image_proxy, map_tile, favicon_proxy, stats, info):
        app.register_blueprint(module.bp)
    from searx.webapp import headers, limits, origin

    origin.install(app, settings)  # first: a foreign Host is refused before any other work
    limits.install(app, services)
    headers.install(app, settings)
    if not testing:
        # what start-up built (modules, engines, settings) lives as long as the process: moved out of
        # the collector's reach, a full collection walks only what requests made (was ~100 ms each)
        gc.collect()
        gc.freeze()
    return app


def _whole_body(response: Response) -> Response:
    """A body already whole in memory goes to the server as it is, not through an iterator: granian
    then sends it in one call instead of pulling it chunk by chunk (about 0.1 ms of CPU a request).
    Streamed bodies (generators) and bodies with close callbacks keep the iterator."""
    body = response.response
    if isinstance(body, list) and all(isinstance(part, bytes) for part in body) \
            and not getattr(response, "_on_close", None):
        response.direct_passthrough = True
    return response


def services(app: Flask) -> Services:
    return app.extensions["searx"]


def main() -> None:  # pragma: no cover - the development server
    app = create_app()
    s = services(app).settings
    app.run(host=s.server.bind_address, port=s.server.port, threaded=True)  # the environment is in the settings
