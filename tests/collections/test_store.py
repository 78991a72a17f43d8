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
