"""/mcp under granian with two workers (each its own memory store): sessions hold across workers,
and the official SDK client works through the production server. Served on a Unix socket."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import anyio
import httpx
import httpx2
import pytest
import yaml
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from tests.conftest import SECRET
from tests.granian import GRANIAN, HOST, granian_app
from tests.mcp.conftest import engine

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}

pytestmark = pytest.mark.skipif(GRANIAN is None, reason="granian is not installed")


@pytest.fixture(scope="module")
def sock(tmp_path_factory: pytest.TempPathFactory, fake_engine) -> Iterator[Path]:
    tmp_path = tmp_path_factory.mktemp("granian")
    settings = tmp_path / "settings.yml"
    settings.write_text(yaml.safe_dump({"server": {"secret_key": SECRET, "trusted_hosts": ["searx.test"]},
                                        "search": {"cache_ttl": 0},
                                        "engines": [engine(fake_engine, "alpha")]}))
    path = tmp_path / "searx.sock"
    with granian_app(settings, path, workers=2):
        yield path


def fresh(path: Path) -> httpx.Client:
    """A client that opens a new connection per request, so requests spread over the workers."""
    return httpx.Client(transport=httpx.HTTPTransport(uds=str(path)), base_url=HOST, timeout=10,
                        limits=httpx.Limits(max_keepalive_connections=0))


def test_a_session_holds_on_every_worker(sock):
    with fresh(sock) as c:
        sid = c.post("/mcp", json=INIT).headers["Mcp-Session-Id"]
        statuses = {c.post("/mcp", json={"jsonrpc": "2.0", "id": i, "method": "tools/list"},
                           headers={"Mcp-Session-Id": sid}).status_code for i in range(30)}
    assert statuses == {200}


@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_the_sdk_client_through_granian(sock, mode):
    async def run():
        async with httpx2.AsyncClient(transport=httpx2.AsyncHTTPTransport(uds=str(sock)), timeout=20) as http:
            async with Client(streamable_http_client("http://searx.test/mcp", http_client=http), mode=mode) as client:
                return await client.call_tool("web_search", {"query": "granian", "max_results": 1})

    result = anyio.run(run)
    assert not result.is_error and "1. granian result 0" in result.content[0].text
