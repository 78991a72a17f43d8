"""The search cache: merged engine results of successful searches, in the store.

Only searches in which every engine answered are cached. The results are cached
after the plugins' ``on_result`` hooks shaped them, so the key holds what those
hooks depend on (``variant``: which ones ran, a digest of the hostnames rules, a
user's DOI resolver); ``pre_search`` and ``post_search`` run on every request,
cached or not, because their answers depend on the user. Each entry
keeps the pseudonym of the client that filled it: only that client is told
its answer came from the cache (others would learn what someone searched).
"""

from __future__ import annotations

import hashlib

import msgspec

from searx.results.search import EngineReport, Outcome, SearchQuery
from searx.results.types import ResultSet
from searx.store import Store


class _Entry(msgspec.Struct):
    results: ResultSet
    reports: list[tuple[str, Outcome, int, float]]
    creator: str = ""


class SearchCache:
    """Get and put merged results keyed on everything that changes them."""

    def __init__(self, store: Store, ttl: float) -> None:
        self.store = store
        self.ttl = ttl
        self._encoder = msgspec.json.Encoder()
        self._decoder = msgspec.json.Decoder(_Entry)

    @staticmethod
    def key(sq: SearchQuery, variant: str = "") -> str:
        return "search:" + hashlib.sha256(f"{sq.cache_key()}\x1e{variant}".encode()).hexdigest()[:40]

    def get(self, sq: SearchQuery, variant: str = "") -> tuple[ResultSet, list[EngineReport], str] | None:
        """(results, reports, the pseudonym of the client that filled the entry), or None."""
        if self.ttl <= 0:
            return None
        raw = self.store.get(self.key(sq, variant))
        if raw is None:
            return None
        try:
            entry = self._decoder.decode(raw)
        except msgspec.DecodeError:
            return None
        return entry.results, [EngineReport(n, o, "", c, e) for n, o, c, e in entry.reports], entry.creator

    def put(self, sq: SearchQuery, results: ResultSet, reports: list[EngineReport], creator: str = "",
            variant: str = "") -> None:  # fmt: skip
        if self.ttl <= 0 or not reports or not all(r.answered for r in reports):
            return
        entry = _Entry(results, [(r.name, r.outcome, r.results, r.elapsed) for r in reports], creator)
        self.store.set(self.key(sq, variant), self._encoder.encode(entry), self.ttl)
