"""Where collections live: the ``CollectionStore`` interface and its SQLite implementation.

One SQLite file (WAL, one writer at a time, any number of readers) holds the
collections, the files as uploaded, their passages, an FTS5 index over the
passages and each passage's vector as a float32 blob. Several worker
processes of one instance open the same file. Another store (Postgres, shared
by several instances) implements the same ``CollectionStore`` protocol. An
SQLite error (a full disk, permissions, a lock held too long, a damaged file)
leaves the store as ``Unavailable``, once, here: callers see only the error tree.
"""

from __future__ import annotations

import functools
import inspect
import logging
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from searx.collections.errors import Conflict, NotFound, Unavailable
from searx.text.chunking import Passage

SCHEMA = """
CREATE TABLE IF NOT EXISTS collections (
  name TEXT PRIMARY KEY, created REAL NOT NULL, model TEXT NOT NULL DEFAULT '', dim INTEGER NOT NULL DEFAULT 0,
  generation INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS entries (
  id INTEGER PRIMARY KEY, collection TEXT NOT NULL REFERENCES collections(name) ON DELETE CASCADE,
  name TEXT NOT NULL, kind TEXT NOT NULL, size INTEGER NOT NULL, pages INTEGER, created REAL NOT NULL,
  content TEXT NOT NULL, source TEXT, UNIQUE (collection, name));
CREATE TABLE IF NOT EXISTS raw (entry INTEGER PRIMARY KEY REFERENCES entries(id) ON DELETE CASCADE, data BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS passages (
  id INTEGER PRIMARY KEY, entry INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
  collection TEXT NOT NULL, seq INTEGER NOT NULL, page INTEGER, start INTEGER NOT NULL, text TEXT NOT NULL,
  vector BLOB);
CREATE INDEX IF NOT EXISTS passages_entry ON passages(entry, seq);
CREATE INDEX IF NOT EXISTS passages_pending ON passages(collection) WHERE vector IS NULL;
CREATE VIRTUAL TABLE IF NOT EXISTS passages_fts USING fts5(
  text, coll, tokenize='porter unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE IF NOT EXISTS passages_vocab USING fts5vocab(passages_fts, 'row');
CREATE TRIGGER IF NOT EXISTS passages_ai AFTER INSERT ON passages BEGIN
  INSERT INTO passages_fts(rowid, text, coll) VALUES (new.id, new.text, 'c' || lower(hex(new.collection))); END;
CREATE TRIGGER IF NOT EXISTS passages_ad AFTER DELETE ON passages BEGIN
  DELETE FROM passages_fts WHERE rowid = old.id; END;
CREATE TABLE IF NOT EXISTS sources (
  collection TEXT NOT NULL REFERENCES collections(name) ON DELETE CASCADE, url TEXT NOT NULL,
  update_interval INTEGER NOT NULL, next_check REAL NOT NULL DEFAULT 0, digest TEXT NOT NULL DEFAULT '',
  error TEXT NOT NULL DEFAULT '', PRIMARY KEY (collection, url));
CREATE TABLE IF NOT EXISTS leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, expires REAL NOT NULL);
"""

_WORDS = re.compile(r"\w+")
log = logging.getLogger("searx.collections")
UNAVAILABLE = "the collections index is unavailable; the administrator can find why in the log"


@dataclass(frozen=True)
class EntryInfo:
    name: str
    kind: str
    size: int
    pages: int | None
    chunk_count: int
    embedded_count: int
    created: float
    source: str | None


@dataclass(frozen=True)
class Hit:
    id: int
    collection: str
    entry: str
    seq: int
    page: int | None
    text: str


@dataclass(frozen=True)
class Source:
    collection: str
    url: str
    update_interval: int
    next_check: float
    digest: str
    error: str
    entry: str | None = None  # the entry holding its text, once read


class CollectionStore(Protocol):
    """What the service needs from a store (SQLite now; a shared Postgres store later)."""

    def collections(self) -> list[str]: ...
    def create(self, name: str) -> bool: ...
    def exists(self, name: str) -> bool: ...
    def add_entry(self, collection: str, name: str, kind: str, raw: bytes, content: str, pages: int | None,
                  passages: Sequence[Passage], *, source: str | None = None, replace: bool = False) -> None: ...
    def delete_entry(self, collection: str, name: str) -> None: ...
    def rename_entry(self, collection: str, name: str, new: str) -> None: ...
    def reset(self, collection: str) -> None: ...
    def entries(self, collection: str) -> list[EntryInfo]: ...
    def entry(self, collection: str, name: str) -> tuple[EntryInfo, list[Hit]]: ...
    def content(self, collection: str, name: str) -> str: ...
    def raw(self, collection: str, name: str) -> tuple[str, bytes]: ...
    def keyword(self, collections: Sequence[str], query: str, limit: int) -> list[tuple[int, float]]: ...
    def hits(self, ids: Sequence[int]) -> dict[int, Hit]: ...
    def model(self, collection: str) -> tuple[str, int, int]: ...
    def set_model(self, collection: str, model: str, dim: int) -> None: ...
    def pending(self, collection: str, limit: int) -> list[tuple[int, str]]: ...
    def set_vectors(self, collection: str, vectors: Sequence[tuple[int, bytes]], dim: int) -> None: ...
    def vectors(self, collection: str) -> Iterator[tuple[int, bytes]]: ...
    def sources(self, collection: str | None = None) -> list[Source]: ...
    def add_source(self, collection: str, url: str, interval: int) -> None: ...
    def remove_source(self, collection: str, url: str) -> None: ...
    def source_checked(self, collection: str, url: str, next_check: float, digest: str, error: str) -> None: ...
    def lease(self, name: str, holder: str, seconds: float) -> bool: ...
    def release(self, name: str, holder: str) -> None: ...
    def holder(self, name: str) -> str: ...


COMMON = 0.1  # a query word in more passages than this share is left out when rarer words remain
_Store = TypeVar("_Store")


def _unavailable(exc: Exception) -> Unavailable:
    log.error("collections: index unavailable: %r", exc)
    return Unavailable(UNAVAILABLE)


def _translated(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` raising ``Unavailable`` for an SQLite error (or an OS error opening the file), chained."""
    if inspect.isgeneratorfunction(method):
        @functools.wraps(method)
        def rows(*args: Any, **kwargs: Any) -> Iterator[Any]:
            try:
                yield from method(*args, **kwargs)
            except (sqlite3.Error, OSError) as exc:
                raise _unavailable(exc) from exc

        return rows

    @functools.wraps(method)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except (sqlite3.Error, OSError) as exc:
            raise _unavailable(exc) from exc

    return call


def _translating(cls: type[_Store]) -> type[_Store]:
    """Every method of the ``CollectionStore`` protocol (and ``open``, ``created``) of ``cls`` translated."""
    for name in ("open", "created", *(n for n in vars(CollectionStore) if not n.startswith("_"))):
        setattr(cls, name, _translated(getattr(cls, name)))
    return cls


def words_of(text: str, max_terms: int = 32) -> list[str]:
    return list(dict.fromkeys(w.lower() for w in _WORDS.findall(text)))[:max_terms]


def fts_query(words: Sequence[str], collections: Sequence[str] | None = None) -> str:
    """An FTS5 OR query of quoted words, limited to ``collections`` (no FTS5 syntax gets through)."""
    match = "text: (" + " OR ".join(f'"{w}"' for w in words) + ")"
    if collections:
        match += " AND coll: (" + " OR ".join(f'"c{c.encode().hex()}"' for c in collections) + ")"
    return match


def _stems(word: str) -> list[str]:
    """The forms the Porter stemmer may have left of ``word``: its prefixes (and a final y as i)."""
    forms = [word[:n] for n in range(min(3, len(word)), len(word) + 1)]
    return forms + [f[:-1] + "i" for f in forms if f.endswith("y")]


@_translating
class SQLiteStore:
    """The embedded store: one SQLite file, a connection per thread, writes serialized."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._local = threading.local()
        self._write = threading.Lock()

    def created(self) -> bool:
        """Whether the file is there (another process may have created it)."""
        return self.path.exists()

    def open(self) -> None:
        """Create the file and schema (idempotent; several processes may race here)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._write:
            self._db().executescript(SCHEMA)  # CREATE … IF NOT EXISTS: safe when processes race here

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            self._local.db = db
        return db

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        db = self._db()
        with self._write:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def close(self) -> None:
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None

    # collections

    def collections(self) -> list[str]:
        return [r[0] for r in self._db().execute("SELECT name FROM collections ORDER BY name")]

    def create(self, name: str) -> bool:
        with self._tx() as db:
            cur = db.execute("INSERT OR IGNORE INTO collections(name, created) VALUES (?, ?)", (name, time.time()))
            return cur.rowcount == 1

    def exists(self, name: str) -> bool:
        return self._db().execute("SELECT 1 FROM collections WHERE name = ?", (name,)).fetchone() is not None

    def _check(self, db: sqlite3.Connection, collection: str) -> None:
        if db.execute("SELECT 1 FROM collections WHERE name = ?", (collection,)).fetchone() is None:
            raise NotFound(f"no collection named {collection!r}")

    def _bump(self, db: sqlite3.Connection, collection: str) -> None:
        db.execute("UPDATE collections SET generation = generation + 1 WHERE name = ?", (collection,))

    # entries

    def add_entry(self, collection: str, name: str, kind: str, raw: bytes, content: str, pages: int | None,
                  passages: Sequence[Passage], *, source: str | None = None, replace: bool = False) -> None:  # fmt: skip
        """The entry, its file and passages in one transaction: all of it is searchable, or none."""
        with self._tx() as db:
            self._check(db, collection)
            old = db.execute("SELECT id FROM entries WHERE collection = ? AND name = ?", (collection, name)).fetchone()
            if old is not None:
                if not replace:
                    raise Conflict(f"an entry named {name!r} already exists in {collection!r}")
                db.execute("DELETE FROM entries WHERE id = ?", old)
            cur = db.execute(
                "INSERT INTO entries(collection, name, kind, size, pages, created, content, source)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (collection, name, kind, len(raw), pages, time.time(), content, source))
            entry = cur.lastrowid
            db.execute("INSERT INTO raw(entry, data) VALUES (?, ?)", (entry, raw))
            db.executemany(
                "INSERT INTO passages(entry, collection, seq, page, start, text) VALUES (?, ?, ?, ?, ?, ?)",
                [(entry, collection, p.seq, p.page, p.start, p.text) for p in passages])
            self._bump(db, collection)

    def delete_entry(self, collection: str, name: str) -> None:
        with self._tx() as db:
            self._check(db, collection)
            cur = db.execute("DELETE FROM entries WHERE collection = ? AND name = ?", (collection, name))
            if cur.rowcount == 0:
                raise NotFound(f"no entry named {name!r} in {collection!r}")
            self._bump(db, collection)

    def rename_entry(self, collection: str, name: str, new: str) -> None:
        """Rename an entry; nothing when it is gone or ``new`` is taken (another process renamed it first)."""
        with self._tx() as db:
            db.execute("UPDATE OR IGNORE entries SET name = ? WHERE collection = ? AND name = ?", (new, collection, name))
            self._bump(db, collection)

    def reset(self, collection: str) -> None:
        with self._tx() as db:
            self._check(db, collection)
            db.execute("DELETE FROM entries WHERE collection = ?", (collection,))
            self._bump(db, collection)

    _ENTRY_COLUMNS = (
        "e.name, e.kind, e.size, e.pages, (SELECT count(*) FROM passages p WHERE p.entry = e.id),"
        " (SELECT count(*) FROM passages p WHERE p.entry = e.id AND p.vector IS NOT NULL), e.created, e.source")

    def entries(self, collection: str) -> list[EntryInfo]:
        db = self._db()
        self._check(db, collection)
        rows = db.execute(f"SELECT {self._ENTRY_COLUMNS} FROM entries e WHERE e.collection = ? ORDER BY e.name",
                          (collection,))
        return [EntryInfo(*row) for row in rows]

    def entry(self, collection: str, name: str) -> tuple[EntryInfo, list[Hit]]:
        db = self._db()
        self._check(db, collection)
        row = db.execute(f"SELECT e.id, {self._ENTRY_COLUMNS} FROM entries e WHERE e.collection = ? AND e.name = ?",
                         (collection, name)).fetchone()
        if row is None:
            raise NotFound(f"no entry named {name!r} in {collection!r}")
        passages = db.execute("SELECT id, seq, page, text FROM passages WHERE entry = ? ORDER BY seq", (row[0],))
        return EntryInfo(*row[1:]), [Hit(pid, collection, name, seq, page, text) for pid, seq, page, text in passages]

    def content(self, collection: str, name: str) -> str:
        """The document's whole text (without the passages' overlap)."""
        row = self._db().execute("SELECT content FROM entries WHERE collection = ? AND name = ?",
                                 (collection, name)).fetchone()
        if row is None:
            raise NotFound(f"no entry named {name!r} in {collection!r}")
        return str(row[0])

    def raw(self, collection: str, name: str) -> tuple[str, bytes]:
        db = self._db()
        self._check(db, collection)
        row = db.execute("SELECT e.kind, r.data FROM entries e JOIN raw r ON r.entry = e.id"
                         " WHERE e.collection = ? AND e.name = ?", (collection, name)).fetchone()
        if row is None:
            raise NotFound(f"no entry named {name!r} in {collection!r}")
        return row[0], row[1]

    # search

    def keyword(self, collections: Sequence[str], query: str, limit: int) -> list[tuple[int, float]]:
        """BM25 over the passages of ``collections``: (passage id, score), best first."""
        words = words_of(query)
        if not words or not collections:
            return []
        db = self._db()
        words = self._rarer(db, words)
        every = set(collections) >= set(self.collections())
        rows = db.execute("SELECT rowid, -bm25(passages_fts, 1.0, 0.0) AS s FROM passages_fts WHERE passages_fts MATCH ?"
                          " ORDER BY s DESC LIMIT ?", (fts_query(words, None if every else collections), limit))
        return [(pid, score) for pid, score in rows]

    def _rarer(self, db: sqlite3.Connection, words: list[str]) -> list[str]:
        """Leave out words found in over 10 % of the passages (little weight in BM25, most of the time)."""
        total = db.execute("SELECT max(id) FROM passages").fetchone()[0] or 0
        if total < 10_000 or len(words) < 2:
            return words
        forms = {form: word for word in words for form in _stems(word)}
        marks = ",".join("?" * len(forms))
        counts: dict[str, tuple[int, int]] = {}  # word -> (length of the stem found, passages)
        for term, docs in db.execute(f"SELECT term, doc FROM passages_vocab WHERE term IN ({marks})", tuple(forms)):
            word = forms[term]
            # the longest stem found is the word's; a short prefix may be another word: then keep it
            if len(term) >= 0.6 * len(word) and len(term) > counts.get(word, (0, 0))[0]:
                counts[word] = (len(term), docs)
        kept = [w for w in words if counts.get(w, (0, 0))[1] <= COMMON * total]
        return kept or [min(words, key=lambda w: counts.get(w, (0, 0))[1])]


    def hits(self, ids: Sequence[int]) -> dict[int, Hit]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = self._db().execute(
            f"SELECT p.id, p.collection, e.name, p.seq, p.page, p.text FROM passages p JOIN entries e ON e.id = p.entry"
            f" WHERE p.id IN ({marks})", tuple(ids))
        return {row[0]: Hit(*row) for row in rows}

    # vectors

    def model(self, collection: str) -> tuple[str, int, int]:
        """(model id, dimension, generation) of a collection."""
        row = self._db().execute("SELECT model, dim, generation FROM collections WHERE name = ?",
                                 (collection,)).fetchone()
        if row is None:
            raise NotFound(f"no collection named {collection!r}")
        return row[0], row[1], row[2]

    def set_model(self, collection: str, model: str, dim: int) -> None:
        """Record the embedder; a different one than before drops every vector (they are re-embedded)."""
        with self._tx() as db:
            db.execute("UPDATE passages SET vector = NULL WHERE collection = ?", (collection,))
            db.execute("UPDATE collections SET model = ?, dim = ? WHERE name = ?", (model, dim, collection))
            self._bump(db, collection)

    def pending(self, collection: str, limit: int) -> list[tuple[int, str]]:
        rows = self._db().execute("SELECT id, text FROM passages WHERE collection = ? AND vector IS NULL"
                                  " ORDER BY id LIMIT ?", (collection, limit))
        return list(rows)

    def set_vectors(self, collection: str, vectors: Sequence[tuple[int, bytes]], dim: int) -> None:
        with self._tx() as db:
            db.executemany("UPDATE passages SET vector = ? WHERE id = ?", [(v, pid) for pid, v in vectors])
            db.execute("UPDATE collections SET dim = ? WHERE name = ?", (dim, collection))
            self._bump(db, collection)

    def vectors(self, collection: str) -> Iterator[tuple[int, bytes]]:
        yield from self._db().execute(
            "SELECT id, vector FROM passages WHERE collection = ? AND vector IS NOT NULL ORDER BY id", (collection,))

    # sources

    def sources(self, collection: str | None = None) -> list[Source]:
        sql = ("SELECT s.collection, s.url, s.update_interval, s.next_check, s.digest, s.error, (SELECT e.name FROM"
               " entries e WHERE e.collection = s.collection AND e.source = s.url LIMIT 1) FROM sources s")
        rows = (self._db().execute(sql + " WHERE s.collection = ? ORDER BY s.url", (collection,)) if collection
                else self._db().execute(sql + " ORDER BY s.next_check"))
        return [Source(*row) for row in rows]

    def add_source(self, collection: str, url: str, interval: int) -> None:
        with self._tx() as db:
            self._check(db, collection)
            db.execute("INSERT INTO sources(collection, url, update_interval) VALUES (?, ?, ?)"
                       " ON CONFLICT(collection, url) DO UPDATE SET update_interval = excluded.update_interval,"
                       " next_check = 0", (collection, url, interval))

    def remove_source(self, collection: str, url: str) -> None:
        with self._tx() as db:
            self._check(db, collection)
            cur = db.execute("DELETE FROM sources WHERE collection = ? AND url = ?", (collection, url))
            if cur.rowcount == 0:
                raise NotFound("no such source in this collection")

    def source_checked(self, collection: str, url: str, next_check: float, digest: str, error: str) -> None:
        with self._tx() as db:
            db.execute("UPDATE sources SET next_check = ?, digest = ?, error = ? WHERE collection = ? AND url = ?",
                       (next_check, digest, error, collection, url))

    def lease(self, name: str, holder: str, seconds: float) -> bool:
        """Take or renew a named lease (one embedding worker among the instance's processes)."""
        now = time.time()
        with self._tx() as db:
            db.execute("INSERT INTO leases(name, holder, expires) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE"
                       " SET holder = excluded.holder, expires = excluded.expires"
                       " WHERE leases.expires < ? OR leases.holder = excluded.holder",
                       (name, holder, now + seconds, now))
            row = db.execute("SELECT holder FROM leases WHERE name = ?", (name,)).fetchone()
            return bool(row and row[0] == holder)

    def release(self, name: str, holder: str) -> None:
        with self._tx() as db:
            db.execute("DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder))

    def holder(self, name: str) -> str:
        row = self._db().execute("SELECT holder FROM leases WHERE name = ?", (name,)).fetchone()
        return str(row[0]) if row else ""
