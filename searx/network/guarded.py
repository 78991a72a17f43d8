"""One guarded GET for URLs that a user or a page chose (the page reader, the image proxy).

Each hop is checked by the address guard and the connection pinned to the
checked address (``PinnedTransport``); redirects are followed here, never by
httpx, each target checked again; no proxy from the environment; one deadline
for the whole request. What to do with the final response is the caller's
``read``; foreign errors pass through for the caller to map to its own codes
(``AddressRefusedError``, ``TooManyRedirects``, ``DeadlineExceeded``, httpx's).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import TypeVar
from urllib.parse import urljoin

import httpx

from searx.errors import SearxError
from searx.network.capped import DeadlineExceeded
from searx.network.guard import AddressGuard, CheckedURL, PinnedTransport

T = TypeVar("T")
REDIRECTS = frozenset({301, 302, 303, 307, 308})
Transport = Callable[[], httpx.BaseTransport]


class TooManyRedirects(SearxError):
    """More redirects than the caller allows."""

    code = "too_many_redirects"


def guarded_get(guard: AddressGuard, url: str, *, headers: Mapping[str, str], end: float, max_redirects: int,
                transport: Transport, read: Callable[[CheckedURL, httpx.Response], T],
                on_redirect: Callable[[str], None] | None = None, idle: float | None = None) -> T:  # fmt: skip
    """``read(checked, response)`` of the first answer that is no redirect.

    ``end`` is a ``time.monotonic()`` deadline; ``on_redirect(location)`` may refuse a redirect target
    (by raising) before it is checked and fetched; ``idle``: the longest the server may send nothing (before
    its headers, or between two pieces of the body), else ``httpx.ReadTimeout``.
    """
    target = url
    for _hop in range(max_redirects + 1):
        checked = guard.check(target)
        remaining = end - time.monotonic()
        if remaining <= 0:
            raise DeadlineExceeded
        timeout = httpx.Timeout(remaining, read=min(remaining, idle) if idle is not None else remaining)
        with httpx.Client(transport=PinnedTransport(checked, transport()), trust_env=False, follow_redirects=False,
                          timeout=timeout) as client:  # fmt: skip
            with client.stream("GET", checked.url, headers=dict(headers)) as response:
                if response.status_code in REDIRECTS and "location" in response.headers:
                    target = urljoin(checked.url, response.headers["location"].strip())
                    if on_redirect is not None:
                        on_redirect(target)
                    continue
                return read(checked, response)
    raise TooManyRedirects
