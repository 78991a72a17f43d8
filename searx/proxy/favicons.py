"""Favicons through the instance: SearXNG's resolvers asked for a host's icon, the answers cached.

A results page links ``/favicon_proxy?authority=<host>&resolver=<name>&h=<sig>``: ``h`` signs the
host and the resolver (the ``FAVICON`` signer of ``searx.signer``), so the route
serves only icons this instance put on a page and cannot be pointed at any other URL (the host
only fills a resolver's fixed URL). The fetch is the image proxy's (``ImageFetcher``: every hop
through the address guard, the type read from the bytes, never SVG, a size cap); an icon, or the
fact that a resolver has none, is kept in the store (``FOUND_TTL``, ``MISSING_TTL``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

from searx.proxy.errors import ImageError
from searx.proxy.images import Image, ImageFetcher, sniff
from searx.signer import FAVICON, signer
from searx.store import Store
from searx.store.base import StoreError

log = logging.getLogger("searx.proxy.favicons")

PATH = "/favicon_proxy"
MAX_BYTES = 64 * 1024  # an icon; a resolver that answers more is not sending one
FOUND_TTL = 7 * 86400  # SearXNG's favicon cache keeps icons a week
MISSING_TTL = 86400  # "this host has no icon" is asked again after a day
FAILED_TTL = 300  # a resolver that timed out or could not be reached is not asked again at once
# refused before the resolver was asked (every picture slot taken): no answer to keep
_NOT_ASKED = ("busy", "rate_limited")
_LABEL = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)")


@dataclass(frozen=True)
class Resolver:
    """One resolver: its icon URL for a host and how it says "no icon" besides an error status."""

    url: str  # with {domain}
    found: Callable[[Image], bool] = lambda image: True

    def url_for(self, domain: str) -> str:
        return self.url.replace("{domain}", quote(domain, safe=""))


# SearXNG's resolvers, their URLs and their "no icon" answers (searx/favicons/resolvers.py there)
RESOLVERS: dict[str, Resolver] = {
    # always 200; a GIF when it has no icon
    "allesedv": Resolver("https://f1.allesedv.com/32/{domain}", lambda image: image.content_type != "image/gif"),
    # 404 when there is none
    "duckduckgo": Resolver("https://icons.duckduckgo.com/ip2/{domain}.ico"),
    "google": Resolver("https://t1.gstatic.com/faviconV2?client=SOCIAL&type=FAVICON&fallback_opts=TYPE,SIZE,URL"
                       "&url=https://{domain}&size=32"),
    "kagi": Resolver("https://news.kagi.com/api/favicon-proxy?domain={domain}&quality=fast"),
    # a 1x1 PNG (70 bytes at most) when it has none
    "yandex": Resolver("https://favicon.yandex.net/favicon/{domain}", lambda image: len(image.body) > 70),
}


def authority(url: str) -> str:
    """The host of an http(s) URL as the resolvers take it (lower case, IDNA, no port), or ""."""
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").rstrip(".")
    except ValueError:
        return ""
    if parts.scheme not in ("http", "https") or not host:
        return ""
    try:
        host = host.encode("idna").decode("ascii").lower()
    except UnicodeError:
        return ""
    return host if is_host(host) else ""


def is_host(host: str) -> bool:
    """A DNS name of at least two labels (no address, no port, nothing a URL could be made of)."""
    labels = host.split(".")
    return (len(host) <= 253 and len(labels) >= 2 and not labels[-1].isdigit()
            and all(_LABEL.fullmatch(label) for label in labels))


def signature(secret: str, resolver: str, host: str) -> str:
    return signer(secret, FAVICON, 32).sign(f"{resolver}\n{host}")


def proxied_url(secret: str, resolver: str, host: str) -> str:
    return f"{PATH}?authority={host}&resolver={resolver}&h={signature(secret, resolver, host)}"


def verify(secret: str, resolver: str, host: str, sig: str) -> bool:
    return resolver in RESOLVERS and is_host(host) and signer(secret, FAVICON, 32).valid(f"{resolver}\n{host}",
                                                                                         sig.lower())


class FaviconFetcher:
    """``icon(resolver, host)`` -> the icon, or None when the resolver has none (or failed)."""

    def __init__(self, fetcher: ImageFetcher, store: Store) -> None:
        self.fetcher = fetcher
        self.store = store

    def icon(self, resolver: str, host: str, *, client: str | None = None) -> Image | None:
        """``client``: the pseudonym of who asked, for the pictures' slots (ImageError when they are taken)."""
        key = f"favicon:{resolver}:{host}"
        try:
            cached = self.store.get(key)
        except StoreError as exc:
            log.warning("favicon cache not read: %s", exc)
            cached = None
        if cached is not None:
            kind = sniff(cached[:16]) if cached else None
            return Image(kind, cached) if kind else None
        image, ttl = self._fetch(RESOLVERS[resolver], host, client)
        try:
            self.store.set(key, image.body if image else b"", ttl)
        except StoreError as exc:
            log.warning("favicon not cached: %s", exc)
        return image

    def _fetch(self, resolver: Resolver, host: str, client: str | None = None) -> tuple[Image | None, int]:
        """The icon (or None) and how long to keep that answer."""
        try:
            image = self.fetcher.fetch(resolver.url_for(host), client=client)
        except ImageError as exc:
            if exc.code in _NOT_ASKED:
                raise
            log.debug("no favicon for %s: %s", host, exc)
            # a 404 or a non-picture is an answer; a timeout or an unreachable resolver is not
            return None, FAILED_TTL if exc.code in ("timeout", "network_error", "tls_error") else MISSING_TTL
        if not resolver.found(image):
            return None, MISSING_TTL
        return image, FOUND_TTL
