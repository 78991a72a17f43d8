"""Sources: URLs followed through the page reader (a stand-in with the reader's interface here)."""

from __future__ import annotations

import pytest
from collection_kit import AUTH, StubReader, with_reader

from searx.collections.formats import pages_of
from searx.collections.service import CollectionsService
from searx.collections.sources import entry_name
from searx.collections.store import SQLiteStore

URL = "https://user:secret@wiki.example.org/docs/install?lang=en"
SECRET_URL = "https://wiki.example.org/feed.xml?access_token=tok3n-of-the-wiki&user=ann#frag-secret"
PATH_SECRET_URL = "https://feeds.example.org/feeds/S3CRET/rss.xml"


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
    assert reader.clients == ["collections"]  # the sources count as one client against the reader's caps
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
    assert entry_name("https://x.org/a/../b?q=1") == "x.org"
    assert "/" not in entry_name(URL) and ".." not in entry_name("https://x.org/..../")


@pytest.mark.parametrize(("url", "name"), [
    (SECRET_URL, "wiki.example.org"), ("https://ann:pw@x.org/a?b=c#d", "x.org"),
    (PATH_SECRET_URL, "feeds.example.org"), ("https://X.org:8443/k/S3CRET", "x.org_8443"),
    ("http://x.org:80/S3CRET", "x.org"), ("https://[2001:db8::1]/S3CRET", "2001_db8_1"),
])  # fmt: skip
def test_entry_names_are_the_host_never_a_path_query_fragment_or_user_info(url, name):
    assert entry_name(url) == name


def _leaks(text: str) -> bool:
    return any(part in text for part in ("tok3n", "access_token", "frag-secret", "user=ann", "secret@", "S3CRET",
                                         "feed.xml", "rss.xml", "feeds_"))


def test_a_credential_in_a_source_url_reaches_token_holders_only(setup):
    client, service, reader = setup
    reader.texts[SECRET_URL] = "The wiki feed lists the release notes of the widget."
    added = client.post("/api/collections/docs/sources", json={"url": SECRET_URL}, headers=AUTH).get_json()
    assert added["entry"] == "wiki.example.org"
    service.follower.run_due(now=1e12)
    name = "wiki.example.org"
    anonymous = [client.get("/api/collections/docs/sources"), client.get("/api/collections/docs/entries"),
                 client.get(f"/api/collections/docs/entries/{name}"), client.get(f"/collections/docs/entries/{name}"),
                 client.post("/api/collections/docs/search", json={"query": "release notes"})]  # fmt: skip
    assert all(r.status_code == 200 for r in anonymous)
    assert not any(_leaks(r.get_data(as_text=True)) for r in anonymous)
    assert anonymous[-1].get_json()["results"][0]["entry"] == name
    assert anonymous[0].get_json()["sources"][0]["entry"] == name
    holder = client.get("/api/collections/docs/sources", headers=AUTH).get_json()
    assert holder["sources"][0]["url"] == SECRET_URL


def test_sources_of_one_host_keep_separate_entries(setup):
    client, service, reader = setup
    first, second = "https://x.org/feed?page=1", "https://x.org/other/feed"
    reader.texts.update({first: "Apples grow on trees.", second: "Bananas grow in bunches."})
    upload_name = "x.org-2"  # a file of the same name is not overwritten by a source
    from collection_kit import upload

    assert upload(client, "docs", upload_name, b"Cherries are small.").status_code == 200
    for url in (first, second):
        client.post("/api/collections/docs/sources", json={"url": url}, headers=AUTH)
    service.follower.run_due(now=1e12)
    service.follower.run_due(now=2e12)  # read again: each keeps its entry
    names = {e["entry"] for e in client.get("/api/collections/docs/entries").get_json()["entries"]}
    assert names == {"x.org", "x.org-2", "x.org-3"}
    for query, entry in (("apples", "x.org"), ("bananas", "x.org-3"), ("cherries", "x.org-2")):
        hits = client.post("/api/collections/docs/search", json={"query": query}).get_json()["results"]
        assert [h["entry"] for h in hits] == [entry]
    listed = client.get("/api/collections/docs/sources", headers=AUTH).get_json()["sources"]
    assert {s["url"]: s["entry"] for s in listed} == {first: "x.org", second: "x.org-3"}


def test_a_credential_in_a_source_path_is_nowhere_an_anonymous_reader_looks(coll_factory):
    from searx.mcp.collections_tool import list_collections, search_collection

    app = coll_factory(engines=[{"name": "my documents", "engine": "collections", "categories": ["general"]}])
    reader = StubReader()
    service = with_reader(app, reader)
    client = app.test_client()
    client.post("/api/collections", json={"name": "docs"}, headers=AUTH)
    reader.texts[PATH_SECRET_URL] = "The feed announces the sprocket release."
    added = client.post("/api/collections/docs/sources", json={"url": PATH_SECRET_URL}, headers=AUTH).get_json()
    assert added["entry"] == "feeds.example.org" and added["url"] == PATH_SECRET_URL  # the holder's own answer
    service.follower.run_due(now=1e12)
    name = "feeds.example.org"
    seen = [client.get("/api/collections/docs/sources"), client.get("/api/collections/docs/entries"),
            client.get(f"/api/collections/docs/entries/{name}"), client.get(f"/collections/docs/entries/{name}"),
            client.post("/api/collections/docs/search", json={"query": "sprocket"}),
            client.get("/search", query_string={"q": "sprocket", "format": "json"}),
            client.get("/search", query_string={"q": "sprocket"})]  # fmt: skip
    assert all(r.status_code == 200 for r in seen)
    texts = [r.get_data(as_text=True) for r in seen]
    found = search_collection(service, {"collection": "docs", "query": "sprocket"})
    texts += [found.text, repr(found.structured), list_collections(service).text]
    assert not [t for t in texts if _leaks(t)]
    assert seen[4].get_json()["results"][0]["entry"] == name and found.structured["results"][0]["entry"] == name
    (result,) = [r for r in seen[5].get_json()["results"] if r["engine"] == "my documents"]
    assert result["url"] == f"/collections/docs/entries/{name}#p0" and result["title"] == f"{name} (docs)"
    holder = client.get("/api/collections/docs/sources", headers=AUTH).get_json()["sources"]
    assert holder == [{**holder[0], "url": PATH_SECRET_URL, "entry": name}]


@pytest.mark.parametrize("old_name", ["wiki.example.org_feed.xml_access_token_tok3n-of-the-wiki_user_ann",
                                      "wiki.example.org_feed.xml"])
def test_an_index_written_with_path_or_query_names_is_renamed_when_it_opens(coll_factory, tmp_path, old_name):
    # the index as earlier releases wrote it: the source's entry named after host, path (and query)
    data = tmp_path / "old"
    old = SQLiteStore(data / "collections.sqlite3")
    old.open()
    old.create("docs")
    old_name = "wiki.example.org_feed.xml_access_token_tok3n-of-the-wiki_user_ann"
    from searx.text import chunking
    text = "The wiki feed lists the release notes of the widget."
    old.add_entry("docs", old_name, "text", text.encode(), text, None, chunking.split([(None, text)], 800, 100),
                  source=SECRET_URL)
    old.add_source("docs", SECRET_URL, 60)
    kept = "notes_q.md"  # an uploaded file keeps its name, whatever it looks like
    old.add_entry("docs", kept, "text", b"Plain notes.", "Plain notes.", None,
                  chunking.split([(None, "Plain notes.")], 800, 100))
    old.close()
    app = coll_factory(data_dir=str(data))
    client = app.test_client()
    names = [e["entry"] for e in client.get("/api/collections/docs/entries").get_json()["entries"]]
    assert names == [kept, "wiki.example.org"]
    assert client.get(f"/api/collections/docs/entries/{old_name}").status_code == 404
    hits = client.post("/api/collections/docs/search", json={"query": "release notes"}).get_json()["results"]
    assert hits[0]["entry"] == "wiki.example.org"
    assert not _leaks(client.get("/api/collections/docs/sources").get_data(as_text=True))
    reader = StubReader()
    reader.texts[SECRET_URL] = text + " Now with more."
    service = with_reader(app, reader)
    service.follower.run_due(now=1e12)  # read again: the renamed entry is replaced, not doubled
    assert [e["entry"] for e in client.get("/api/collections/docs/entries").get_json()["entries"]] == names
    assert isinstance(service, CollectionsService)
