"""/mcp under granian with two workers (each its own memory store): sessions hold across workers,
and the official SDK client works through the production server. Served on a Unix socket."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
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
from tests.mcp.conftest import engine

GRANIAN = shutil.which("granian", path=os.path.dirname(sys.executable))
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
    argv = [str(GRANIAN), "--interface", "wsgi", "--factory", "searx.webapp:create_app", "--uds", str(path),
            "--workers", "2", "--blocking-threads", "4", "--no-ws", "--log-level", "warning"]
    proc = subprocess.Popen(argv, env={**os.environ, "SEARX_SETTINGS_PATH": str(settings)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        with httpx.Client(transport=httpx.HTTPTransport(uds=str(path)), base_url="http://searx.test") as c:
            while True:  # ready when the app answers, not after a sleep
                try:
                    if c.get("/healthz").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else "granian exited"
                assert time.monotonic() < deadline, "granian did not start"
                time.sleep(0.05)
        yield path
    finally:  # granian and its workers: the process group this test started
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)


def fresh(path: Path) -> httpx.Client:
    """A client that opens a new connection per request, so requests spread over the workers."""
    return httpx.Client(transport=httpx.HTTPTransport(uds=str(path)), base_url="http://searx.test", timeout=10,
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
