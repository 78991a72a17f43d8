"""Sources: URLs a collection follows through the page reader, re-read on an interval.

When a page's text changed since the last read, its entry is replaced (in one
transaction, like an upload); when it did not, nothing is written. One
process of the instance (holding the ``sources`` lease) does the reading.
"""

from __future__ import annotations

import hashlib
import logging
import re
import time
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from searx.collections.errors import BadName
from searx.collections.formats import pages_of
from searx.collections.store import CollectionStore, EntryInfo, Source
from searx.origin import parse_origin
from searx.reader.document import PageReader
from searx.text import chunking

log = logging.getLogger("searx.collections")

MAX_URL = 2048
DEFAULT_INTERVAL = 60  # minutes, when a request names none (as LocalAI does)
CLIENT = "collections"  # the sources' reads count as one client against the reader's caps
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def check_url(url: object) -> str:
    if not isinstance(url, str) or len(url) > MAX_URL:
        raise BadName(f"url: an http(s) URL of at most {MAX_URL} characters is required")
    if parse_origin(url) is None:
        raise BadName("url: an http(s) URL is required")
    return url


def check_interval(value: object, minimum: int) -> int:
    """Minutes: missing or 0 means 60; below ``collections.min_update_interval`` is refused."""
    if value in (None, 0):
        return DEFAULT_INTERVAL
    if not isinstance(value, int) or isinstance(value, bool) or not minimum <= value <= 525_600:
        raise BadName(f"update_interval: whole minutes from {minimum} to 525600")
    return value


def entry_name(url: str) -> str:
    """The name a source's entry is made from: its host (and port, when not the scheme's own) as a safe
    file name. Never its path, query, fragment or user info: any of them may carry a credential
    (``/feeds/S3CRET/rss.xml``, ``?token=``), and entry names are shown to every reader. Several
    sources of one host are ``host``, ``host-2``… (``entry_for``)."""
    origin = parse_origin(url)
    name = _UNSAFE.sub("_", origin.netloc if origin is not None else "")
    name = re.sub(r"_+", "_", re.sub(r"\.{2,}", "_", name)).strip("._") or "source"
    return name[:200]


def _named_for(name: str, url: str) -> bool:
    base = entry_name(url)
    return name == base or re.fullmatch(re.escape(base) + r"-\d+", name) is not None


def _free(base: str, taken: set[str]) -> str:
    n = 1
    while (name := base if n == 1 else f"{base}-{n}") in taken:
        n += 1
    return name


def entry_for(entries: Sequence[EntryInfo], url: str) -> tuple[str, bool]:
    """The entry holding ``url``'s text and whether it exists: its own, else the first free of
    ``entry_name(url)``, ``…-2``, ``…-3`` (sources of one host keep separate entries)."""
    for info in entries:
        if info.source == url:
            return info.name, True
    return _free(entry_name(url), {info.name for info in entries}), False


def rename_entries(store: CollectionStore) -> int:
    """Entries of sources named as an earlier release did (with the URL's path or query) get a name
    made by ``entry_name``; run when the index opens. How many were renamed."""
    renamed = 0
    for collection in store.collections():
        entries = store.entries(collection)
        taken = {info.name for info in entries}
        for info in entries:
            if info.source is None or _named_for(info.name, info.source):
                continue
            new = _free(entry_name(info.source), taken)
            store.rename_entry(collection, info.name, new)
            taken.add(new)
            renamed += 1
    if renamed:
        log.info("collections: %d source entries renamed (no path or query in entry names)", renamed)
    return renamed


class SourceFollower:
    """Reads the sources that are due and replaces their entries when the text changed."""

    def __init__(self, store: CollectionStore, reader: PageReader, conf: Any, on_change: Any = None) -> None:
        self.store, self.reader, self.conf = store, reader, conf
        self.on_change = on_change or (lambda: None)

    def run_due(self, now: float | None = None) -> int:
        """Read every source whose time has come; how many were read."""
        now = time.time() if now is None else now
        due = [s for s in self.store.sources() if s.next_check <= now]
        for source in due:
            self.refresh(source, now)
        return len(due)

    def refresh(self, source: Source, now: float) -> None:
        next_check = now + source.update_interval * 60
        try:
            name, exists = entry_for(self.store.entries(source.collection), source.url)
            page = self.reader.read(source.url, format="text", deadline=time.monotonic() + 30, client=CLIENT)
            document = page.document
            text = document.text
            digest = hashlib.sha256(text.encode()).hexdigest()
            if digest != source.digest:
                kind = document.kind if document.kind in ("pdf", "html", "text") else "text"
                pages = pages_of(text, kind)
                passages = chunking.split(pages, self.conf.max_chunk_size, self.conf.chunk_overlap)
                # never replaces another entry: an upload that took the name meanwhile is a Conflict, retried later
                self.store.add_entry(source.collection, name, kind, text.encode(), text, document.pages, passages,
                                     source=source.url, replace=exists)
                self.on_change()
            self.store.source_checked(source.collection, source.url, next_check, digest, "")
        except Exception as exc:  # noqa: BLE001 - one bad source never stops the others
            message = getattr(exc, "message", None) or type(exc).__name__
            log.info("collections: source %s of %s: %s", _host(source.url), source.collection, message)
            self.store.source_checked(source.collection, source.url, next_check, source.digest, str(message)[:500])


def _host(url: str) -> str:
    return urlsplit(url).hostname or "?"  # never the whole URL: it may carry a credential
