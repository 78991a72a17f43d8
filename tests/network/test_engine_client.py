"""The engines' HTTP client hands engines a read ``httpx.Response`` that behaves as httpx's own."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from searx.network.client import EngineNetwork, Fetch
from searx.settings import Outgoing


@pytest.fixture
def network() -> Iterator[EngineNetwork]:
    net = EngineNetwork(Outgoing())
    yield net
    net.close()


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
