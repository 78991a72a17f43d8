"""Origins (scheme, host, port) of URLs, and the instance's origin and host names, as pure functions (no Flask).

``parse_origin`` is the one parser of a URL's origin (``Origin``: its scheme, host and port).
``check_base_url`` and ``check_trusted_hosts`` read ``server.base_url`` and
``server.trusted_hosts``; ``host_allowed`` says whether the instance answers
to a Host name; ``origin_matches`` whether an ``Origin`` header names a given
base URL; ``same_origin`` whether a request comes from the instance's own
pages (``/ai_summary``, ``/fetch`` and ``POST /preferences`` refuse what a browser marks as
coming from another site); ``own_navigation`` whether a page was opened from them or by the
user (only then does ``!!`` send the browser on). ``searx.webapp.origin`` applies them to the request.
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from searx.errors import SettingsError

DEFAULT_PORTS = {"http": 80, "https": 443}


@dataclass(frozen=True)
class Origin:
    """Who answers an http(s) URL: its scheme and host (lower-case, no trailing dot) and its port."""

    scheme: str
    host: str  # an IPv6 address without brackets
    port: int  # the scheme's default when the URL names none

    @property
    def netloc(self) -> str:
        """``host[:port]`` as a URL writes it: an IPv6 address in brackets, no default port."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return host if self.port == DEFAULT_PORTS[self.scheme] else f"{host}:{self.port}"

    def __str__(self) -> str:
        """``scheme://host[:port]``, as an ``Origin`` header says it."""
        return f"{self.scheme}://{self.netloc}"


def parse_origin(url: str) -> Origin | None:
    """The origin of an http(s) URL or ``Origin`` header; None for an opaque one, another scheme,
    no host, or a malformed host or port."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    host = (parts.hostname or "").rstrip(".")
    if parts.scheme not in DEFAULT_PORTS or not host:
        return None
    return Origin(parts.scheme, host, port or DEFAULT_PORTS[parts.scheme])


# names every instance answers to, with any port (a browser cannot be rebound to them
# from another site: a site's page cannot make loopback names its own)
LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})


def split_host(host: str) -> tuple[str, int | None] | None:
    """``(hostname, port)`` of a Host header value, lower-cased without a trailing dot; None if malformed."""
    if not host or any(c in host for c in "/?#@\\ \t\r\n") or host != host.strip():
        return None
    try:
        parts = urlsplit(f"//{host}")
        port = parts.port
    except ValueError:
        return None
    name = (parts.hostname or "").rstrip(".")
    return (name, port) if name else None


def check_base_url(base_url: str | bool) -> str:
    """``server.base_url`` as ``scheme://host[:port]/`` ("" when unset); raises SettingsError naming the key."""
    if not base_url:
        return ""
    if base_url is True:
        raise SettingsError("server.base_url: give the public URL (https://search.example.org/) or false")
    try:
        parts = urlsplit(base_url.strip())
        parts.port  # noqa: B018 - raises on a bad port
    except ValueError as exc:
        raise SettingsError(f"server.base_url: not a URL: {base_url!r}") from exc
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username is not None:
        raise SettingsError(f"server.base_url: must be an http(s) URL with a host name, not {base_url!r}")
    if parts.path.strip("/") or parts.query or parts.fragment:
        raise SettingsError(f"server.base_url: serve the instance at the root of its host (no path): {base_url!r}")
    return f"{parts.scheme}://{parts.netloc.lower()}/"


def check_trusted_hosts(entries: Sequence[str]) -> tuple[str, ...]:
    """``server.trusted_hosts`` lower-cased; raises SettingsError naming a malformed entry."""
    names = []
    for i, entry in enumerate(entries):
        text = str(entry).strip().lower()
        if text == "*" or (text.startswith(".") and split_host(text[1:])):
            names.append(text)
            continue
        parsed = split_host(text if not _bare_ipv6(text) else f"[{text}]")
        if parsed is None or parsed[1] is not None:
            raise SettingsError(f"server.trusted_hosts[{i}]: a host name without port, '.domain' or '*': {entry!r}")
        names.append(parsed[0])
    return tuple(names)


@functools.lru_cache(maxsize=16)
def _trusted(entries: tuple[str, ...]) -> tuple[str, ...]:
    return check_trusted_hosts(entries)


def _bare_ipv6(text: str) -> bool:
    return ":" in text and not text.startswith("[")


def host_allowed(hostname: str, base_url: str | bool, trusted_hosts: Sequence[str]) -> bool:
    """Whether the instance answers to ``hostname`` (as ``split_host`` gives it; any port):
    a loopback name or address, ``server.base_url``'s host or a ``server.trusted_hosts`` entry.

    An entry ``.example.org`` matches example.org and its subdomains; ``*`` matches any.
    """
    if hostname in LOOPBACK_HOSTS or _loopback_address(hostname):
        return True
    if base_url and isinstance(base_url, str) and (urlsplit(base_url).hostname or "").rstrip(".") == hostname:
        return True
    for entry in _trusted(tuple(trusted_hosts)):
        if entry == "*" or entry == hostname or (entry.startswith(".") and
                                                 (hostname == entry[1:] or hostname.endswith(entry))):
            return True
    return False


def _loopback_address(hostname: str) -> bool:
    try:
        return ipaddress.ip_address(hostname).is_loopback
    except ValueError:
        return False


def origin_matches(origin: str, ours: str) -> bool:
    """Whether a browser's ``Origin`` header names the instance whose base URL is ``ours``.

    Host and port decide; behind a TLS proxy https://host (443) may reach us as
    http://host (80), so those two count as one.
    """
    theirs, mine = parse_origin(origin), parse_origin(ours)
    if theirs is None or mine is None or theirs.host != mine.host:
        return False
    return theirs.port == mine.port or {theirs.port, mine.port} <= {80, 443}


def same_origin(origin: str | None, fetch_site: str | None, host: str, scheme: str, base_url: str | bool = False,
                *, typed: bool = False) -> bool:
    """True unless the browser tells us the request is cross-site.

    ``Sec-Fetch-Site`` must be ``same-origin`` when sent (or ``none`` with ``typed``: the user typed
    the address or opened a bookmark, which no other site can cause); ``Origin`` must name this
    host (or ``server.base_url``). Behind a TLS proxy the scheme may differ, so
    the host and port decide. Clients that send neither header are no browser
    and cannot be used for cross-site requests. ``Origin: null`` is what a browser
    sends with a form POSTed from a page under ``Referrer-Policy: no-referrer`` (every
    page of the instance): with ``Sec-Fetch-Site`` it says nothing, without it nobody vouches.
    """
    if fetch_site is not None:
        if fetch_site.lower() not in (("same-origin", "none") if typed else ("same-origin",)):
            return False
        return origin is None or origin == "null" or _ours(origin, host, scheme, base_url)
    return origin is None or _ours(origin, host, scheme, base_url)


def own_navigation(origin: str | None, referer: str | None, fetch_site: str | None, host: str, scheme: str,
                   base_url: str | bool = False) -> bool:  # fmt: skip
    """Whether a page was opened from the instance's own pages or by the user (typed, bookmarked,
    the browser's search box), so that the answer may send the browser on to another site.

    ``Sec-Fetch-Site`` must be ``same-origin`` or ``none``, and an ``Origin`` or ``Referer`` that is sent
    (``null`` aside) must name the instance. A browser that sends no ``Sec-Fetch-Site`` must name the
    instance in ``Origin`` or ``Referer``: without any of the three (curl, or an old browser following another site's link
    with ``rel=noreferrer``) nobody vouches for the request, and the answer is not a redirect.
    """
    named = [h for h in (origin, referer) if h is not None and h != "null"]  # "null": see same_origin
    if not all(_ours(h, host, scheme, base_url) for h in named):
        return False
    if fetch_site is not None:
        return fetch_site.lower() in ("same-origin", "none")
    return bool(named)


def _ours(url: str, host: str, scheme: str, base_url: str | bool) -> bool:
    """Whether an ``Origin`` or ``Referer`` names this host (as the request reached it) or ``base_url``."""
    return any(origin_matches(url, o) for o in (f"{scheme}://{host}/", *([str(base_url)] if base_url else [])))
