"""``make soak``: a bounded mixed load on loopback; fails on any error or on memory growth.

One app instance under granian, a fake engine and a fake LLM (each in its own
process); closed-loop clients send JSON searches, results pages and AI
summaries (POST /ai_summary with the evidence and signature of the page's
``#ai-summary-data``; a quarter with ``fresh`` so the LLM is really called,
the rest replayed from the answer cache). Reports errors (must be 0), p50/p99
per kind, and the app processes' RSS, threads and open files after the warm-up
and at the end (must be flat). ``--minutes`` (default 10) or ``--quick`` (1).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
import urllib.request
from collections import defaultdict
from pathlib import Path

import aiohttp

from utils.bench_kit import ROOT, FakeLLMProcess, Instance, free_port, pct, tree, wait_http

DATA = re.compile(rb'<script type="application/json" id="ai-summary-data">(.*?)</script>', re.S)
KINDS = ("json", "html", "summary")
WEIGHTS = (5, 3, 2)
WORDS = "river stone cloud garden engine paper violet harbor lantern meadow quartz signal".split()


def footprint(pid: int) -> tuple[float, int, int]:
    """(RSS MB, threads, open files) summed over the app's process tree."""
    rss_kb = threads = fds = 0
    for p in tree(pid):
        try:
            status = Path(f"/proc/{p}/status").read_text()
            fds += len(os.listdir(f"/proc/{p}/fd"))
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                rss_kb += int(line.split()[1])
            elif line.startswith("Threads:"):
                threads += int(line.split()[1])
    return rss_kb / 1024, threads, fds


class Load:
    """The clients and what they saw."""

    def __init__(self, url: str, queries: list[str], seed: int) -> None:
        self.url = url
        self.queries = queries
        self.rng = random.Random(seed)
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []

    def _error(self, what: str) -> None:
        if len(self.errors) < 1000:
            self.errors.append(what)

    async def _json(self, session: aiohttp.ClientSession, q: str) -> None:
        async with session.get(f"{self.url}/search", params={"q": q, "format": "json"}) as resp:
            body = await resp.read()
            if resp.status != 200 or not json.loads(body).get("results"):
                self._error(f"json {resp.status}: {body[:200]!r}")

    async def _page(self, session: aiohttp.ClientSession, q: str) -> bytes | None:
        async with session.get(f"{self.url}/search", params={"q": q}) as resp:
            body = await resp.read()
        if resp.status != 200:
            self._error(f"html {resp.status}: {body[:200]!r}")
            return None
        return body

    async def _summary(self, session: aiohttp.ClientSession, q: str, page: bytes) -> None:
        found = DATA.search(page)
        if found is None:
            self._error("html: no #ai-summary-data")
            return
        payload = {"query": q, "fresh": self.rng.random() < 0.25, **json.loads(found.group(1))}
        end = "none"
        async with session.post(f"{self.url}/ai_summary", json=payload) as resp:
            if resp.status != 200:
                self._error(f"summary {resp.status}: {(await resp.read())[:200]!r}")
                return
            async for raw in resp.content:
                line = json.loads(raw)
                end = "done" if line.get("done") else line["error"]["code"] if "error" in line else end
        if end != "done":
            self._error(f"summary ended with {end}")

    async def one(self, session: aiohttp.ClientSession) -> None:
        kind = self.rng.choices(KINDS, WEIGHTS)[0]
        q = self.rng.choice(self.queries)
        start = time.perf_counter()
        try:
            if kind == "json":
                await self._json(session, q)
            else:
                page = await self._page(session, q)
                self.latencies["html"].append(time.perf_counter() - start)
                if kind == "html" or page is None:
                    return
                start = time.perf_counter()
                await self._summary(session, q, page)
        except (TimeoutError, aiohttp.ClientError, ValueError, KeyError) as exc:
            self._error(f"{kind}: {type(exc).__name__}: {exc}")
            return
        self.latencies[kind].append(time.perf_counter() - start)

    async def run(self, clients: int, until: float) -> None:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as session:

            async def client() -> None:
                while time.monotonic() < until:
                    await self.one(session)

            await asyncio.gather(*(client() for _ in range(clients)))


async def soak(load: Load, clients: int, seconds: float, warmup: float, pid: int) -> list[tuple]:
    """Run the load; sample (elapsed s, RSS MB, threads, files, requests, errors) every few seconds."""
    t0 = time.monotonic()
    samples = [(0.0, *footprint(pid), 0, 0)]
    task = asyncio.create_task(load.run(clients, t0 + seconds))
    next_print = t0 + 30
    while not task.done():
        await asyncio.wait({task}, timeout=5)
        now = time.monotonic()
        done = sum(len(v) for v in load.latencies.values())
        samples.append((now - t0, *footprint(pid), done, len(load.errors)))
        if now >= next_print or task.done():
            next_print = now + 30
            t, rss, threads, fds, n, errs = samples[-1]
            print(f"{t:6.0f} s  {n} requests  {errs} errors  RSS {rss:.1f} MB  threads {threads}  files {fds}"
                  f"{'  (warm-up)' if t < warmup else ''}", flush=True)  # fmt: skip
    await task
    return samples


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--quick", action="store_true", help="one minute")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--queries", type=int, default=300, help="distinct queries (caches fill, then stay full)")
    parser.add_argument("--max-growth-mb", type=float, default=20.0, help="RSS growth after the warm-up that fails")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    seconds = 60.0 if args.quick else args.minutes * 60
    # caches, thread pools and the allocator fill first; memory is judged after that
    warmup = min(max(30.0, seconds * 0.2), seconds / 2)
    rng = random.Random(args.seed)
    queries = [" ".join(rng.sample(WORDS, 3)) + f" {i}" for i in range(args.queries)]
    engine = subprocess.Popen([sys.executable, "-m", "utils.fakes.engine", "--port", str(port := free_port())],
                              cwd=ROOT, stdout=subprocess.DEVNULL)  # fmt: skip
    llm = inst = None
    try:
        wait_http(f"http://127.0.0.1:{port}/json?q=x")
        llm = FakeLLMProcess(30, 0.005)
        inst = Instance(f"http://127.0.0.1:{port}", 3, 0.02, {
            # every simulated client comes from 127.0.0.1: no per-client stream cap
            "ai_summary": {"base_url": llm.base_url, "model": "fake-model", "max_concurrent": 8,
                           "max_streams_per_client": 0, "read_pages": 0},  # result pages are not on loopback
            "search": {"cache_ttl": 60},  # entries expire and come back during the run
        })  # fmt: skip
        load = Load(inst.url, queries, args.seed)
        print(f"soak: {seconds:.0f} s, {args.clients} clients, warm-up {warmup:.0f} s, app pid {inst.proc.pid}",
              flush=True)  # fmt: skip
        samples = asyncio.run(soak(load, args.clients, seconds, warmup, inst.proc.pid))
        with urllib.request.urlopen(llm.base_url.removesuffix("/v1") + "/stats", timeout=5) as resp:
            llm_calls = json.load(resp)["calls"]
    finally:
        for proc in (inst, llm):
            if proc is not None:
                proc.stop()
        engine.terminate()
    print(f"LLM calls: {llm_calls} for {len(load.latencies['summary'])} summaries (the rest were replayed "
          "from the answer cache or joined a running generation)")
    return report(load, samples, warmup, seconds, args.max_growth_mb)


def _slope(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of y over x (0 for fewer than two points)."""
    if len(points) < 2:
        return 0.0
    mx = statistics.fmean(x for x, _ in points)
    my = statistics.fmean(y for _, y in points)
    var = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / var if var else 0.0


def report(load: Load, samples: list[tuple], warmup: float, seconds: float, max_growth: float) -> int:
    print("\n| kind | requests | per s | p50 ms | p99 ms |\n|---|---|---|---|---|")
    for kind in KINDS:
        lat = load.latencies[kind]
        if lat:
            print(f"| {kind} | {len(lat)} | {len(lat) / seconds:.1f} | {pct(lat, 0.5) * 1000:.1f} | "
                  f"{pct(lat, 0.99) * 1000:.1f} |")  # fmt: skip
    after = [s for s in samples if s[0] >= warmup]
    start, end = after[0], samples[-1]
    # medians of three samples, so one momentary peak neither starts nor ends the comparison
    rss_start = statistics.median(s[1] for s in after[:3])
    rss_end = statistics.median(s[1] for s in after[-3:])
    growth = rss_end - rss_start
    slope = _slope([(s[0] / 60, s[1]) for s in after])
    print(f"\nRSS at launch {samples[0][1]:.1f} MB; after warm-up ({start[0]:.0f} s) {rss_start:.1f} MB; "
          f"end ({end[0]:.0f} s) {rss_end:.1f} MB; peak {max(s[1] for s in after):.1f} MB; "
          f"growth {growth:+.1f} MB ({growth / rss_start * 100:+.1f} %), trend {slope:+.2f} MB/min")  # fmt: skip
    print("RSS MB every ~5 s: " + " ".join(f"{s[1]:.0f}" for s in samples))
    print(f"threads {start[2]} -> {end[2]}; open files {start[3]} -> {end[3]}")
    print(f"errors: {len(load.errors)}")
    for line in sorted(set(load.errors))[:10]:
        print(f"  {line}")
    failed = bool(load.errors) or growth > max_growth
    if growth > max_growth:
        print(f"FAIL: RSS grew {growth:.1f} MB after the warm-up (limit {max_growth:g} MB)")
    print("soak: FAIL" if failed else "soak: ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
