"""One guarded GET for URLs that a user or a page chose (the page reader, the image proxy, favicons, tiles).

Each hop is checked by the address guard and leaves by the instance's route
(``route.py``: pinned to the checked address, or through ``outgoing.proxies``);
redirects are followed here, never by httpx, each target checked again; one
deadline for the whole request. What to do with the final response is the
caller's ``read``. httpx's errors become this project's here, once
(``Unreachable``, ``BadRedirect``, ``DeadlineExceeded``), beside the guard's
``AddressRefusedError`` and ``TooManyRedirects``; callers map them to their codes.
"""

from __future__ import annotations

import re
import ssl
import time
from collections.abc import Callable, Mapping
from typing import TypeVar
from urllib.parse import urljoin, urlsplit

import httpx

from searx.errors import SearxError
from searx.network.capped import DeadlineExceeded
from searx.network.guard import AddressGuard, CheckedURL
from searx.network.route import Route

T = TypeVar("T")
REDIRECTS = frozenset({301, 302, 303, 307, 308})
# what a redirect's Location never holds: browsers read "\" as "/" in http(s) URLs, Python does not
_MALFORMED = re.compile(r"[\x00-\x20\x7f\\]")


class TooManyRedirects(SearxError):
    """More redirects than the caller allows."""

    code = "too_many_redirects"


class BadRedirect(SearxError):
    """A redirect whose ``Location`` is no URL to follow (a backslash, a space, no host)."""

    code = "bad_redirect"


class Unreachable(SearxError):
    """The connection failed or broke (``network_error``), or the certificate could not be verified (``tls_error``)."""

    code = "network_error"


def _tls_failure(exc: BaseException) -> bool:
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, ssl.SSLError) or "CERTIFICATE_VERIFY_FAILED" in str(seen):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def redirect_target(base: str, location: str) -> str:
    """The absolute URL a ``Location`` names from ``base``; BadRedirect when it is malformed."""
    location = location.strip()
    if not location or _MALFORMED.search(location):
        raise BadRedirect("the server redirected to a malformed address")
    try:
        target = urljoin(base, location)
        parts = urlsplit(target)
        if parts.scheme.lower() in ("http", "https") and not parts.netloc:  # another scheme is the guard's to refuse
            raise BadRedirect("the server redirected to an address without a host")
        httpx.URL(target)
    except (ValueError, httpx.InvalidURL) as exc:
        raise BadRedirect("the server redirected to a malformed address") from exc
    return target


def guarded_get(guard: AddressGuard, url: str, *, headers: Mapping[str, str], end: float, max_redirects: int,
                route: Route, read: Callable[[CheckedURL, httpx.Response], T],
                on_redirect: Callable[[str], None] | None = None, idle: float | None = None) -> T:  # fmt: skip
    """``read(checked, response)`` of the first answer that is no redirect.

    ``end`` is a ``time.monotonic()`` deadline; ``on_redirect(location)`` may refuse a redirect target
    (by raising) before it is checked and fetched; ``idle``: the longest the server may send nothing (before
    its headers, or between two pieces of the body), else ``httpx.ReadTimeout``.
    """
    try:
        return _follow(guard, url, headers, end, max_redirects, route, read, on_redirect, idle)
    except httpx.TimeoutException as exc:
        raise DeadlineExceeded("the server took too long") from exc
    except (httpx.HTTPError, httpx.InvalidURL, ssl.SSLError) as exc:
        if _tls_failure(exc):
            raise Unreachable("the certificate could not be verified", code="tls_error") from exc
        raise Unreachable("the server could not be reached") from exc


def _follow(guard: AddressGuard, url: str, headers: Mapping[str, str], end: float, max_redirects: int, route: Route,
            read: Callable[[CheckedURL, httpx.Response], T], on_redirect: Callable[[str], None] | None,
            idle: float | None) -> T:
    target = url
    for _hop in range(max_redirects + 1):
        checked = guard.check(target, resolve=route.resolves)
        remaining = end - time.monotonic()
        if remaining <= 0:
            raise DeadlineExceeded
        # sent by the transport itself: httpx's client would build (and trip over) a redirect it never follows
        timeout = httpx.Timeout(remaining, read=min(remaining, idle) if idle is not None else remaining)
        request = httpx.Request("GET", checked.url, headers=dict(headers),
                                extensions={"timeout": timeout.as_dict()})  # fmt: skip
        with route.transport(checked) as transport:
            response = transport.handle_request(request)
            try:
                if response.status_code in REDIRECTS and "location" in response.headers:
                    target = redirect_target(checked.url, response.headers["location"])
                    if on_redirect is not None:
                        on_redirect(target)
                    continue
                return read(checked, response)
            finally:
                response.close()
    raise TooManyRedirects
