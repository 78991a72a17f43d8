"""The engines' HTTP client hands engines a read ``httpx.Response`` that behaves as httpx's own."""

from __future__ import annotations

import httpx
import pytest

from searx.network.client import EngineResponse, Fetch


def test_the_answer_is_a_read_httpx_response(fake_engine, network) -> None:
    url = f"{fake_engine.url}/json?q=alpha&site=s1&n=2"
    [got] = network.fetch_all([Fetch({"url": url, "method": "GET", "headers": {"Accept-Encoding": "gzip"}}, 5.0, True)])
    resp = got.response
    assert got.error is None and isinstance(resp, httpx.Response)
    assert resp.status_code == 200 and resp.is_success
    assert resp.json()["results"][0]["url"].startswith("https://")
    assert resp.text == resp.content.decode() and resp.read() == resp.content
    assert b"".join(resp.iter_bytes()) == resp.content
    assert resp.is_closed and resp.num_bytes_downloaded == len(resp.content)
    # the body is already decoded: no header may say otherwise
    assert "content-encoding" not in resp.headers and "transfer-encoding" not in resp.headers
    assert resp.headers["content-type"].startswith("application/json")
    # the request is built when an engine asks for it, and says what was sent
    assert str(resp.url) == url and resp.request.method == "GET" and resp.request.url == resp.url
    resp.raise_for_status()


def test_an_error_status_raises_as_httpx_does(fake_engine, network) -> None:
    [got] = network.fetch_all([Fetch({"url": f"{fake_engine.url}/status/503", "method": "GET"}, 5.0, True)])
    assert got.response is not None and got.response.status_code == 503
    with pytest.raises(httpx.HTTPStatusError) as raised:
        got.response.raise_for_status()
    assert raised.value.request.url.path == "/status/503"


@pytest.mark.parametrize("body", [
    b'{"results": [{"url": "https://a.org", "title": "\\u00e9t\\u00e9"}], "n": 3}', b'{"a": NaN, "b": Infinity}',
    b'{"big": 123456789012345678901234567890}', '\ufeff{"bom": 1}'.encode(), '{"wide": 1}'.encode("utf-16"),
    b'{"a": 1, "a": 2}', b'[1.5e308, -0.0, 1e400]', b'"\\ud800"', b'  [] ',
])
def test_json_decodes_as_json_loads(body: bytes) -> None:
    import json

    resp = EngineResponse(200, [("content-type", "application/json")], body, "GET", "https://e.example/")
    assert repr(resp.json()) == repr(json.loads(body))


@pytest.mark.parametrize("body", [b"<html>not json</html>", b'{"a": ', b"\xff\xfe\xfd"])
def test_json_refuses_as_json_loads(body: bytes) -> None:
    resp = EngineResponse(200, [], body, "GET", "https://e.example/")
    with pytest.raises(ValueError):  # engines catch ValueError, as json.loads raises it
        resp.json()


def test_headers_and_text_as_httpx_reads_them() -> None:
    resp = EngineResponse(200, [("Content-Type", "text/html; charset=iso-8859-1"), ("Set-Cookie", "a=1"),
                                ("Set-Cookie", "b=2")], "café".encode("latin-1"), "GET", "https://e.example/p")
    assert resp.encoding == "iso-8859-1" and resp.text == "café"
    assert resp.headers.get_list("set-cookie") == ["a=1", "b=2"] and resp.headers["content-type"].startswith("text/")
    assert resp.cookies["b"] == "2"
    resp.headers = httpx.Headers({"x": "y"})  # what an engine sets is what it reads back
    assert dict(resp.headers) == {"x": "y"}
