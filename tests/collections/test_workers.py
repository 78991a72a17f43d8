"""Several workers of one instance (here two services on one file) share a collection safely."""

from __future__ import annotations

import threading

from searx.collections.service import CollectionsService
from searx.settings_sections import Collections, CollectionsEmbeddings


def _service(path, embeddings) -> CollectionsService:
    conf = Collections(data_dir=str(path), embeddings=CollectionsEmbeddings(backend="http", base_url=embeddings.url,
                                                                           batch_size=3))
    service = CollectionsService(conf, poll=0.05)  # each sees the other's passages at once
    service.start()
    assert service.wait_ready(10)
    return service


def test_two_workers_write_and_read_one_collection(tmp_path, embeddings_server):
    a = _service(tmp_path, embeddings_server)
    a.create("docs")
    b = _service(tmp_path, embeddings_server)
    try:
        errors: list[Exception] = []

        def write(service: CollectionsService, prefix: str) -> None:
            try:
                for i in range(15):
                    service.upload("docs", f"{prefix}{i}.md", f"note {prefix} number {i} about gadgets".encode())
            except Exception as exc:  # noqa: BLE001 - collected for the assertion
                errors.append(exc)

        threads = [threading.Thread(target=write, args=(s, p)) for s, p in ((a, "a"), (b, "b"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        assert len(a.entries("docs")) == len(b.entries("docs")) == 30
        assert a.wait_embedded("docs", 30) and b.wait_embedded("docs", 30)
        embedded = [text for r in embeddings_server.requests for text in r["input"] if "note" in text]
        assert len(embedded) == 30  # one worker held the lease: nothing embedded twice
        assert {r.hit.entry for r in b.search("docs", "note a number 3", 3)} >= {"a3.md"}
    finally:
        a.close()
        b.close()
