"""A source read end to end: the real page reader fetches a page from a test host in a network namespace
(loopback stays refused; ``fetch.allow_private`` lets it reach the namespace's 10.x address), and the
instance's own source thread indexes it."""

from __future__ import annotations

import time
from typing import Any

import pytest
from collection_kit import AUTH

from tests.conftest import COLLECTIONS_TOKEN, make_settings
from tests.reader.netns import namespace_host, unavailable


def _search(client: Any, query: str) -> list[dict[str, Any]]:
    return client.post("/api/collections/docs/search", json={"query": query}).get_json()["results"]


def test_a_source_is_read_through_the_real_reader(app_factory: Any, tmp_path: Any) -> None:
    if reason := unavailable():
        pytest.skip(reason)
    (tmp_path / "site").mkdir()
    with namespace_host(tmp_path / "site") as host:
        settings = make_settings([], fetch={"allow_private": True, "ports": [80, 443, 8080]},
                                 collections={"data_dir": str(tmp_path / "data"), "tokens": [COLLECTIONS_TOKEN],
                                              "embeddings": {"backend": "none"}})  # fmt: skip
        app = app_factory(settings)
        assert app.extensions["searx"].collections.wait_ready(10)
        client = app.test_client()
        client.post("/api/collections", json={"name": "docs"}, headers=AUTH)
        url = f"http://{host.address}:8080/page.html"
        added = client.post("/api/collections/docs/sources", json={"url": url, "update_interval": 60}, headers=AUTH)
        assert added.status_code == 200, added.get_json()
        deadline = time.monotonic() + 30
        while not (hits := _search(client, "namespace")) and time.monotonic() < deadline:
            time.sleep(0.1)  # polling the outcome of the source thread, with a deadline
        assert hits, f"the source was not indexed: {client.get('/api/collections/docs/sources', headers=AUTH).get_json()}"
        assert "network namespace made by the test" in hits[0]["content"]
        assert any(line.startswith("GET /page.html") for line in host.requests())
        # the entry holds the page's main text only, not its navigation or footer
        entry = client.get(f"/api/collections/docs/entries/{hits[0]['entry']}").get_json()
        assert "Menu" not in entry["content"] and "Footer" not in entry["content"]
