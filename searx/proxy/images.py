"""The image proxy's two halves: signed URLs, and fetching one picture safely.

A page links a picture as ``/image_proxy?url=...&e=...&h=...``: ``h`` is the
``IMAGE_PROXY`` signature (``searx.signer``) of the URL until the expiry ``e``,
so the endpoint fetches only what this instance put on a page,
for a day or two. ``ImageFetcher`` fetches it: every hop checked by the address
guard and sent by the instance's route (``outgoing.proxies``, or pinned to the
checked address), redirects followed here (each checked again), no cookie, no
referrer, the engines' timeout and size cap, a slot of the pictures in flight
(``admission.py``), and only the picture types a browser shows without running
anything (never SVG): the bytes must start like the type they are served as.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote

import httpx

from searx.network.capped import BodyTooLarge, CappedBody, DeadlineExceeded
from searx.network.guard import AddressGuard, AddressRefusedError, CheckedURL
from searx.network.guarded import BadRedirect, TooManyRedirects, Unreachable, guarded_get
from searx.network.route import Route, Transport
from searx.proxy.admission import PictureAdmission
from searx.proxy.errors import ImageError
from searx.signer import IMAGE_PROXY, signer
from searx.upstream.headers import media_type

DAY = 86400
PATH = "/image_proxy"
# what a browser shows as a picture without running anything; SVG (scriptable) is never one
_MAGIC: tuple[tuple[str, Callable[[bytes], bool]], ...] = (
    ("image/jpeg", lambda b: b.startswith(b"\xff\xd8\xff")),
    ("image/png", lambda b: b.startswith(b"\x89PNG\r\n\x1a\n")),
    ("image/gif", lambda b: b.startswith((b"GIF87a", b"GIF89a"))),
    ("image/webp", lambda b: b[:4] == b"RIFF" and b[8:12] == b"WEBP"),
    ("image/avif", lambda b: b[4:12] in (b"ftypavif", b"ftypavis")),
    ("image/bmp", lambda b: b.startswith(b"BM")),
    ("image/x-icon", lambda b: b.startswith(b"\x00\x00\x01\x00")),
)
ALLOWED_TYPES = frozenset(t for t, _ in _MAGIC) | {"image/jpg", "image/pjpeg", "image/vnd.microsoft.icon"}
_UNTYPED = frozenset({"", "application/octet-stream", "binary/octet-stream"})
ACCEPT = "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.5"


# --- signed URLs ----------------------------------------------------------------


def signature(secret: str, url: str, expires: int) -> str:
    return signer(secret, IMAGE_PROXY).sign_until(expires, url)


def expiry(now: float) -> int:
    """The end of the day after tomorrow (UTC): the same URL all day, so browsers cache it."""
    return (int(now) // DAY + 2) * DAY


def svg_url(url: str) -> bool:
    """Whether ``url`` names an SVG file (``.svg`` path): a picture the proxy never serves."""
    return url.split("?", 1)[0].split("#", 1)[0].lower().endswith(".svg")


def proxied_url(secret: str, url: str, now: float | None = None) -> str:
    """The path that serves ``url`` through the proxy (http(s) URLs only; others unchanged)."""
    if url.startswith("//"):
        url = "https:" + url
    if not url.lower().startswith(("http://", "https://")):
        return url
    expires = expiry(time.time() if now is None else now)
    # ":" and "/" stay as they are (a plain picture URL takes quote's fast path); e and h need no quoting
    return f"{PATH}?url={quote(url, safe=':/')}&e={expires}&h={signature(secret, url, expires)}"


def verify(secret: str, url: str, expires: str, sig: str, now: float | None = None) -> bool:
    """Whether ``sig`` signs ``url`` until ``expires`` and that time has not passed."""
    return bool(url) and signer(secret, IMAGE_PROXY).valid_until(expires, url, sig.lower(),
                                                                 time.time() if now is None else now)


# --- fetching -----------------------------------------------------------------

_MESSAGES = {
    "address_refused": "this address may not be fetched",
    "too_many_redirects": "too many redirects",
    "bad_redirect": "the picture's server redirected to a malformed address",
    "timeout": "the picture took too long",
    "tls_error": "the picture's server has a certificate that could not be verified",
    "network_error": "the picture's server could not be reached",
}


@dataclass(frozen=True)
class Image:
    content_type: str
    body: bytes


def sniff(head: bytes) -> str | None:
    """The allowed picture type the bytes start like, or None."""
    return next((name for name, test in _MAGIC if test(head)), None)


class ImageFetcher:
    """``fetch(url)`` -> ``Image``; raises ImageError (403 refused address, 502 upstream, 415 type,
    503/429 when the pictures' slots are taken).

    ``route``: the instance's way out (``outgoing``); ``transport`` (tests): the connection of a direct route.
    ``admission``: the slots of pictures in flight, shared by the image proxy, favicons and tiles.
    """

    def __init__(self, guard: AddressGuard, *, user_agent: str, timeout: float, max_bytes: int,
                 max_redirects: int = 3, route: Route | None = None, transport: Transport | None = None,
                 admission: PictureAdmission | None = None) -> None:  # fmt: skip
        self.guard = guard
        self.user_agent = user_agent
        self.timeout = timeout
        self.max_bytes = max_bytes
        self.max_redirects = max_redirects
        self.route = route or Route(connect=transport)
        self.admission = admission

    def derived(self, *, max_bytes: int, user_agent: str | None = None) -> ImageFetcher:
        """This fetcher (its guard, route and slots) with another size cap, and user agent when given."""
        return ImageFetcher(self.guard, user_agent=user_agent or self.user_agent, timeout=self.timeout,
                            max_bytes=max_bytes, max_redirects=self.max_redirects, route=self.route,
                            admission=self.admission)  # fmt: skip

    def fetch(self, url: str, *, client: str | None = None) -> Image:
        """The picture at ``url``; ``client``: the pseudonym of who asked (None: the instance itself)."""
        if self.admission is None:
            return self._fetch(url)
        with self.admission.slot(client):
            return self._fetch(url)

    def _fetch(self, url: str) -> Image:
        end = time.monotonic() + self.timeout
        # no cookie, no referrer, no language: the picture's host learns nothing about the user
        headers = {"User-Agent": self.user_agent, "Accept": ACCEPT, "Accept-Encoding": "identity"}
        try:
            return guarded_get(self.guard, url, headers=headers, end=end, max_redirects=self.max_redirects,
                               route=self.route, read=lambda checked, response: self._read(checked, response, end))
        except ImageError:
            raise
        except BodyTooLarge as exc:
            raise ImageError("upstream_too_large", "the picture is too large") from exc
        except (AddressRefusedError, TooManyRedirects, BadRedirect, DeadlineExceeded, Unreachable) as exc:
            # AddressRefusedError also: the connection reached this server after all
            raise ImageError(exc.code, _MESSAGES[exc.code]) from exc

    def _read(self, checked: CheckedURL, response: httpx.Response, end: float) -> Image:
        status = response.status_code
        if status != 200:
            raise ImageError("http_error", f"the picture's server answered {status}")
        declared = media_type(response.headers.get("content-type", ""))
        if declared not in ALLOWED_TYPES and declared not in _UNTYPED:
            raise ImageError("unsupported_type", "not a picture type this proxy serves")
        if response.headers.get("content-encoding", "identity").strip().lower() not in ("", "identity"):
            raise ImageError("unsupported_type", "compressed transfer is not accepted for pictures")
        capped = CappedBody(self.max_bytes, end=end)
        capped.check_declared(response.headers.get("content-length"))
        for chunk in response.iter_raw():
            capped.add(chunk)
        body = capped.value()
        kind = sniff(body[:16])
        if kind is None:
            raise ImageError("unsupported_type", "the bytes are not a picture type this proxy serves")
        return Image(kind, body)
