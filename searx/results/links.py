"""Which links a result may carry: absolute http(s) URLs only (``safe_url``), checked once
more by the result types themselves (``checked``)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

# the schemes a result may link to; everything else (javascript:, data:, vbscript:,
# file:, relative links an engine failed to resolve) is dropped
URL_SCHEMES = frozenset({"http", "https"})
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def safe_url(url: str, *, instance_path: bool = False) -> str:
    """``url`` when it is an absolute http(s) URL, else ``""``.

    With ``instance_path`` (results of the instance's own offline engines, such as
    the collections), a path on this instance (``/collections/...``) passes too.

    A protocol-relative ``//host/path`` becomes ``https://host/path``; inner
    spaces are percent-encoded. Control characters refuse the URL: browsers
    drop tabs and newlines, so ``java\tscript:`` would otherwise run.
    """
    url = url.strip().replace(" ", "%20")
    if not url or _CONTROL.search(url):
        return ""
    if instance_path and url.startswith("/") and not url.startswith(("//", "/\\")):
        return url
    if url.startswith("//"):
        url = "https:" + url
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError:
        return ""
    return url if parts.scheme.lower() in URL_SCHEMES and parts.hostname else ""


def checked(url: str) -> str:
    """The types' own check: ``safe_url`` (a path on this instance allowed), with a fast path
    for the http(s) links ``from_engine_item`` has already checked."""
    if not url or (url.startswith(("https://", "http://")) and not _CONTROL.search(url)):
        return url
    return safe_url(url, instance_path=True)
