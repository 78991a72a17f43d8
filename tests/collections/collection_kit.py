"""Helpers for the collections tests: uploads, and small DOCX and PDF files made on the spot."""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from typing import Any

from searx.collections.service import CollectionsService
from searx.reader.extract import extract
from tests.conftest import COLLECTIONS_TOKEN as TOKEN
from tests.reader.pdfs import text_pdf

AUTH = {"Authorization": f"Bearer {TOKEN}"}


@dataclass
class Document:
    text: str
    kind: str = "html"
    pages: int | None = None


@dataclass
class Page:
    document: Document


class Unreachable(Exception):
    message = "the page could not be read"


class StubReader:
    def __init__(self) -> None:
        self.texts: dict[str, str] = {}
        self.reads: list[str] = []
        self.clients: list[str | None] = []

    def read(self, url, *, format="markdown", deadline=None, accept_language=None, client=None, lane="api"):
        self.reads.append(url)
        self.clients.append(client)
        if url not in self.texts:
            raise Unreachable()
        return Page(Document(self.texts[url]))

    def extract(self, body, content_type, *, format="markdown"):
        return extract(body, content_type, format=format)  # the reader's own extractors, in this process


def with_reader(app: Any, reader: Any) -> CollectionsService:
    """Give the app's collections a page reader (a stand-in with the reader's interface)."""
    services = app.extensions["searx"]
    services.collections.close()
    services.collections = CollectionsService(services.settings.collections, reader=reader)
    services.collections.start(follow_sources=False)  # the tests call follower.run_due themselves
    if "collections" in services.runner.local:  # the collections engine searches this one too
        services.runner.local = {**services.runner.local, "collections": services.collections}
    assert services.collections.wait_ready(10)
    return services.collections


def upload(client: Any, collection: str, filename: str, data: bytes) -> Any:
    return client.post(f"/api/collections/{collection}/upload", headers=AUTH,
                       data={"file": (io.BytesIO(data), filename)}, content_type="multipart/form-data")


def docx(paragraphs: list[str]) -> bytes:
    """A minimal DOCX: the document part is all the reader needs."""
    ns = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    body = "".join(f"<w:p><w:r><w:t>{p}</w:t></w:r></w:p>" for p in paragraphs)
    xml = f'<?xml version="1.0"?><w:document xmlns:w="{ns}"><w:body>{body}</w:body></w:document>'
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", xml)
    return out.getvalue()


def pdf(pages: list[str]) -> bytes:
    """A small valid PDF with one line of text per page."""
    return text_pdf(pages)


def openapi_samples(coll_factory: Any) -> list[tuple[str, str, Any]]:
    """An answer for every status documented for /api/collections and the entry page."""
    base = "/api/collections"
    routes = [  # (path, method, concrete URL for collection "docs", JSON body, needs a token)
        (base, "get", base, None, False), (base, "post", base, {"name": "docs"}, True),
        (f"{base}/{{name}}/upload", "post", f"{base}/docs/upload", None, True),
        (f"{base}/{{name}}/entries", "get", f"{base}/docs/entries", None, False),
        (f"{base}/{{name}}/entries/{{entry}}", "get", f"{base}/docs/entries/a.md", None, False),
        (f"{base}/{{name}}/entries-raw/{{entry}}", "get", f"{base}/docs/entries-raw/a.md", None, False),
        (f"{base}/{{name}}/search", "post", f"{base}/docs/search", {"query": "alpha"}, False),
        (f"{base}/{{name}}/entry/delete", "delete", f"{base}/docs/entry/delete", {"entry": "a.md"}, True),
        (f"{base}/{{name}}/reset", "post", f"{base}/docs/reset", None, True),
        (f"{base}/{{name}}/sources", "get", f"{base}/docs/sources", None, False),
        (f"{base}/{{name}}/sources", "post", f"{base}/docs/sources", {"url": "https://x.org/"}, True),
        (f"{base}/{{name}}/sources", "delete", f"{base}/docs/sources", {"url": "https://x.org/"}, True),
    ]
    app = coll_factory(max_upload_bytes=2000)
    with_reader(app, StubReader())
    c = app.test_client()
    out: list[tuple[str, str, Any]] = []

    def call(client: Any, method: str, url: str, body: Any, headers: dict[str, str] | None = None) -> Any:
        return getattr(client, method)(url, json=body, headers=headers or {})

    out.append((base, "post", c.post(base, json={"name": "docs"}, headers=AUTH)))  # 201
    out.append((base, "post", c.post(base, json={"name": "docs"}, headers=AUTH)))  # 200
    out.append((f"{base}/{{name}}/upload", "post", upload(c, "docs", "a.md", b"alpha beta")))
    out.append((f"{base}/{{name}}/upload", "post", upload(c, "docs", "a.md", b"alpha beta")))  # 409
    out.append((f"{base}/{{name}}/upload", "post", upload(c, "docs", "b.md", b"x" * 3000)))  # 413
    out.append((f"{base}/{{name}}/upload", "post", upload(c, "docs", "c.md", b"")))  # 422
    out.append(("/collections/{name}/entries/{entry}", "get", c.get("/collections/docs/entries/a.md")))
    for path, method, url, body, _ in routes:
        if path != base or method == "get":
            out.append((path, method, call(c, method, url, body, AUTH)))
        bad = url.replace("/docs/", "/bad..name/") if "/docs/" in url else url
        out.append((path, method, call(c, method, bad, {"name": "../x"} if path == base else body, AUTH)))  # 400
        if "/docs/" in url:
            out.append((path, method, call(c, method, url.replace("/docs/", "/nope/"), body, AUTH)))  # 404
        out.append((path, method, call(c, method, url, body)))  # 401 for writes
    public = coll_factory(server={"public_instance": True}, data_dir=app.extensions["searx"].settings.collections.data_dir)
    read_only = coll_factory(tokens=[], data_dir=app.extensions["searx"].settings.collections.data_dir)
    for path, method, url, body, write in routes:
        if not write:
            out.append((path, method, call(public.test_client(), method, url, body)))  # 401
        else:
            out.append((path, method, call(read_only.test_client(), method, url, body, AUTH)))  # 403
    out.append((base, "get", coll_factory(server={"public_instance": True}, tokens=[]).test_client().get(base)))
    app.extensions["searx"].collections._ready.clear()
    for path, method, url, body, _ in routes:
        out.append((path, method, call(c, method, url, body, AUTH)))  # 503
    # the delete that succeeds, last: the sample file must exist for the reads above
    app.extensions["searx"].collections._ready.set()
    out.append((f"{base}/{{name}}/entry/delete", "delete", c.delete(f"{base}/docs/entry/delete", json={"entry": "a.md"},
                                                                   headers=AUTH)))
    return out
