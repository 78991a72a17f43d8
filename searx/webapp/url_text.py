"""How a result's URL is written under its title: the ``url_formatting`` preference (SearXNG's values).

``pretty``: the scheme and host, then the path's segments decoded and joined by " › " (a query
without ``key=value`` pairs keeps its last 24 characters); ``full``: the URL as it is; ``host``:
the host alone. The text is only shown: the link itself is always the full URL.
"""

from __future__ import annotations

import unicodedata
from urllib.parse import parse_qsl, unquote, urlsplit

from flask import Flask, g
from markupsafe import Markup, escape

from searx.webapp.context import preferences

MODES = ("pretty", "full", "host")
SEPARATOR = " › "


def display_parts(url: str, mode: str) -> list[str]:
    """The parts shown for ``url`` (the site, then the path's segments); an unparsable URL is one part."""
    if mode == "full":
        return [url]
    try:
        parts = urlsplit(url)
        host = parts.netloc.rpartition("@")[2]  # never a user name or password
    except ValueError:
        return [url]
    if not host:
        return [url]
    if mode == "host":
        return [host]
    # each segment decoded for reading, without control and bidi-override characters (they could reorder the text)
    shown = [f"{parts.scheme}://{host}", *(_readable(unquote(seg, errors="replace"))
                                          for seg in parts.path.rstrip("/").split("/")[1:])]
    if parts.query and not parse_qsl(parts.query):
        shown.append((".." if len(parts.query) > 24 else "") + _readable(parts.query[-24:]))
    return shown


def _readable(text: str) -> str:
    if text.isascii() and text.isprintable():
        return text
    return "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf"))


def display_url(url: str, mode: str) -> str:
    """The text shown for ``url``."""
    return SEPARATOR.join(display_parts(url, mode))


def _url_text(url: str | None) -> Markup:
    """Each part isolated (``<bdi>``): a right-to-left segment cannot reorder the others or the separators."""
    if not url:
        return Markup("")
    mode = g.get("url_formatting")
    if mode is None:
        mode = g.url_formatting = preferences(with_overrides=False).get("url_formatting")
    return Markup(SEPARATOR.join(f"<bdi>{escape(part)}</bdi>" for part in display_parts(url, mode)))


def install(app: Flask) -> None:
    app.jinja_env.filters["url_text"] = _url_text
