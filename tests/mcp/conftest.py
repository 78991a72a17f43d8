"""Fixtures for the MCP tests: the app served on 127.0.0.1 and the official SDK client driving it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from typing import Any
from urllib.parse import quote

import anyio
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from searx.settings import Settings
from tests.conftest import json_engine_entry, make_settings
from tests.served import ServedApp
from utils.fakes.engine import FakeEngineServer


def engine(fake: FakeEngineServer, name: str, path: str = "/json", **params: Any) -> dict[str, Any]:
    """A fake-engine entry; ``params`` go into its URL (see utils/fakes/engine.py)."""
    extra = "".join(f"&{k}={quote(str(v), safe='')}" for k, v in params.items())
    return json_engine_entry(fake.url, name, path=path, extra=extra)


def mcp_settings(engines: list[dict[str, Any]], **sections: Any) -> Settings:
    sections.setdefault("search", {"cache_ttl": 0})
    return make_settings(engines, **sections)


@pytest.fixture
def serve(serve_app: Callable[..., ServedApp]) -> Callable[..., ServedApp]:
    """Serve an app built from settings with werkzeug on 127.0.0.1 (``serve_app`` of tests/conftest.py)."""
    return serve_app


def with_client(url: str, body: Callable[[Client], Awaitable[Any]], *, mode: str = "auto",
                headers: dict[str, str] | None = None) -> Any:
    """Run ``body`` with an SDK client connected to ``url`` over Streamable HTTP."""

    async def run() -> Any:
        if headers:
            async with httpx2.AsyncClient(headers=headers, timeout=20) as http:
                async with Client(streamable_http_client(url, http_client=http), mode=mode) as client:
                    return await body(client)
        async with Client(url, mode=mode) as client:
            return await body(client)

    return anyio.run(run)


def call(url: str, name: str, arguments: dict[str, Any], **kw: Any) -> Any:
    """One tools/call through the SDK client; the CallToolResult."""

    async def body(client: Client) -> Any:
        return await client.call_tool(name, arguments)

    return with_client(url, body, **kw)


@pytest.fixture(scope="module")
def extractor() -> Iterator[Any]:
    """One extraction pool for the module's fake readers (worker processes: slow to start)."""
    from searx.reader.worker import ExtractorPool

    pool = ExtractorPool(workers=1, timeout=10.0)
    yield pool
    pool.close()
