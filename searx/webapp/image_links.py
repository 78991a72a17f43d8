"""Where a page loads a picture from: ``image_url(url)`` and ``favicon_url(result_url)``.

The user's ``load_images`` preference off: a blank placeholder (nothing is
loaded; the tile still links the picture and its page). ``image_proxy`` on: the
signed ``/image_proxy`` link, or the placeholder for an SVG file (the proxy never
serves one, and asking its host would bypass the proxy). Otherwise the picture's
own URL (the page's policy then names its origin, on the images, news and videos
pages only). A result's favicon comes through ``/favicon_proxy`` when the instance
has a resolver and the user's ``favicon_resolver`` preference is on
(``searx.proxy.favicons``), else there is none.
"""

from __future__ import annotations

import base64

from flask import Flask, g

import searx.proxy.favicons as favicons
from searx.preferences import Preferences
from searx.proxy.images import proxied_url, svg_url
from searx.webapp.context import preferences, services

# a transparent 1x1 GIF: fills the fixed thumbnail box without any request
PLACEHOLDER = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
PLACEHOLDER_GIF = base64.b64decode(PLACEHOLDER.partition(",")[2])


def mode(prefs: Preferences) -> str:
    """"off" (no pictures), "proxy" or "direct"."""
    if prefs.get("load_images") == "0":
        return "off"
    return "proxy" if prefs.get("image_proxy") == "1" else "direct"


def image_url(url: str | None) -> str:
    if not url:
        return PLACEHOLDER
    how = g.get("image_mode")
    if how is None:
        how = g.image_mode = mode(preferences(with_overrides=False))
    if how == "off":
        return PLACEHOLDER
    if how == "proxy":
        return PLACEHOLDER if svg_url(url) else proxied_url(services().settings.server.secret_key, url)
    return url


def favicon_url(url: str | None) -> str:
    """The link of the favicon of ``url``'s host, or "" (no favicons, or not an http(s) host name)."""
    resolver = g.get("favicon_resolver")
    if resolver is None:
        svc = services()
        chosen = preferences(with_overrides=False).get("favicon_resolver")
        resolver = g.favicon_resolver = chosen if chosen and chosen == svc.settings.search.favicon_resolver else ""
    host = favicons.authority(url) if url and resolver else ""
    return favicons.proxied_url(services().settings.server.secret_key, resolver, host) if host else ""


def install(app: Flask) -> None:
    app.jinja_env.globals["image_url"] = image_url
    app.jinja_env.globals["favicon_url"] = favicon_url
