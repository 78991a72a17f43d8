"""The store's keyword side on a larger collection: very common words are left out, rare ones decide."""

from __future__ import annotations

from searx.collections.store import SQLiteStore, words_of
from searx.text.chunking import Passage


def test_common_words_are_left_out_when_rarer_ones_remain(tmp_path):
    store = SQLiteStore(tmp_path / "c.sqlite3")
    store.open()
    store.create("big")
    passages = [Passage(i, None, 0, f"the common filler text number {i}") for i in range(12_000)]
    passages.append(Passage(12_000, None, 0, "the configuration of proxies"))
    store.add_entry("big", "a.txt", "text", b"", "", None, passages)
    db = store._db()
    assert store._rarer(db, words_of("the configuration")) == ["configuration"]
    assert store._rarer(db, words_of("the common")) in (["the"], ["common"])  # all common: the rarest stays
    assert store._rarer(db, words_of("configurations unknownword")) == ["configurations", "unknownword"]
    hits = store.keyword(["big"], "the configuration", 5)
    assert len(hits) == 1
    store.close()


def test_an_sqlite_error_is_the_collections_unavailable_error(tmp_path):
    """The driver's errors stop at the store: a damaged file is ``Unavailable`` (503), chained, for every
    method, a generator's rows too."""
    import sqlite3

    import pytest

    from searx.collections.errors import Unavailable

    path = tmp_path / "c.sqlite3"
    path.write_bytes(b"this is not a database, " * 100)
    store = SQLiteStore(path)
    for call in (store.open, store.collections, lambda: store.exists("x"), lambda: list(store.vectors("x"))):
        with pytest.raises(Unavailable) as caught:
            call()
        assert isinstance(caught.value.__cause__, sqlite3.DatabaseError) and caught.value.status == 503
    store.close()
    blocked = SQLiteStore(path / "sub" / "c.sqlite3")  # a directory that cannot be made: an OS error, the same
    with pytest.raises(Unavailable):
        blocked.open()
