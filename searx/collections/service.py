"""The collections service of one app: open the index in the background, upload, search, embed.

Keyword search works the moment an upload returns; vectors are added by a
background thread. Among the processes of one instance, the one holding the
``embed`` lease in the store does the embedding.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from searx.collections import formats, names
from searx.collections.embed import EmbedError, from_settings
from searx.collections.errors import NotFound, Starting
from searx.collections.sources import SourceFollower, check_interval, check_url, rename_entries
from searx.collections.store import EntryInfo, Hit, Source, SQLiteStore
from searx.collections.vectors import VectorIndex
from searx.reader.document import PageReader
from searx.settings_sections import Collections
from searx.text import chunking, fusion
from searx.text.embedder import Embedder

log = logging.getLogger("searx.collections")

DB_NAME = "collections.sqlite3"
LEASE_SECONDS = 30.0  # a killed process's lease passes on after this
POLL_SECONDS = 5.0  # how often a worker or a waiter looks at what another process stored


def data_dir(configured: str) -> Path:
    """``collections.data_dir``, else ``$SEARX_DATA_DIR/collections``, else ``./data/collections``."""
    if configured:
        return Path(configured)
    return Path(os.environ.get("SEARX_DATA_DIR") or "data") / "collections"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@dataclass(frozen=True)
class Result:
    hit: Hit
    score: float

    def fields(self) -> dict[str, Any]:
        """The passage as the API and the MCP tool give it; ``page`` only in a PDF."""
        hit = self.hit
        return {"entry": hit.entry, "content": hit.text, "score": self.score, "passage": hit.seq,
                **({"page": hit.page} if hit.page else {})}  # fmt: skip


class CollectionsService:
    """Everything the API, the engine and the MCP tools do with collections.

    ``poll``: how often the workers and ``wait_embedded`` look at the store for what another
    process did (this process's own work wakes them at once).
    """

    def __init__(self, conf: Collections, embedder: Embedder | None = None, reader: PageReader | None = None, *,
                 poll: float = POLL_SECONDS) -> None:
        self.conf = conf
        self.poll = poll
        self.path = data_dir(conf.data_dir) / DB_NAME
        self.store = SQLiteStore(self.path)
        self.vectors = VectorIndex(self.store)
        self.embedder = embedder if embedder is not None else from_settings(conf.embeddings)
        self._ready = threading.Event()
        self._opened = False
        self._open_lock = threading.Lock()
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._holder = f"{socket.gethostname()}:{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self._threads: list[threading.Thread] = []
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="collections-keyword")
        self.progress = threading.Condition()  # notified after each embedded batch
        self._wake_sources = threading.Event()
        self._follow = True
        self.reader = reader
        self.follower = SourceFollower(self.store, reader, conf, on_change=self._wake.set) if reader else None

    # life cycle

    @property
    def search_mode(self) -> str:
        return "hybrid" if self.embedder is not None else "keyword"

    def start(self, *, follow_sources: bool = True) -> None:
        """Open the index in the background; until then the API answers 503.

        ``follow_sources=False`` leaves the sources to explicit ``follower.run_due`` calls (tests).
        """
        self._follow = follow_sources
        thread = threading.Thread(target=self._start, name="collections-open", daemon=True)
        thread.start()
        self._threads.append(thread)

    def _start(self) -> None:
        try:
            if self.store.created():
                self._open()
        except Exception:  # noqa: BLE001 - a broken index must not stop the rest of the instance
            log.exception("collections: cannot open %s", self.path)
            return
        self._ready.set()
        if self.embedder is not None:
            self._spawn("embed", self._embed_some, self._wake)
        if self.follower is not None and self._follow:
            self._spawn("sources", self.follower.run_due, self._wake_sources)

    def _spawn(self, lease: str, step: Callable[[], object], wake: threading.Event) -> None:
        worker = threading.Thread(target=self._loop, args=(lease, step, wake), name=f"collections-{lease}",
                                  daemon=True)
        worker.start()
        self._threads.append(worker)

    def _open(self) -> None:
        with self._open_lock:
            if not self._opened:
                self.store.open()
                rename_entries(self.store)  # names of an earlier release carried the source URL's query
                self._opened = True

    def wait_ready(self, timeout: float) -> bool:
        return self._ready.wait(timeout)

    def wait_embedded(self, collection: str, timeout: float) -> bool:
        """Wait until the store says every passage of ``collection`` has its vector (tests, benchmarks).

        Any process of the instance may be the one embedding: the store is asked every ``poll``
        seconds, and at once after each batch this process embeds.
        """
        def done() -> bool:
            model = self.embedder.model_id if self.embedder is not None else ""
            return self.store.model(collection)[0] == model and all(
                e.embedded_count == e.chunk_count for e in self.store.entries(collection))

        end = time.monotonic() + timeout
        self._wake.set()
        with self.progress:
            while not done():
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self.progress.wait(min(left, self.poll))
        return True

    def check_ready(self) -> None:
        if not self._ready.is_set():
            raise Starting("the collections index is starting; retry in a moment")

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        self._wake_sources.set()
        for thread in self._threads:
            thread.join(timeout=5)
        self._pool.shutdown(wait=False)
        if self._opened:
            for lease in ("embed", "sources"):
                self.store.release(lease, self._holder)
        close = getattr(self.embedder, "close", None)
        if close:
            close()
        self.store.close()

    # collections and entries

    def collections(self) -> list[str]:
        self.check_ready()
        return self.store.collections() if self._opened else []

    def known(self, name: str) -> str:
        name = names.collection_name(name)
        self.check_ready()
        if not self._opened or not self.store.exists(name):
            raise NotFound(f"no collection named {name!r}")
        return name

    def create(self, name: str) -> bool:
        name = names.collection_name(name)
        self.check_ready()
        self._open()
        return self.store.create(name)

    def upload(self, collection: str, filename: str, data: bytes, *, source: str | None = None,
               replace: bool = False) -> EntryInfo:  # fmt: skip
        """Read, split and store one file; keyword-searchable when this returns."""
        collection = self.known(collection)
        filename = names.entry_name(filename)
        kind, pages = formats.extract(filename, data, self.reader)
        passages = chunking.split(pages, self.conf.max_chunk_size, self.conf.chunk_overlap)
        content = "\n\n".join(text for _, text in pages)
        page_count = len(pages) if kind == "pdf" else None
        self.store.add_entry(collection, filename, kind, data, content, page_count, passages,
                             source=source, replace=replace)
        self._wake.set()
        return self.store.entry(collection, filename)[0]

    def entries(self, collection: str) -> list[EntryInfo]:
        return self.store.entries(self.known(collection))

    def entry(self, collection: str, name: str) -> tuple[EntryInfo, list[Hit]]:
        return self.store.entry(self.known(collection), names.entry_name(name))

    def content(self, collection: str, name: str) -> str:
        return self.store.content(self.known(collection), names.entry_name(name))

    def raw(self, collection: str, name: str) -> tuple[str, bytes]:
        return self.store.raw(self.known(collection), names.entry_name(name))

    def delete(self, collection: str, name: str) -> None:
        self.store.delete_entry(self.known(collection), names.entry_name(name))

    def reset(self, collection: str) -> None:
        self.store.reset(self.known(collection))

    # sources

    def sources(self, collection: str) -> list[Source]:
        return self.store.sources(self.known(collection))

    def add_source(self, collection: str, url: object, interval: object) -> tuple[str, int]:
        collection = self.known(collection)
        if self.follower is None:
            raise NotFound("sources need the page reader, which this instance does not run")
        url, minutes = check_url(url), check_interval(interval, self.conf.min_update_interval)
        self.store.add_source(collection, url, minutes)
        self._wake_sources.set()
        return url, minutes

    def remove_source(self, collection: str, url: object) -> None:
        self.store.remove_source(self.known(collection), check_url(url))

    # search

    def search(self, collection: str, query: str, limit: int) -> list[Result]:
        return self.search_many([self.known(collection)], query, limit)

    def search_many(self, collections: list[str] | None, query: str, limit: int) -> list[Result]:
        """Keyword and semantic rankings fused (either alone when the other has nothing or fails)."""
        self.check_ready()
        if not self._opened:
            return []
        known = set(self.store.collections())
        wanted = [c for c in (collections if collections is not None else sorted(known)) if c in known]
        if not wanted or not query.strip():
            return []
        n = fusion.candidates(limit)
        # both sides at once: SQLite, onnxruntime and numpy release the GIL
        pending = self._pool.submit(self.store.keyword, wanted, query, n) if self.embedder is not None else None
        semantic = self._semantic(wanted, query, n)
        keyword = pending.result() if pending is not None else self.store.keyword(wanted, query, n)
        if not semantic or not keyword:  # one side alone keeps its own scores
            fused = keyword or semantic
        elif self.conf.fusion == "convex":
            unembedded = self.vectors.unembedded(wanted, [pid for pid, _ in keyword])
            fused = fusion.convex(keyword, semantic, alpha=self.conf.convex_alpha, unembedded=unembedded)
        else:
            fused = fusion.rrf([pid for pid, _ in keyword], [pid for pid, _ in semantic],
                               w_keyword=self.conf.keyword_weight, w_semantic=self.conf.semantic_weight)
        top = fused[:limit]
        hits = self.store.hits([pid for pid, _ in top])
        return [Result(hits[pid], score) for pid, score in top if pid in hits]

    def _semantic(self, collections: list[str], query: str, limit: int) -> list[tuple[int, float]]:
        if self.embedder is None:
            return []
        try:
            vector = self.embedder.embed([query])[0]
        except EmbedError as exc:
            log.warning("collections: query not embedded, keyword search only: %s", exc)
            return []
        return self.vectors.search(collections, vector, limit)

    # background embedding

    def _loop(self, lease: str, step: Callable[[], object], wake: threading.Event) -> None:
        """Run ``step`` while it has work, while this process holds ``lease``; else wait to be woken."""
        while not self._stop.is_set():
            try:
                busy = self._opened_if_there() and self._lease(lease) and step()
            except EmbedError as exc:
                log.warning("collections: embedding paused: %s", exc)
                busy = False
                self._stop.wait(self.poll * 6)
            except Exception:  # noqa: BLE001 - the loop must survive a bad batch
                log.exception("collections: %s failed", lease)
                busy = False
                self._stop.wait(self.poll * 6)
            if not busy:
                wake.wait(self.poll)
                wake.clear()

    def _lease(self, name: str) -> bool:
        """Hold a lease; take it over from a process of this host that died."""
        if self.store.lease(name, self._holder, LEASE_SECONDS):
            return True
        holder = self.store.holder(name)
        host, _, rest = holder.rpartition(":")
        pid = rest.split("-")[0]
        if host == socket.gethostname() and pid.isdigit() and not _alive(int(pid)):
            self.store.release(name, holder)
            return self.store.lease(name, self._holder, LEASE_SECONDS)
        return False

    def _opened_if_there(self) -> bool:
        """Whether the index is open, opening it when another process created it; never creates it."""
        if not self._opened and self.store.created():
            self._open()
        return self._opened

    def _embed_some(self) -> bool:
        """Embed one batch of passages that have no vector; True when there was work."""
        assert self.embedder is not None
        for collection in self.store.collections():
            model, _, _ = self.store.model(collection)
            if model != self.embedder.model_id:
                self.store.set_model(collection, self.embedder.model_id, 0)
                self.vectors.forget(collection)
            batch = self.store.pending(collection, self.conf.embeddings.batch_size)
            if not batch:
                continue
            matrix = self.embedder.embed([text for _, text in batch])
            self.store.set_vectors(collection, [(pid, matrix[i].tobytes()) for i, (pid, _) in enumerate(batch)],
                                   int(matrix.shape[1]))
            with self.progress:
                self.progress.notify_all()
            return True
        return False
