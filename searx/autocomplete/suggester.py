"""Ask one backend for suggestions: through the engine network (its proxies, TLS settings and
user agent), with a short timeout, answers kept briefly in the store.

A backend that fails gives no suggestions; one that refuses (HTTP 403/429) is left alone for a
while (its ``Retry-After``, else a minute, at most ten). No log line holds the query.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Mapping, Sequence
from typing import Protocol

import httpx
import msgspec

from searx.autocomplete.backends import BACKENDS
from searx.autocomplete.base import Backend
from searx.network.client import Fetch, Fetched
from searx.store import Store

log = logging.getLogger("searx.autocomplete")

MAX_SUGGESTIONS = 10
MAX_LENGTH = 200
COOLDOWN = 60.0
MAX_COOLDOWN = 600.0


class Network(Protocol):
    def fetch_all(self, batch: Sequence[Fetch]) -> list[Fetched]: ...


def cleaned(found: list[str], query: str) -> list[str]:
    """At most ``MAX_SUGGESTIONS`` distinct, trimmed, printable suggestions that are not the query itself."""
    out: dict[str, str] = {}
    typed = query.strip().casefold()
    for text in found:
        text = " ".join(text.split())
        key = text.casefold()
        if not text or len(text) > MAX_LENGTH or key == typed or key in out or not text.isprintable():
            continue
        out[key] = text
        if len(out) == MAX_SUGGESTIONS:
            break
    return list(out.values())


def _retry_after(resp: httpx.Response) -> float:
    try:
        seconds = float(resp.headers.get("Retry-After", ""))
    except ValueError:
        return COOLDOWN
    return min(max(seconds, 1.0), MAX_COOLDOWN)


class Suggester:
    """Suggestions of the backends by name; ``cache_ttl`` 0 keeps nothing."""

    def __init__(self, network: Network, store: Store, *, timeout: float, cache_ttl: int,
                 backends: Mapping[str, Backend] = BACKENDS, cache: Store | None = None) -> None:  # fmt: skip
        """``store``: where a refusing backend's cooldown is kept; ``cache``: where answers are (the
        caches' pool; by default ``store``)."""
        self._network = network
        self._store = store
        self._cache = store if cache is None else cache
        self._timeout = timeout
        self._ttl = cache_ttl
        self._backends = backends
        self._encoder = msgspec.json.Encoder()
        self._decoder = msgspec.json.Decoder(list[str])

    @staticmethod
    def key(name: str, query: str, language: str) -> str:
        # hashed: the store's keys never show what someone typed
        digest = hashlib.sha256("\x1f".join((name, language, query)).encode()).hexdigest()[:40]
        return f"ac:{name}:{digest}"

    def suggest(self, name: str, query: str, language: str) -> list[str]:
        """The suggestions of backend ``name`` for ``query`` in ``language``; [] when it has none or fails."""
        backend = self._backends.get(name)
        if backend is None or not query.strip() or self._store.get(f"ac-cool:{name}") is not None:
            return []
        key = self.key(name, query, language)
        raw = self._cache.get(key) if self._ttl > 0 else None
        if raw is not None:
            try:
                return self._decoder.decode(raw)
            except msgspec.DecodeError:
                pass
        found = self._ask(name, backend, query, language)
        if found is None:
            return []
        if self._ttl > 0:
            self._cache.set(key, self._encoder.encode(found), self._ttl)
        return found

    def _ask(self, name: str, backend: Backend, query: str, language: str) -> list[str] | None:
        """The backend's cleaned answer; None when it failed (nothing to cache)."""
        try:
            params = backend.request(query, language)
        except Exception as exc:  # noqa: BLE001 - a broken backend gives no suggestions
            log.warning("autocomplete %s: request() failed (%s)", name, type(exc).__name__)
            return None
        params.setdefault("headers", {})["Accept"] = "application/json, text/javascript, */*;q=0.1"
        got = self._network.fetch_all([Fetch(params, self._timeout)])[0]
        if got.error is not None or got.response is None:
            log.info("autocomplete %s: %s", name, got.error.reason if got.error else "no answer")
            return None
        resp = got.response
        if resp.status_code in (403, 429):
            self._store.set(f"ac-cool:{name}", b"1", _retry_after(resp))
        if resp.status_code != 200:
            log.info("autocomplete %s: HTTP %d", name, resp.status_code)
            return None
        try:
            found = backend.response(resp)
        except Exception as exc:  # noqa: BLE001 - an answer that no longer parses gives none
            log.info("autocomplete %s: unreadable answer (%s)", name, type(exc).__name__)
            return None
        return cleaned(found, query)
