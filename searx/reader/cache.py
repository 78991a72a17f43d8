"""Extracted documents in the store, by final URL and format, with the requested URL
mapped to it; only successes are cached, and only documents of at most a
sixteenth of the byte budget (``fetch.cache_bytes``, the budget of the
documents' pool in the store, ``searx.store.pools``)."""

from __future__ import annotations

import hashlib

import msgspec

from searx.reader.document import Document
from searx.store import Store

BUDGET = 64 * 1024 * 1024  # ``fetch.cache_bytes``


class _Entry(msgspec.Struct):
    final_url: str
    status: int
    title: str
    text: str
    format: str
    content_type: str
    kind: str
    pages: int | None = None


def _digest(url: str) -> str:
    return hashlib.sha256(url.encode("utf-8", "surrogatepass")).hexdigest()


class DocumentCache:
    def __init__(self, store: Store, ttl: float, budget: int = BUDGET) -> None:
        self.store = store
        self.ttl = ttl
        self.max_document = budget // 16  # a few documents never fill the budget alone

    def get(self, url: str, fmt: str) -> tuple[str, int, Document] | None:
        """(final URL, status, document) for a URL read before, or None."""
        if self.ttl <= 0:
            return None
        final = self.store.get(f"reader:url:{fmt}:{_digest(url)}")
        if final is None:
            return None
        raw = self.store.get(f"reader:doc:{fmt}:{_digest(final.decode())}")
        if raw is None:
            return None
        try:
            entry = msgspec.json.decode(raw, type=_Entry)
        except msgspec.DecodeError:
            return None
        doc = Document(title=entry.title, text=entry.text, format=entry.format, content_type=entry.content_type,
                       kind=entry.kind, pages=entry.pages)  # fmt: skip
        return entry.final_url, entry.status, doc

    def put(self, url: str, final_url: str, status: int, doc: Document) -> None:
        if self.ttl <= 0 or len(doc.text) > self.max_document:  # characters: a cheap first look
            return
        entry = _Entry(final_url=final_url, status=status, title=doc.title, text=doc.text, format=doc.format,
                       content_type=doc.content_type, kind=doc.kind, pages=doc.pages)  # fmt: skip
        raw = msgspec.json.encode(entry)
        if len(raw) > self.max_document:
            return
        self.store.set(f"reader:doc:{doc.format}:{_digest(final_url)}", raw, ttl=self.ttl)
        for name in {url, final_url}:
            self.store.set(f"reader:url:{doc.format}:{_digest(name)}", final_url.encode(), ttl=self.ttl)
