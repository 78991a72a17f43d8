"""MCP figures: a web_search tool call through /mcp against the same search through /search?format=json.

The app runs under granian (``python -m searx.webapp.serve``) on the fake
engine; calls come from a plain HTTP client, the 2026-07-28 way (one POST,
no session) and the 2025-11-25 way (a session opened once). The search cache
is off and the tool-call limits are lifted, so every call reaches the engines.
Run ``python -m utils.bench_mcp`` (part of ``make bench``).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import subprocess
import sys
import time
from typing import Any

import aiohttp

from utils.bench_kit import ROOT, Instance, free_port, pct, wait_http

MODERN = "2026-07-28"
ENVELOPE = {"io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {}}


def _call(i: int, modern: bool) -> dict[str, Any]:
    params: dict[str, Any] = {"name": "web_search", "arguments": {"query": f"bench query {i}"}}
    if modern:
        params["_meta"] = ENVELOPE
    return {"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": params}


async def _session(http: aiohttp.ClientSession, url: str) -> str:
    init = {"jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}}
    async with http.post(f"{url}/mcp", json=init) as resp:
        return resp.headers["Mcp-Session-Id"]


def load(url: str, kind: str, concurrency: int, total: int) -> tuple[list[float], int]:
    """``total`` calls of ``kind`` (json, mcp-2026, mcp-2025) from ``concurrency`` clients at once."""

    async def run() -> tuple[list[float], int]:
        latencies: list[float] = []
        errors = 0
        counter = itertools.count()
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as http:
            headers = {"Accept": "application/json, text/event-stream"}
            if kind == "mcp-2026":
                headers.update({"MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/call", "Mcp-Name": "web_search"})
            elif kind == "mcp-2025":
                headers["Mcp-Session-Id"] = await _session(http, url)

            async def client() -> None:
                nonlocal errors
                while (i := next(counter)) < total:
                    start = time.perf_counter()
                    if kind == "json":
                        request = http.get(f"{url}/search", params={"q": f"bench query {i}", "format": "json"})
                    else:
                        request = http.post(f"{url}/mcp", json=_call(i, kind == "mcp-2026"), headers=headers)
                    async with request as resp:
                        body = await resp.read()
                        if resp.status != 200 or (kind != "json" and b'"isError":true' in body):
                            errors += 1
                    latencies.append(time.perf_counter() - start)

            await asyncio.gather(*(client() for _ in range(concurrency)))
        return latencies, errors

    return asyncio.run(run())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=200, help="calls per scenario")
    args = parser.parse_args()
    fake = subprocess.Popen([sys.executable, "-m", "utils.fakes.engine", "--port", str(port := free_port())],
                            cwd=ROOT, stdout=subprocess.DEVNULL)
    engine_url = f"http://127.0.0.1:{port}"
    wait_http(engine_url + "/json?q=x")
    rows = []
    inst = Instance(engine_url, 3, 0.0, extra={"mcp": {"client_limit": 0, "total_limit": 0}})
    try:
        for kind in ("json", "mcp-2026", "mcp-2025"):
            load(inst.url, kind, 4, 20)  # warm up
            for conc in (1, 8):
                cpu0, t0 = inst.cpu(), time.perf_counter()
                lat, errors = load(inst.url, kind, conc, args.calls)
                wall, cpu = time.perf_counter() - t0, inst.cpu() - cpu0
                rows.append((kind, conc, args.calls / wall, pct(lat, 0.5) * 1000, pct(lat, 0.99) * 1000,
                             cpu / args.calls * 1000, errors))
                print("{} c={} {:.1f} calls/s p50 {:.1f} ms p99 {:.1f} ms CPU {:.2f} ms/call errors {}".format(
                    *rows[-1]), flush=True)
    finally:
        inst.stop()
        fake.terminate()
        fake.wait(10)
    print("\n| call | concurrency | calls/s | p50 ms | p99 ms | CPU ms/call |")
    print("|---|---|---|---|---|---|")
    for kind, conc, rps, p50, p99, cpu, _errors in rows:
        print(f"| {kind} | {conc} | {rps:.1f} | {p50:.1f} | {p99:.1f} | {cpu:.2f} |")


if __name__ == "__main__":
    main()
