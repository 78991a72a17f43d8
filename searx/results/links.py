"""Which links a result may carry: absolute http(s) URLs only (``safe_url``), checked once
more by the result types themselves (``checked``)."""

from __future__ import annotations

import re
from urllib.parse import SplitResult, urlsplit

# the schemes a result may link to; everything else (javascript:, data:, vbscript:,
# file:, relative links an engine failed to resolve) is dropped
URL_SCHEMES = frozenset({"http", "https"})
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def checked_url(url: str, *, instance_path: bool = False) -> tuple[str, SplitResult] | None:
    """``(url, its parts)`` when ``url`` is an absolute http(s) URL, else None (the rules of ``safe_url``).

    The parts are ``urlsplit``'s: the one parse of the URL, which a result carries
    on (``MainResult.parts``) to merging, plugins and formats.
    """
    url = url.strip()
    if " " in url:
        url = url.replace(" ", "%20")
    # isascii/isprintable: no control character, decided without the regex for most URLs
    if not url or (not (url.isascii() and url.isprintable()) and _CONTROL.search(url)):
        return None
    if instance_path and url.startswith("/") and not url.startswith(("//", "/\\")):
        return url, urlsplit(url)
    if url.startswith("//"):
        url = "https:" + url
    try:
        parts = urlsplit(url)
        if ":" in parts.netloc:  # a port (or a password, or an IPv6 address) to check
            parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError:
        return None
    return (url, parts) if parts.scheme.lower() in URL_SCHEMES and parts.hostname else None


def safe_url(url: str, *, instance_path: bool = False) -> str:
    """``url`` when it is an absolute http(s) URL, else ``""``.

    With ``instance_path`` (results of the instance's own offline engines, such as
    the collections), a path on this instance (``/collections/...``) passes too.

    A protocol-relative ``//host/path`` becomes ``https://host/path``; inner
    spaces are percent-encoded. Control characters refuse the URL: browsers
    drop tabs and newlines, so ``java\tscript:`` would otherwise run.
    """
    found = checked_url(url, instance_path=instance_path)
    return found[0] if found else ""


def checked(url: str) -> str:
    """The types' own check: ``safe_url`` (a path on this instance allowed), with a fast path
    for the http(s) links ``from_engine_item`` has already checked."""
    if not url or (url.startswith(("https://", "http://"))
                   and ((url.isascii() and url.isprintable()) or not _CONTROL.search(url))):
        return url
    return safe_url(url, instance_path=True)
