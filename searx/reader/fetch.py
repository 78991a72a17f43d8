"""Fetch one URL for the reader: every hop checked by the guard, sent by the instance's route, bounded.

Redirects are followed by ``guarded_get``, each hop checked again; the
connection goes through ``outgoing.proxies`` or to the checked address
(``searx/network/route.py``; never a proxy from the environment); the body is
read against a cap on decompressed bytes; the whole request has one deadline.
The guarded GET's errors become ``ReaderError`` here, once.
"""

from __future__ import annotations

import re
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass

import httpx

from searx.network.capped import BodyTooLarge, CappedBody, DeadlineExceeded
from searx.network.guard import AddressGuard, AddressRefusedError, CheckedURL
from searx.network.guarded import BadRedirect, TooManyRedirects, Unreachable, guarded_get
from searx.network.route import Route, Transport
from searx.reader.errors import ReaderError
from searx.reader.extract import kind_of
from searx.upstream.challenge import challenge_location
from searx.upstream.headers import media_type
from searx.upstream.status import retry_after

ACCEPT = "text/html,application/xhtml+xml,application/pdf;q=0.9,text/plain;q=0.8,*/*;q=0.5"
_LANGUAGE = re.compile(r"[A-Za-z0-9*,;=.\- ]{1,100}")
_UNTYPED = ("", "application/octet-stream", "binary/octet-stream")


@dataclass(frozen=True)
class Limits:
    timeout: float = 15.0
    idle_timeout: float = 5.0  # the longest the site may send nothing (``fetch.idle_timeout``)
    max_redirects: int = 5
    max_bytes: int = 2 * 1024 * 1024  # HTML, text and everything else
    max_pdf_bytes: int = 10 * 1024 * 1024


@dataclass(frozen=True)
class Fetched:
    url: str
    final_url: str
    status: int
    content_type: str
    body: bytes


class _Inflater:
    """Decompresses gzip or deflate without ever producing more than ``cap`` bytes."""

    def __init__(self, encoding: str) -> None:
        self.encoding = encoding
        self._zlib = zlib.decompressobj(47) if encoding in ("gzip", "x-gzip") else None
        self._deflate_first = encoding == "deflate"

    def feed(self, data: bytes, room: int) -> bytes:
        if self._deflate_first:  # "deflate" is zlib-wrapped by the standard, raw by some servers
            self._deflate_first = False
            self._zlib = zlib.decompressobj(15 if data[:1] == b"x" else -15)
        if self._zlib is None:
            return data
        try:
            # room + 1: one byte over the cap is enough to know the cap is exceeded
            return self._zlib.decompress(self._zlib.unconsumed_tail + data, room + 1)
        except zlib.error as exc:
            raise ReaderError("unreadable", "the compressed body is damaged") from exc


def _refuse_challenge(location: str) -> None:
    if challenge_location(location):
        raise ReaderError("challenged", "the page redirects to a bot check")


_MESSAGES = {
    "address_refused": "this address may not be read",
    "bad_redirect": "the page's server redirected to a malformed address",
    "timeout": "the page took too long to answer",
    "tls_error": "the page's TLS certificate could not be verified",
    "network_error": "the page's server could not be reached",
}


class Fetcher:
    """``fetch(url, deadline=...)`` -> ``Fetched``; raises ReaderError with a stable code.

    ``route``: the instance's way out (``outgoing``); ``transport`` (tests): the connection of a direct route.
    """

    def __init__(self, guard: AddressGuard, *, user_agent: str, limits: Limits = Limits(), route: Route | None = None,
                 transport: Transport | None = None) -> None:  # fmt: skip
        self.guard = guard
        self.limits = limits
        self.user_agent = user_agent
        self.route = route or Route(connect=transport)

    def fetch(self, url: str, *, deadline: float | None = None, accept_language: str | None = None,
              on_redirect: Callable[[str], None] | None = None) -> Fetched:  # fmt: skip
        """``on_redirect(location)``: told each redirect target before it is asked (it may refuse by raising)."""
        end = time.monotonic() + self.limits.timeout
        end = min(end, deadline) if deadline is not None else end
        headers = {"User-Agent": self.user_agent, "Accept": ACCEPT, "Accept-Encoding": "gzip, deflate"}
        if accept_language and _LANGUAGE.fullmatch(accept_language):
            headers["Accept-Language"] = accept_language
        def redirected(location: str) -> None:
            _refuse_challenge(location)
            if on_redirect is not None:
                on_redirect(location)

        try:
            final = guarded_get(self.guard, url, headers=headers, end=end, max_redirects=self.limits.max_redirects,
                                route=self.route, read=lambda checked, response: self._response(
                                    checked, response, end), on_redirect=redirected,
                                idle=self.limits.idle_timeout)  # fmt: skip
        except ReaderError:
            raise
        except TooManyRedirects as exc:
            raise ReaderError("too_many_redirects", f"more than {self.limits.max_redirects} redirects") from exc
        except BodyTooLarge as exc:
            raise ReaderError("too_large", f"the page is larger than {exc.cap // (1024 * 1024)} MiB") from exc
        except (AddressRefusedError, BadRedirect, DeadlineExceeded, Unreachable) as exc:
            # AddressRefusedError also: the connection reached this server after all
            raise ReaderError(exc.code, _MESSAGES[exc.code]) from exc
        return Fetched(url, final.final_url, final.status, final.content_type, final.body)

    def _response(self, checked: CheckedURL, response: httpx.Response, end: float) -> Fetched:
        status = response.status_code
        if not 200 <= status < 300:
            wait = retry_after(response.headers.get("retry-after"))
            raise ReaderError("http_error", f"the page's server answered {status}", upstream_status=status,
                              retry_after=wait, url=checked.url)  # fmt: skip
        ctype = response.headers.get("content-type", "")
        mtype = media_type(ctype)
        if mtype not in _UNTYPED and kind_of(mtype) is None:
            raise ReaderError("unsupported_type", f"cannot read {mtype} content")
        cap = self.limits.max_pdf_bytes if kind_of(mtype) == "pdf" or mtype in _UNTYPED else self.limits.max_bytes
        return Fetched(checked.url, checked.url, status, ctype, self._body(response, cap, end))

    @staticmethod
    def _body(response: httpx.Response, cap: int, end: float) -> bytes:
        """The decompressed body, at most ``cap`` bytes (``BodyTooLarge``) before ``end``."""
        encoding = response.headers.get("content-encoding", "identity").strip().lower()
        if encoding not in ("identity", "gzip", "x-gzip", "deflate", ""):
            raise ReaderError("unsupported_type", f"cannot read {encoding}-encoded content")
        capped = CappedBody(cap, end=end)
        capped.check_declared(response.headers.get("content-length"))
        inflater = _Inflater(encoding)
        for raw in response.iter_raw():
            capped.add(inflater.feed(raw, capped.room))
        return capped.value()
