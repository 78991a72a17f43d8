"""GET/POST /fetch: parameters, the JSON answer, slices from the cache, error codes and statuses."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.conftest import make_settings
from tests.reader.fakes import fake_reader, site

LINES = "\n".join(f"Line {n} of the document." for n in range(1, 101)).encode()
HTML = (b"<html><head><title>T</title></head><body><article><h1>Head</h1><p>Words and a "
        b"<a href='/x'>link</a>. " + b"More words to keep. " * 20 + b"</p></article></body></html>")  # fmt: skip


@pytest.fixture
def calls() -> list[httpx.Request]:
    return []


def _app(app_factory: Any, calls: list[httpx.Request], **sections: Any) -> Any:
    settings = make_settings([], **sections)
    app = app_factory(settings)
    pages = {
        "https://news.example/doc.txt": (200, {"content-type": "text/plain"}, LINES),
        "https://news.example/page": (200, {"content-type": "text/html"}, HTML),
        "https://news.example/busy": (429, {"retry-after": "30"}, b""),
        "https://news.example/gone": (410, {}, b""),
    }
    handle = site(pages)

    def record(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        return handle(request)

    svc = app.extensions["searx"]
    svc.reader.close()
    svc.reader = fake_reader(settings, record)
    return app


@pytest.fixture
def client(app_factory: Any, calls: list[httpx.Request]) -> Any:
    return _app(app_factory, calls).test_client()


def test_get_post_form_and_json(client: Any) -> None:
    for resp in (client.get("/fetch?url=https://news.example/page"),
                 client.post("/fetch", data={"url": "https://news.example/page"}),
                 client.post("/fetch", json={"url": "https://news.example/page"})):  # fmt: skip
        assert resp.status_code == 200 and resp.headers["Cache-Control"] == "no-store"
        body = resp.get_json()
        assert body["title"] == "T" and body["text"].startswith("# Head") and "T" not in body["text"].split("\n")[0][2:]
        assert "[link](https://news.example/x)" in body["text"]
        assert (body["host"], body["status"], body["content_type"], body["format"]) == (
            "news.example", 200, "text/html", "markdown")


def test_text_format_has_no_markdown_links(client: Any) -> None:
    body = client.get("/fetch?url=https://news.example/page&format=text").get_json()
    assert body["format"] == "text" and "](" not in body["text"] and "link" in body["text"]


def test_slices_reuse_the_cached_document(client: Any, calls: list[httpx.Request]) -> None:
    first = client.get("/fetch?url=https://news.example/doc.txt&start_line=1&max_lines=10").get_json()
    assert (first["start_line"], first["end_line"], first["total_lines"], first["next_line"]) == (1, 10, 100, 11)
    assert first["text"].splitlines()[-1] == "Line 10 of the document." and first["cached"] is False
    second = client.post("/fetch", json={"url": "https://news.example/doc.txt", "start_line": 95, "max_lines": 10})
    body = second.get_json()
    assert (body["start_line"], body["end_line"], body["next_line"], body["cached"]) == (95, 100, None, True)
    cut = client.get("/fetch?url=https://news.example/doc.txt&max_chars=100").get_json()
    assert cut["truncated"] is True and cut["text"].endswith("chars more]") and cut["total_chars"] == len(LINES)
    assert len(cut["text"].rsplit("\n", 1)[0]) <= 100
    assert len(calls) == 1


@pytest.mark.parametrize("query, code", [
    ("", "bad_request"), ("url=", "bad_request"), ("url=https://news.example/&format=pdf", "bad_request"),
    ("url=https://news.example/&max_chars=99", "bad_request"), ("url=https://news.example/&max_chars=100001", "bad_request"),
    ("url=https://news.example/&max_lines=0", "bad_request"), ("url=https://news.example/&start_line=0", "bad_request"),
    ("url=https://news.example/&max_lines=x", "bad_request"), ("url=http://127.0.0.1/", "address_refused"),
    ("url=http://169.254.169.254/latest/meta-data/", "address_refused"), ("url=file:///etc/passwd", "address_refused"),
])  # fmt: skip
def test_refusals_are_4xx_with_a_code(client: Any, calls: list[httpx.Request], query: str, code: str) -> None:
    resp = client.get(f"/fetch?{query}")
    assert 400 <= resp.status_code < 500
    assert resp.get_json()["error"]["code"] == code and resp.get_json()["error"]["message"]
    assert calls == []


def test_upstream_errors_keep_4xx_and_rate_limits_say_when(client: Any) -> None:
    gone = client.get("/fetch?url=https://news.example/gone")
    assert gone.status_code == 410 and gone.get_json()["error"] == {
        "code": "http_error", "message": "the page's server answered 410", "upstream_status": 410}
    busy = client.get("/fetch?url=https://news.example/busy")
    assert busy.status_code == 429 and busy.headers["Retry-After"] == "30"
    again = client.get("/fetch?url=https://news.example/busy")
    assert again.status_code == 429 and again.get_json()["error"]["code"] == "rate_limited"


def test_off_by_default_on_a_public_instance(app_factory: Any, calls: list[httpx.Request]) -> None:
    public = _app(app_factory, calls, server={"public_instance": True}).test_client()
    resp = public.get("/fetch?url=https://news.example/page")
    assert resp.status_code == 404 and resp.get_json()["error"]["code"] == "disabled" and calls == []
    allowed = _app(app_factory, calls, server={"public_instance": True}, fetch={"enabled": True}).test_client()
    assert allowed.get("/fetch?url=https://news.example/page").status_code == 200
    off = _app(app_factory, calls, fetch={"enabled": False}).test_client()
    assert off.get("/fetch?url=https://news.example/page").status_code == 404


def test_the_limiter_counts_fetch(app_factory: Any, calls: list[httpx.Request]) -> None:
    app = _app(app_factory, calls, server={"limiter": True}, limiter={"fetch": {"limit": 2, "window": 60}})
    c = app.test_client()
    statuses = [c.get("/fetch?url=https://news.example/page").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
    last = c.get("/fetch?url=https://news.example/page")
    assert last.get_json()["error"]["code"] == "rate_limited" and "Retry-After" in last.headers


def test_wrong_method_keeps_the_fetch_error_shape(client: Any) -> None:
    resp = client.put("/fetch")
    assert resp.status_code == 405 and resp.get_json()["error"]["code"] == "bad_request"


@pytest.mark.parametrize("headers", [
    {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"}, {"Origin": "https://evil.example"},
    {"Origin": "null"}, {"Sec-Fetch-Site": "same-origin", "Origin": "https://evil.example"},
    {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"},
])  # fmt: skip
def test_cross_site_browser_requests_are_refused(client: Any, calls: list[httpx.Request],
                                                 headers: dict[str, str]) -> None:
    # an <img>, a link or a form on another site must not drive the reader from visitors' browsers
    for resp in (client.get("/fetch?url=https://news.example/page", headers=headers),
                 client.post("/fetch", data={"url": "https://news.example/page"}, headers=headers),
                 client.post("/fetch", json={"url": "https://news.example/page"}, headers=headers)):  # fmt: skip
        assert resp.status_code == 403 and resp.get_json()["error"]["code"] == "forbidden"
        assert resp.headers["Cache-Control"] == "no-store"
    assert calls == []


@pytest.mark.parametrize("headers", [
    {}, {"Sec-Fetch-Site": "same-origin"}, {"Origin": "http://localhost"},
    {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"}, {"Sec-Fetch-Site": "none"},
])  # fmt: skip
def test_api_clients_same_origin_pages_and_the_address_bar_are_served(client: Any, headers: dict[str, str]) -> None:
    # no Fetch metadata: an API client; "none": the user typed the address or opened a bookmark
    resp = client.get("/fetch?url=https://news.example/page", headers=headers)
    assert resp.status_code == 200 and resp.get_json()["title"] == "T"
