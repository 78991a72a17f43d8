"""``python -m searx.mcp`` driven by the official SDK's stdio client: the instance's settings, in-process search."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import anyio
import yaml
from mcp import Client, StdioServerParameters

from searx.mcp import search_tool
from tests.conftest import SECRET
from tests.mcp.conftest import engine

ROOT = Path(__file__).resolve().parents[2]


def test_stdio_lists_and_searches_with_the_instance_settings(tmp_path, fake_engine):
    settings = tmp_path / "settings.yml"
    settings.write_text(yaml.safe_dump({
        "general": {"instance_name": "stdio-instance"},
        "server": {"secret_key": SECRET},
        "search": {"cache_ttl": 0},
        "engines": [engine(fake_engine, "alpha"), engine(fake_engine, "broken", path="/status/503")],
    }))
    env = {**os.environ, "SEARX_SETTINGS_PATH": str(settings), "PYTHONPATH": str(ROOT)}
    params = StdioServerParameters(command=sys.executable, args=["-m", "searx.mcp"], env=env, cwd=str(ROOT))

    async def run():
        results = {}
        with anyio.fail_after(60):
            await _both(results)
        return results

    async def _both(results):
        for mode in ("auto", "legacy"):
            async with Client(params, mode=mode) as client:
                tools = await client.list_tools()
                found = await client.call_tool("web_search", {"query": "stdio test", "max_results": 2})
                bad = await client.call_tool("web_search", {"query": "x", "freshness": "hour"})
                refused = await client.call_tool("web_fetch", {"url": fake_engine.url + "/json?q=x"})
                results[mode] = (tools, found, bad, refused)

    results = anyio.run(run)
    for tools, found, bad, refused in results.values():
        assert [t.name for t in tools.tools] == ["web_search", "web_fetch"]
        # the instance's own page reader, with its guard: loopback is never read
        assert refused.is_error and refused.content[0].text.startswith("web_fetch failed (address_refused)")
        lines = found.content[0].text.splitlines()
        assert lines[0] == ("stdio-instance web search: 2 results; engines that answered: alpha; "
                            "failed: broken: HTTP error (503)")
        assert lines[1] == search_tool.BEGIN and lines[-1] == search_tool.END
        assert bad.is_error and bad.content[0].text.startswith("invalid argument freshness: ")
