"""/api/collections: LocalAI's shapes, access rules, names, limits and refusals (never a 5xx)."""

from __future__ import annotations

import socket
import threading

import pytest
from collection_kit import AUTH, pdf, upload

from tests.served import ServedApp

MANUAL = ("# Proxy\n\nThe proxy for outgoing requests is set in outgoing.proxies.\n\n"
          "# Timeouts\n\nEach engine has its own timeout; the default is three seconds.\n")


@pytest.fixture
def client(coll_app):
    c = coll_app.test_client()
    assert c.post("/api/collections", json={"name": "docs"}, headers=AUTH).status_code == 201
    return c


def test_the_localai_flow(client):
    listed = client.get("/api/collections").get_json()
    assert listed == {"collections": ["docs"], "count": 1, "search_mode": "keyword", "max_chunk_size": 800,
                      "chunk_overlap": 100}
    answer = upload(client, "docs", "manual.md", MANUAL.encode())
    assert answer.status_code == 200
    assert answer.get_json()["status"] == "ok" and answer.get_json()["filename"] == "manual.md"
    entries = client.get("/api/collections/docs/entries").get_json()
    assert entries["count"] == 1
    assert entries["entries"][0] | {} == entries["entries"][0]
    first = entries["entries"][0]
    assert (first["entry"], first["indexed"], first["embedded"], first["chunk_count"]) == ("manual.md", True, False, 1)
    found = client.post("/api/collections/docs/search", json={"query": "proxy outgoing", "max_results": 3}).get_json()
    assert found["count"] == 1 and found["results"][0]["entry"] == "manual.md"
    assert "outgoing.proxies" in found["results"][0]["content"] and found["results"][0]["score"] > 0
    entry = client.get("/api/collections/docs/entries/manual.md").get_json()
    assert entry["content"].startswith("# Proxy") and entry["chunk_count"] == 1
    raw = client.get("/api/collections/docs/entries-raw/manual.md")
    assert raw.data == MANUAL.encode() and raw.headers["Content-Disposition"] == "attachment"
    deleted = client.delete("/api/collections/docs/entry/delete", json={"entry": "manual.md"}, headers=AUTH)
    assert deleted.get_json()["entry_count"] == 0
    assert client.post("/api/collections/docs/search", json={"query": "proxy"}).get_json()["count"] == 0


def test_reset_keeps_the_collection(client):
    upload(client, "docs", "a.txt", b"alpha words")
    upload(client, "docs", "b.txt", b"beta words")
    assert client.post("/api/collections/docs/reset", headers=AUTH).status_code == 200
    assert client.get("/api/collections/docs/entries").get_json() == {"entries": [], "count": 0}
    assert client.get("/api/collections").get_json()["collections"] == ["docs"]


def test_pdf_hits_say_their_page(client):
    assert upload(client, "docs", "guide.pdf", pdf(["Introduction", "Installing the widget", "Index"])).status_code == 200
    hit = client.post("/api/collections/docs/search", json={"query": "widget"}).get_json()["results"][0]
    assert hit["page"] == 2 and hit["entry"] == "guide.pdf"


def test_writes_need_a_token(client):
    assert client.post("/api/collections", json={"name": "x"}).status_code == 401
    assert client.post("/api/collections", json={"name": "x"}, headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert upload(client, "docs", "a.txt", b"x").status_code == 200
    assert client.post("/api/collections/docs/upload", data={}).status_code == 401
    assert client.post("/api/collections/docs/reset").status_code == 401
    assert client.delete("/api/collections/docs/entry/delete", json={"entry": "a.txt"}).status_code == 401


def test_no_tokens_means_read_only(coll_factory):
    client = coll_factory(tokens=[]).test_client()
    refused = client.post("/api/collections", json={"name": "x"}, headers=AUTH)
    assert refused.status_code == 403 and "collections.tokens" in refused.get_json()["error"]
    assert client.get("/api/collections").status_code == 200


def test_reads_need_a_token_on_a_public_instance(coll_factory):
    client = coll_factory(server={"public_instance": True}).test_client()
    assert client.post("/api/collections", json={"name": "docs"}, headers=AUTH).status_code == 201
    assert client.get("/api/collections").status_code == 401
    assert client.get("/api/collections/docs/entries").status_code == 401
    assert client.post("/api/collections/docs/search", json={"query": "x"}).status_code == 401
    assert client.get("/collections/docs/entries/a.txt").status_code == 401
    assert client.get("/api/collections", headers=AUTH).status_code == 200


@pytest.mark.parametrize("path", [
    "/api/collections/docs/entries/..%2F..%2Fetc%2Fpasswd", "/api/collections/docs/entries/a%2Fb",
    "/api/collections/docs/entries/..", "/api/collections/docs/entries-raw/..%5Cx", "/api/collections/..%2Fdocs/entries",
    "/api/collections/%2E%2E/entries", "/api/collections/docs/entries/a%252Fb", "/collections/docs/entries/..%2Fx",
    "/api/collections/a%00b/entries",
])  # fmt: skip
def test_traversal_names_are_refused_not_cleaned(client, path):
    answer = client.get(path)
    assert 400 <= answer.status_code < 500 and answer.status_code != 200


@pytest.mark.parametrize("name", ["../x", "a/b", "..", "a\\b", "", "x" * 65, ".hidden", "a%2Fb", 5, None, "docs\n"])
def test_bad_collection_names(client, name):
    answer = client.post("/api/collections", json={"name": name}, headers=AUTH)
    assert answer.status_code == 400 and answer.get_json()["error"]


@pytest.mark.parametrize("filename", ["../evil.txt", "a/b.txt", "..", "x%2F.txt", "a\x01.txt"])
def test_bad_file_names(client, filename):
    assert upload(client, "docs", filename, b"text").status_code == 400
    assert client.get("/api/collections/docs/entries").get_json()["count"] == 0


def test_unknown_names_are_404(client):
    assert client.get("/api/collections/nope/entries").status_code == 404
    assert client.get("/api/collections/docs/entries/nope.txt").status_code == 404
    assert client.post("/api/collections/nope/search", json={"query": "x"}).status_code == 404
    assert upload(client, "nope", "a.txt", b"x").status_code == 404
    assert client.delete("/api/collections/docs/entry/delete", json={"entry": "nope"}, headers=AUTH).status_code == 404


@pytest.mark.parametrize(("filename", "data"), [
    ("empty.txt", b""), ("binary.txt", bytes(range(256)) * 16), ("bad.pdf", b"%PDF-1.7 junk"),
    ("bad.docx", b"PK\x03\x04junk"),
])  # fmt: skip
def test_unreadable_files_are_422_and_leave_nothing(client, filename, data):
    answer = upload(client, "docs", filename, data)
    assert answer.status_code == 422 and answer.get_json()["error"]
    assert client.get("/api/collections/docs/entries").get_json()["count"] == 0


def test_bad_bodies(client):
    assert client.post("/api/collections/docs/search", data="x").status_code == 400
    assert client.post("/api/collections/docs/search", json={"query": ""}).status_code == 400
    assert client.post("/api/collections/docs/search", json={"query": "x", "max_results": 0}).status_code == 400
    assert client.post("/api/collections/docs/search", json={"query": "x", "max_results": "5"}).status_code == 400
    assert client.post("/api/collections/docs/search", json={"query": "x", "max_results": True}).status_code == 400
    assert client.post("/api/collections/docs/search", json={"query": ["x"]}).status_code == 400
    too_long = client.post("/api/collections/docs/search", json={"query": "x" * 4001})
    assert too_long.status_code == 400 and "query" in too_long.get_json()["error"]
    assert client.post("/api/collections/docs/search", json={"query": "x " * 2000}).status_code == 200
    assert client.post("/api/collections/docs/upload", headers=AUTH, data={"other": "x"}).status_code == 400


def test_upload_over_the_limit_is_refused_before_storing(coll_factory):
    client = coll_factory(max_upload_bytes=1000).test_client()
    client.post("/api/collections", json={"name": "docs"}, headers=AUTH)
    answer = upload(client, "docs", "big.txt", b"word " * 400)
    assert answer.status_code == 413
    assert client.get("/api/collections/docs/entries").get_json()["count"] == 0


@pytest.mark.parametrize("chunked", [False, True])
def test_a_2gb_upload_is_refused_early(coll_factory, chunked):
    """Announced (or streamed without a length): refused after the limit, never read to the end."""
    app = coll_factory(max_upload_bytes=100_000)
    app.test_client().post("/api/collections", json={"name": "docs"}, headers=AUTH)
    served = ServedApp(app)
    try:
        port = int(served.url.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            length = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {2 * 1024**3}"
            sock.sendall((f"POST /api/collections/docs/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: {AUTH['Authorization']}"
                          f"\r\nContent-Type: multipart/form-data; boundary=b\r\n{length}\r\n\r\n").encode())
            part = b'--b\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\n\r\n'
            sent, block = 0, b"word " * 13000
            reply = b""
            sock.settimeout(0.05)
            while sent < 50 * 1024 * 1024 and not reply:  # at most 50 MB of the 2 GB
                data = (part if sent == 0 else b"") + block
                try:
                    sock.sendall(b"%x\r\n%s\r\n" % (len(data), data) if chunked else data)
                    sent += len(data)
                    reply = sock.recv(100)
                except (TimeoutError, BlockingIOError):
                    continue
                except (BrokenPipeError, ConnectionResetError):
                    break
            sock.settimeout(10)
            try:
                reply = reply or sock.recv(100)
            except (ConnectionResetError, TimeoutError):
                pass
        assert reply.startswith(b"HTTP/1.1 413"), reply
        assert sent < 5 * 1024 * 1024
    finally:
        served.close()


def test_a_second_upload_of_the_same_name_conflicts(client):
    assert upload(client, "docs", "a.txt", b"first").status_code == 200
    assert upload(client, "docs", "a.txt", b"second").status_code == 409


def test_concurrent_uploads_of_one_name_store_one(coll_app, client):
    statuses: list[int] = []
    start = threading.Barrier(6)

    def send(i: int) -> None:
        c = coll_app.test_client()
        start.wait()
        statuses.append(upload(c, "docs", "same.txt", f"version {i} text".encode()).status_code)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [200] + [409] * 5
    assert client.get("/api/collections/docs/entries").get_json()["count"] == 1


def test_503_with_retry_after_while_the_index_starts(coll_app, client):
    coll_app.extensions["searx"].collections._ready.clear()
    answer = client.get("/api/collections")
    assert answer.status_code == 503 and answer.headers["Retry-After"]


def test_the_entry_page_shows_the_passage_in_context(client):
    upload(client, "docs", "manual.md", MANUAL.encode())
    page = client.get("/collections/docs/entries/manual.md")
    assert page.status_code == 200 and b'id="p0"' in page.data and b"outgoing.proxies" in page.data
    assert client.get("/collections/docs/entries/missing.md").status_code == 404


def test_the_engine_finds_documents_beside_the_web(coll_factory):
    app = coll_factory(engines=[{"name": "my documents", "engine": "collections", "categories": ["general"]}])
    client = app.test_client()
    client.post("/api/collections", json={"name": "docs"}, headers=AUTH)
    upload(client, "docs", "manual.md", MANUAL.encode())
    results = client.get("/search?q=engine+timeout&format=json").get_json()["results"]
    assert results[0]["url"] == "/collections/docs/entries/manual.md#p0"
    assert "three seconds" in results[0]["content"]


def test_the_engine_is_silent_without_collections(coll_factory):
    app = coll_factory(engines=[{"name": "my documents", "engine": "collections", "categories": ["general"]}])
    answer = app.test_client().get("/search?q=anything&format=json").get_json()
    assert answer["results"] == [] and answer["unresponsive_engines"] == []


def test_document_hits_are_summary_evidence_marked_as_the_users_own(coll_factory):
    from searx.summary import evidence, prompt

    app = coll_factory(engines=[{"name": "my documents", "engine": "collections", "categories": ["general"]}])
    client = app.test_client()
    client.post("/api/collections", json={"name": "docs"}, headers=AUTH)
    upload(client, "docs", "manual.md", MANUAL.encode())
    outcome = app.extensions["searx"].runner.fetch(_query("engine timeout", ("my documents",)))[0]
    built = evidence.build(outcome[0], "engine timeout", "en", 5, 0)
    assert built.sources[0].url == "/collections/docs/entries/manual.md#p0"
    sources = prompt.encode_sources(built)
    assert '"from": "my documents"' in sources
    web = evidence.Evidence(v=1, query="q", lang="en", exp=0, sources=[
        evidence.Source(n=1, title="t", url="https://example.org/collections/x", snippet="s")])
    assert '"from"' not in prompt.encode_sources(web)


def _query(text: str, engines: tuple[str, ...]):
    from searx.results.search import SearchQuery

    return SearchQuery(query=text, engines=engines)


def test_a_failure_while_storing_leaves_nothing_half_indexed(coll_app, client):
    from searx.collections.errors import Unavailable
    from searx.text.chunking import Passage

    store = coll_app.extensions["searx"].collections.store
    passages = [Passage(0, None, 0, "fine words"), Passage(1, None, 0, None)]  # type: ignore[arg-type]
    with pytest.raises(Unavailable) as caught:  # the store translates SQLite's errors (the cause says which)
        store.add_entry("docs", "half.md", "text", b"x", "fine words", None, passages)
    assert "NOT NULL" in str(caught.value.__cause__)
    assert client.get("/api/collections/docs/entries").get_json()["count"] == 0
    assert store.keyword(["docs"], "fine", 10) == []


def test_search_stays_within_its_collection(client):
    client.post("/api/collections", json={"name": "other"}, headers=AUTH)
    upload(client, "docs", "a.md", b"shared words about gadgets")
    upload(client, "other", "b.md", b"shared words about gadgets")
    found = client.post("/api/collections/docs/search", json={"query": "gadgets"}).get_json()["results"]
    assert [r["entry"] for r in found] == ["a.md"]


@pytest.mark.parametrize(("section", "message"), [
    ({"fusion": "max"}, "collections.fusion"), ({"embeddings": {"backend": "gpu"}}, "collections.embeddings.backend"),
    ({"embeddings": {"backend": "http"}}, "collections.embeddings.base_url"), ({"tokens": ["short"]}, "collections.tokens"),
    ({"chunk_overlap": 600}, "collections.max_chunk_size"), ({"bogus": 1}, "bogus"),
])  # fmt: skip
def test_bad_collections_settings_stop_start_up(section, message):
    from searx.errors import SettingsError
    from tests.conftest import make_settings

    with pytest.raises(SettingsError, match=message):
        make_settings([], collections=section)


def test_an_index_that_cannot_be_written_is_503_not_500(coll_factory, tmp_path):
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("x")
    client = coll_factory(data_dir=str(blocker / "sub")).test_client()
    answer = client.post("/api/collections", json={"name": "docs"}, headers=AUTH)
    assert answer.status_code == 503 and answer.headers["Retry-After"] and "Traceback" not in answer.get_data(as_text=True)


def test_a_zip_bomb_posing_as_docx_is_refused(client):
    import io
    import zipfile

    from searx.collections.formats import MAX_DOCX_XML

    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("word/document.xml", b"<" + b"a" * (MAX_DOCX_XML + 1))
    answer = upload(client, "docs", "report.docx", bomb.getvalue())
    assert answer.status_code == 422 and "expands" in answer.get_json()["error"]
    assert client.get("/api/collections/docs/entries").get_json()["count"] == 0


class _BrokenDisk:
    """A connection whose every statement fails as SQLite does on a failing disk."""

    def execute(self, *args, **kwargs):
        import sqlite3

        raise sqlite3.OperationalError("disk I/O error")

    def close(self):
        pass


def test_an_sqlite_error_is_503_for_the_api_and_a_refusal_for_the_mcp_tool(client, coll_app):
    from searx.mcp.collections_tool import search_collection

    service = coll_app.extensions["searx"].collections
    service.store._local.db = _BrokenDisk()  # this thread's connection: the test client's requests run here
    listed = client.get("/api/collections")
    assert listed.status_code == 503 and listed.headers["Retry-After"]
    assert listed.get_json() == {"error": "the collections index is unavailable; the administrator can find why "
                                          "in the log"}  # fmt: skip
    found = client.post("/api/collections/docs/search", json={"query": "proxy"})
    assert found.status_code == 503 and "disk" not in found.get_data(as_text=True)
    refused = search_collection(service, {"collection": "docs", "query": "proxy"})
    assert refused.is_error and "unavailable" in refused.text
    service.store._local.db = None
