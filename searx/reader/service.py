"""The reader the app runs: cache, politeness, fetch and bounded extraction as named steps."""

from __future__ import annotations

import logging
import time
from urllib.parse import urlsplit

from searx.errors import SettingsError
from searx.network.guard import AddressGuard, instance_guard
from searx.network.route import Route, Transport
from searx.origin import parse_origin
from searx.reader.admission import Admission
from searx.reader.cache import DocumentCache
from searx.reader.document import FORMATS, MAX_URL, Document, Lane, Page
from searx.reader.errors import ReaderError
from searx.reader.fetch import Fetched, Fetcher, Limits
from searx.reader.politeness import Politeness
from searx.reader.worker import ExtractorPool
from searx.settings import Settings
from searx.settings_sections import Fetch
from searx.store import Pool, Store, pool

log = logging.getLogger("searx.reader")



def api_enabled(settings: Settings) -> bool:
    """``fetch.enabled``, or by default: on for a private instance, off for a public one."""
    enabled = settings.fetch.enabled
    return (not settings.server.public_instance) if enabled is None else enabled


def max_concurrent(conf: Fetch, threads: int) -> int:
    """``fetch.max_concurrent``, by default a quarter of ``server.threads`` (8 of 32)."""
    return conf.max_concurrent if conf.max_concurrent is not None else max(1, threads // 4)


def summary_slots(settings: Settings) -> int:
    """The summary's own reading slots: as many pages as its generations can read at once."""
    s = settings.ai_summary
    return max(1, (s.max_concurrent + s.user_max_concurrent) * s.read_pages)


def check_settings(conf: Fetch, threads: int = 32) -> None:
    """SettingsError naming the ``fetch.*`` key that cannot work (``threads``: ``server.threads``)."""
    for port in conf.ports:
        if not 0 < port < 65536:
            raise SettingsError(f"fetch.ports: {port} is not a port")
    positive = {"timeout": conf.timeout, "idle_timeout": conf.idle_timeout, "max_html_bytes": conf.max_html_bytes, "max_pdf_bytes": conf.max_pdf_bytes,
                "per_origin": conf.per_origin, "extract_workers": conf.extract_workers,
                "extract_timeout": conf.extract_timeout, "extract_memory_mb": conf.extract_memory_mb,
                "max_retry_after": conf.max_retry_after, "cache_bytes": conf.cache_bytes,
                "max_concurrent": max_concurrent(conf, threads), "max_per_client": conf.max_per_client}  # fmt: skip
    for key, value in positive.items():
        if value <= 0:
            raise SettingsError(f"fetch.{key}: must be greater than 0")
    if max_concurrent(conf, threads) > max(1, threads // 2):
        raise SettingsError(f"fetch.max_concurrent: at most half of server.threads ({threads}), so reads never "
                            "take every thread")
    if not 0 <= conf.max_redirects <= 20:
        raise SettingsError("fetch.max_redirects: must be 0 to 20")
    if conf.cache_ttl < 0:
        raise SettingsError("fetch.cache_ttl: must be 0 (off) or more seconds")
    if conf.extract_memory_mb < 256:
        raise SettingsError("fetch.extract_memory_mb: at least 256 (the parsers need that to start)")


def reader_guard(guard: AddressGuard, conf: Fetch) -> AddressGuard:
    """The instance's guard with the reader's ports (``fetch.ports``) and LAN rule (``fetch.allow_private``)."""
    return guard.opened(allowed_ports=conf.ports, allow_private=conf.allow_private)


def _origin(url: str) -> str:
    """The politeness key of ``url``'s origin; a URL without one is refused as the guard would."""
    origin = parse_origin(url)
    if origin is None:
        raise ReaderError("address_refused", "this address may not be read")
    return str(origin)


class Reader:
    """``read(url)`` -> ``Page``; raises ReaderError. Thread-safe; built once per app."""

    def __init__(self, settings: Settings, store: Store, *, guard: AddressGuard | None = None,
                 route: Route | None = None, transport: Transport | None = None,
                 extractor: ExtractorPool | None = None) -> None:  # fmt: skip
        """``guard``: the reader's (``reader_guard``); ``route``: the instance's way out (``outgoing``);
        ``transport`` (tests, without ``route``): the connection of a direct route."""
        conf = settings.fetch
        self.conf = conf
        self.api_enabled = api_enabled(settings)
        self.guard = guard or reader_guard(instance_guard(settings), conf)
        base = settings.server.base_url if isinstance(settings.server.base_url, str) else ""
        agent = f"{settings.general.instance_name} page reader" + (f" (+{base})" if base else "")
        limits = Limits(timeout=conf.timeout, idle_timeout=conf.idle_timeout, max_redirects=conf.max_redirects,
                        max_bytes=conf.max_html_bytes, max_pdf_bytes=conf.max_pdf_bytes)  # fmt: skip
        self.fetcher = Fetcher(self.guard, user_agent=agent, limits=limits, route=route, transport=transport)
        self.extractor = extractor or ExtractorPool(workers=conf.extract_workers, timeout=conf.extract_timeout,
                                                    memory_mb=conf.extract_memory_mb)  # fmt: skip
        self.cache = DocumentCache(pool(store, Pool("documents", conf.cache_bytes)), conf.cache_ttl, conf.cache_bytes)
        self.politeness = Politeness(store, per_origin=conf.per_origin, max_retry_after=conf.max_retry_after)
        self.admission = Admission(max_concurrent(conf, settings.server.threads), conf.max_per_client,
                                   summary_slots(settings))  # fmt: skip

    def read(self, url: str, *, format: str = "markdown", deadline: float | None = None,
             accept_language: str | None = None, client: str | None = None, lane: Lane = "api") -> Page:
        """The page at ``url`` as a document; ``deadline`` is a ``time.monotonic()`` value.

        ``client``: the caller's pseudonym for the per-client cap (None: the instance's own reads). An API
        read that cannot start at once (the client's, everyone's or the site's slots are taken) is refused;
        the summary's (``lane="summary"``) has slots of its own and waits for the site's until ``deadline``."""
        if format not in FORMATS:
            raise ReaderError("bad_request", f"format must be one of {', '.join(FORMATS)}")
        if not isinstance(url, str) or not url.strip() or len(url) > MAX_URL:
            raise ReaderError("bad_request", f"url must be an http(s) address of at most {MAX_URL} characters")
        url = url.strip()
        end = time.monotonic() + self.conf.timeout
        end = min(end, deadline) if deadline is not None else end
        if cached := self.cache.get(url, format):
            final_url, status, doc = cached
            return Page(url, final_url, urlsplit(final_url).hostname or "", status, doc, cached=True)
        with self.admission.slot(client, lane):
            fetched = self._fetch(url, end, accept_language, wait=lane == "summary")
            remaining = end - time.monotonic()
            if remaining <= 0:
                raise ReaderError("timeout", "the page took too long to read")
            doc = self.extractor.extract(fetched.body, fetched.content_type, fetched.final_url, format=format,
                                         timeout=remaining)  # fmt: skip
        self.cache.put(url, fetched.final_url, fetched.status, doc)
        host = urlsplit(fetched.final_url).hostname or ""
        return Page(url, fetched.final_url, host, fetched.status, doc, cached=False)

    def cached(self, url: str, format: str) -> bool:
        return self.cache.get(url.strip(), format) is not None

    def extract(self, body: bytes, content_type: str, *, format: str = "markdown") -> Document:
        """Bytes already in memory through the worker processes' time and memory limits."""
        return self.extractor.extract(body, content_type, format=format)

    def _fetch(self, url: str, end: float, accept_language: str | None, *, wait: bool) -> Fetched:
        origin = _origin(url)
        with self.politeness.hold(origin, until=end if wait else None) as held:
            try:
                fetched = self.fetcher.fetch(url, deadline=end, accept_language=accept_language,
                                             on_redirect=lambda location: held.move(_origin(location)))  # fmt: skip
            except ReaderError as exc:
                if exc.code == "http_error":
                    self._answered(origin, exc.url or url, exc.upstream_status, exc.retry_after)
                raise
        self._answered(origin, fetched.final_url, fetched.status)
        return fetched

    def _answered(self, origin: str, answered_url: str, status: int | None, retry_after: float | None = None) -> None:
        """Record an answer for the origin that gave it: a redirect target's 429 cools down the target,
        never the site that redirected there (which answered with a redirect: a success)."""
        answered = _origin(answered_url)
        self.politeness.record(answered, status, retry_after)
        if answered != origin:
            self.politeness.record(origin, None)

    def close(self) -> None:
        self.extractor.close()
