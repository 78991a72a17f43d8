"""Sources: URLs followed through the page reader (a stand-in with the reader's interface here)."""

from __future__ import annotations

import pytest
from collection_kit import AUTH, StubReader, with_reader

from searx.collections.formats import pages_of
from searx.collections.sources import entry_name

URL = "https://user:secret@wiki.example.org/docs/install?lang=en"


@pytest.fixture
def setup(coll_app):
    reader = StubReader()
    service = with_reader(coll_app, reader)
    client = coll_app.test_client()
    client.post("/api/collections", json={"name": "docs"}, headers=AUTH)
    return client, service, reader


def test_a_source_is_read_and_replaced_when_it_changes(setup):
    client, service, reader = setup
    reader.texts[URL] = "Install the widget with the setup wizard."
    added = client.post("/api/collections/docs/sources", json={"url": URL, "update_interval": 30}, headers=AUTH)
    assert added.status_code == 200 and added.get_json()["update_interval"] == 30
    assert service.follower.run_due(now=1e12) == 1
    name = entry_name(URL)
    hits = client.post("/api/collections/docs/search", json={"query": "wizard"}).get_json()["results"]
    assert hits[0]["entry"] == name
    generation = service.store.model("docs")[2]
    assert service.follower.run_due(now=1e12) == 0  # not due again before its interval
    assert service.follower.run_due(now=2e12) == 1
    assert service.store.model("docs")[2] == generation  # unchanged text: nothing written
    reader.texts[URL] = "Now the package manager does it."
    service.follower.run_due(now=3e12)
    found = client.post("/api/collections/docs/search", json={"query": "package manager"}).get_json()
    assert found["results"][0]["entry"] == name
    assert client.post("/api/collections/docs/search", json={"query": "wizard"}).get_json()["count"] == 0


def test_source_urls_are_shown_to_token_holders_only(setup):
    client, service, reader = setup
    reader.texts[URL] = "text"
    client.post("/api/collections/docs/sources", json={"url": URL}, headers=AUTH)
    service.follower.run_due(now=1e12)
    anonymous = client.get("/api/collections/docs/sources").get_json()
    assert anonymous["count"] == 1 and "url" not in anonymous["sources"][0]
    assert "secret" not in client.get("/api/collections/docs/entries").get_data(as_text=True)
    holder = client.get("/api/collections/docs/sources", headers=AUTH).get_json()
    assert holder["sources"][0]["url"] == URL and holder["sources"][0]["update_interval"] == 60
    assert client.get("/api/collections/docs/entries", headers=AUTH).get_json()["entries"][0]["source"] == URL


def test_a_failing_source_keeps_its_entry_and_says_why(setup):
    client, service, reader = setup
    reader.texts[URL] = "The first version."
    client.post("/api/collections/docs/sources", json={"url": URL}, headers=AUTH)
    service.follower.run_due(now=1e12)
    del reader.texts[URL]
    service.follower.run_due(now=2e12)
    listed = client.get("/api/collections/docs/sources", headers=AUTH).get_json()["sources"][0]
    assert listed["error"] == "the page could not be read"
    assert client.post("/api/collections/docs/search", json={"query": "first version"}).get_json()["count"] == 1


def test_reset_keeps_sources_and_delete_removes_one(setup):
    client, service, reader = setup
    client.post("/api/collections/docs/sources", json={"url": URL}, headers=AUTH)
    client.post("/api/collections/docs/reset", headers=AUTH)
    assert client.get("/api/collections/docs/sources").get_json()["count"] == 1
    assert client.delete("/api/collections/docs/sources", json={"url": URL}, headers=AUTH).status_code == 200
    assert client.get("/api/collections/docs/sources").get_json()["count"] == 0
    assert client.delete("/api/collections/docs/sources", json={"url": URL}, headers=AUTH).status_code == 404


@pytest.mark.parametrize("body", [
    {"url": "file:///etc/passwd"}, {"url": "ftp://x.org/a"}, {"url": 5}, {"url": "https://" + "a" * 3000},
    {"url": "https://x.org/", "update_interval": 1}, {"url": "https://x.org/", "update_interval": "60"},
])  # fmt: skip
def test_bad_sources_are_refused(setup, body):
    client, _, _ = setup
    assert client.post("/api/collections/docs/sources", json=body, headers=AUTH).status_code == 400


def test_sources_need_a_token_to_change(setup):
    client, _, _ = setup
    assert client.post("/api/collections/docs/sources", json={"url": URL}).status_code == 401
    assert client.delete("/api/collections/docs/sources", json={"url": URL}).status_code == 401


def test_without_the_reader_sources_are_refused(coll_app):
    with_reader(coll_app, None)
    client = coll_app.test_client()
    client.post("/api/collections", json={"name": "docs"}, headers=AUTH)
    assert client.post("/api/collections/docs/sources", json={"url": URL}, headers=AUTH).status_code == 404


def test_pdf_text_keeps_its_pages_and_names_are_safe():
    assert pages_of("Page 1\nIntro\nPage 2\nBody", "pdf") == [(1, "Intro"), (2, "Body")]
    assert pages_of("Page 1\nIntro", "html") == [(None, "Page 1\nIntro")]
    assert entry_name("https://x.org/a/../b?q=1") == "x.org_a_b_q_1"
    assert "/" not in entry_name(URL) and ".." not in entry_name("https://x.org/..../")
