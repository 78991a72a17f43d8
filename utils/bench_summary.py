"""``make bench`` (summary part): what the AI summary costs the results page, and how it streams.

- results-page time to first byte and CPU with the summary on (``ai_summary.base_url``
  set to the fake LLM) vs off (empty); the page itself never calls the LLM;
- time from the LLM writing its first token to the first NDJSON delta at the client;
- delivered tokens/s at the client vs the LLM's own tokens/s;
- time to the first delta of a follow-up against a first question (utils/bench_follow_up.py).

The fake engine and the fake LLM (``python -m utils.fakes.llm --tokens N``) run
in their own processes; the LLM notes when it wrote each answer's first and
last token (time.monotonic, system-wide on Linux) and ``GET /stats`` hands
the marks over. CPU is the app processes' (from /proc), as in utils.bench.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
from typing import Any

import aiohttp

from utils import support_eval
from utils.bench_follow_up import follow_up_timing
from utils.bench_kit import DATA, ROOT, FakeLLMProcess, Instance, free_port, page, pct, wait_http


async def ttfb_round(url: str, n: int, concurrency: int, tag: str) -> tuple[list[float], list[float]]:
    ttfbs: list[float] = []
    totals: list[float] = []
    queue = iter(range(n))
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as session:

        async def client() -> None:
            for i in queue:
                ttfb, total, _ = await page(session, url, f"ttfb {tag} {i}")
                ttfbs.append(ttfb)
                totals.append(total)

        await asyncio.gather(*(client() for _ in range(concurrency)))
    return ttfbs, totals


def ttfb_compare(on: Instance, off: Instance, n: int, concurrency: int) -> list[tuple]:
    """Pages from both instances in alternating blocks, so machine noise hits both alike."""
    stats: dict[str, list[list[float]]] = {"off": [[], [], []], "on": [[], [], []]}
    blocks = 4
    for b in range(blocks):
        for name, inst in (("off", off), ("on", on)):
            cpu0 = inst.cpu()
            ttfbs, totals = asyncio.run(ttfb_round(inst.url, n // blocks, concurrency, f"{name}{b}c{concurrency}"))
            stats[name][0].extend(ttfbs)
            stats[name][1].extend(totals)
            stats[name][2].append(inst.cpu() - cpu0)
    rows = []
    for name in ("off", "on"):
        ttfbs, totals, cpu = stats[name]
        rows.append((name, concurrency, len(ttfbs), pct(ttfbs, 0.5) * 1000, pct(ttfbs, 0.99) * 1000,
                     pct(totals, 0.5) * 1000, sum(cpu) / len(ttfbs) * 1000))  # fmt: skip
    return rows


async def one_summary(session: aiohttp.ClientSession, url: str, query: str) -> tuple[float | None, float, int, str]:
    """(monotonic time of the first delta, of the last delta, tokens delivered, terminal line kind)."""
    _, _, body = await page(session, url, query)
    found = DATA.search(body)
    if found is None:
        raise RuntimeError("no #ai-summary-data on the results page (is ai_summary.base_url set?)")
    payload = {"query": query, "fresh": True, **json.loads(found.group(1))}
    first: float | None = None
    last = 0.0
    text: list[str] = []
    end = "none"
    async with session.post(f"{url}/ai_summary", json=payload) as resp:
        if resp.status != 200:
            raise RuntimeError(f"/ai_summary: HTTP {resp.status}: {await resp.text()}")
        async for raw in resp.content:
            now = time.monotonic()
            line = json.loads(raw)
            if "delta" in line:
                first = now if first is None else first
                last = now
                text.append(line["delta"])
            elif "done" in line:
                end = "done"
            elif "error" in line:
                end = line["error"]["code"]
    return first, last, len("".join(text).split()), end


async def stream_run(url: str, llm_url: str, n: int, tag: str) -> list[tuple[float, float, float]]:
    """n summaries one after the other: (first-token lag s, LLM tokens/s, delivered tokens/s)."""
    out = []
    stats_url = llm_url.removesuffix("/v1") + "/stats"
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=120)) as session:
        for i in range(n):
            first, last, tokens, end = await one_summary(session, url, f"stream {tag} {i}")
            if end != "done" or first is None:
                raise RuntimeError(f"summary ended with {end!r}")
            async with session.get(stats_url) as resp:
                marks = (await resp.json())["marks"]
            (n1, llm_first), (n2, llm_last) = marks[-2:]
            assert (n1, n2) == ("first", "last"), marks[-2:]
            llm_rate = (tokens - 1) / (llm_last - llm_first)
            out.append((first - llm_first, llm_rate, (tokens - 1) / (last - first)))
    return out


def review_timing() -> tuple[int, int, float, float, float]:
    """The server's check of a finished answer (sentence support + language): ms per ~300-word answer."""
    times = support_eval.timing(300)
    row = (300, len(times), pct(times, 0.5), pct(times, 0.95), max(times))
    print(f"review of a {row[0]}-word answer x{row[1]}  CPU p50 {row[2]:.2f} ms  p95 {row[3]:.2f} ms  max {row[4]:.2f} ms",
          flush=True)  # fmt: skip
    return row


class DelayedReader:
    """A page reader whose pages answer after a set delay (the read_pages time-to-first-delta bench).

    The real reader refuses loopback addresses, so pages cannot come from a local server here;
    this stand-in keeps the summary's own work (parallel reads, passages, BM25, prompt) real.
    """

    def __init__(self, delays: dict[str, float], text: str) -> None:
        self.delays, self.text = delays, text

    def read(self, url: str, *, format: str = "markdown", deadline: float | None = None,
             accept_language: str | None = None, client: str | None = None) -> Any:  # fmt: skip
        wait = self.delays.get(url, 0.0)
        if deadline is not None:
            wait = min(wait, max(0.0, deadline - time.monotonic()))
        time.sleep(wait)  # the page's answer time
        document = type("Doc", (), {"text": self.text})()
        return type("Page", (), {"document": document})()


def reading_timing(rounds: int) -> list[tuple[str, int, float, float]]:
    """Time to the first delta with read_pages 0 and 3, pages answering in 0-800 ms, LLM fake at 1 ms/token."""
    from searx.results.types import MainResult, ResultSet
    from searx.settings import load
    from searx.store.memory import MemoryStore
    from searx.summary import evidence
    from searx.summary.events import Delta
    from searx.summary.service import SummaryService

    llm = FakeLLMProcess(20, 0.001)
    page = "\n\n".join(f"Paragraph {i} of a long article about the alpha letter, its history and its uses."
                         for i in range(200))  # fmt: skip  # ~17 kB of text per page
    results = ResultSet(results=[MainResult(url=f"https://p{i}.example/", title=f"Page {i}",
                                            content=f"Snippet {i} about alpha.") for i in range(5)])  # fmt: skip
    rows = []
    try:
        for pages, delays in ((0, (0.0, 0.0, 0.0)), (3, (0.0, 0.0, 0.0)), (3, (0.1, 0.4, 0.8))):
            settings = load(overrides={"server": {"secret_key": "bench-secret"}, "ai_summary": {
                "base_url": llm.base_url, "model": "fake-model", "read_pages": pages, "cache_ttl": 0}})  # fmt: skip
            reader = DelayedReader({f"https://p{i}.example/": d for i, d in enumerate(delays)}, page)
            service = SummaryService(settings, MemoryStore(), reader=reader)
            times = []
            for r in range(rounds):
                ev = evidence.build(results, f"what is alpha {r}", "en", 5, int(time.time()) + 600)
                body = {"query": ev.query, "evidence": evidence.to_dict(ev),
                        "signature": evidence.sign(ev, b"bench-secret")}  # fmt: skip
                start = time.perf_counter()
                lines = service.open(body, {})
                assert not hasattr(lines, "code"), lines
                first = None
                for event in lines:  # type: ignore[union-attr]  # to the end: the slot is free again after
                    if first is None and isinstance(event, Delta):
                        first = (time.perf_counter() - start) * 1000
                if first is not None:
                    times.append(first)
            label = f"read_pages {pages}" + (f", pages in {'/'.join(str(int(d * 1000)) for d in delays)} ms"
                                             if pages else "")  # fmt: skip
            rows.append((label, len(times), pct(times, 0.5), max(times)))
            print(f"{label}: first delta p50 {rows[-1][2]:.0f} ms  max {rows[-1][3]:.0f} ms", flush=True)
    finally:
        llm.stop()
    return rows


def reading_timing_netns(rounds: int) -> list[tuple[str, int, float, float]]:
    """The same with the real page reader and a real web server in a network namespace (root only).

    The server's pages answer after 0-800 ms; ``fetch.allow_private`` lets the reader reach the
    namespace's 10.x address (loopback stays refused), ``per_origin: 3`` lets the three pages of the
    one test host be read at once.
    """
    import tempfile
    from pathlib import Path

    from searx.reader.service import Reader
    from searx.results.types import MainResult, ResultSet
    from searx.settings import load
    from searx.store.memory import MemoryStore
    from searx.summary import evidence
    from searx.summary.events import Delta, Reading
    from searx.summary.service import SummaryService
    from tests.reader.netns import namespace_host, unavailable

    reason = unavailable()
    if reason:
        print(f"real reader bench skipped: {reason}", flush=True)
        return []
    llm = FakeLLMProcess(20, 0.001)
    rows = []
    try:
        with tempfile.TemporaryDirectory() as folder, namespace_host(Path(folder)) as host:
            settings = load(overrides={
                "server": {"secret_key": "bench-secret"},
                "fetch": {"allow_private": True, "ports": [80, 443, 8080], "per_origin": 3},
                "ai_summary": {"base_url": llm.base_url, "model": "fake-model", "read_pages": 3, "cache_ttl": 0}})  # fmt: skip
            reader = Reader(settings, MemoryStore())
            service = SummaryService(settings, MemoryStore(), reader=reader)
            try:
                for delays in ((0, 0, 0), (100, 400, 800)):
                    times = []
                    for r in range(rounds):
                        urls = [f"http://{host.address}:8080/delay/{d}?r={r}-{i}" for i, d in enumerate(delays)]
                        results = ResultSet(results=[MainResult(url=u, title=f"Page {i}", content=f"Snippet {i}.")
                                                     for i, u in enumerate(urls)])  # fmt: skip
                        ev = evidence.build(results, f"what is alpha {r}", "en", 5, int(time.time()) + 600)
                        body = {"query": ev.query, "evidence": evidence.to_dict(ev),
                                "signature": evidence.sign(ev, b"bench-secret")}  # fmt: skip
                        start = time.perf_counter()
                        lines = service.open(body, {})
                        first, ok = None, 0
                        for event in lines:  # type: ignore[union-attr]
                            ok += isinstance(event, Reading) and event.state == "ok"
                            if first is None and isinstance(event, Delta):
                                first = (time.perf_counter() - start) * 1000
                        if first is not None and ok == 3:
                            times.append(first)
                    label = f"real reader, pages in {'/'.join(map(str, delays))} ms"
                    rows.append((label, len(times), pct(times, 0.5), max(times)))
                    print(f"{label}: first delta p50 {rows[-1][2]:.0f} ms  max {rows[-1][3]:.0f} ms", flush=True)
            finally:
                reader.close()
    finally:
        llm.stop()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", type=int, default=200, help="results pages per setting (on, off)")
    parser.add_argument("--summaries", type=int, default=10, help="summaries per LLM speed")
    parser.add_argument("--tokens", type=int, default=100, help="tokens per fake LLM answer")
    parser.add_argument("--quick", action="store_true", help="fewer pages and summaries")
    parser.add_argument("--review-only", action="store_true", help="only the support check and language timing")
    parser.add_argument("--reading-only", action="store_true", help="only the read_pages time to first delta")
    args = parser.parse_args()
    reading_rows = reading_timing(3 if args.quick else 10) + reading_timing_netns(3 if args.quick else 10)
    if args.reading_only:
        return
    review_row = review_timing()
    if args.review_only:
        return
    pages = max(40, args.pages // 4) if args.quick else args.pages
    summaries = max(3, args.summaries // 3) if args.quick else args.summaries
    fake = subprocess.Popen([sys.executable, "-m", "utils.fakes.engine", "--port", str(port := free_port())],
                            cwd=ROOT, stdout=subprocess.DEVNULL)  # fmt: skip
    engine_url = f"http://127.0.0.1:{port}"
    wait_http(engine_url + "/json?q=x")
    ttfb_rows, stream_rows = [], []
    try:
        follow_rows = follow_up_timing(summaries, engine_url)
        for delay in (0.02, 0.005, 0.001):  # the LLM's speed: 50, 200 and 1000 tokens/s
            llm = FakeLLMProcess(args.tokens, delay)
            extra = {"ai_summary": {"base_url": llm.base_url, "model": "fake-model", "max_concurrent": 4,
                                    "max_streams_per_client": 0,  # all clients are 127.0.0.1
                                    "read_pages": 0}}  # the LLM relay alone (page reading: reading_timing)
            on = Instance(engine_url, 3, 0.0, extra)
            try:
                if not ttfb_rows:
                    off = Instance(engine_url, 3, 0.0, {"ai_summary": {"base_url": ""}})
                    try:
                        asyncio.run(ttfb_round(off.url, 10, 2, "warm-off"))
                        asyncio.run(ttfb_round(on.url, 10, 2, "warm-on"))
                        for conc in (1, 8):
                            ttfb_rows += ttfb_compare(on, off, pages, conc)
                            for r in ttfb_rows[-2:]:
                                print(f"summary {r[0]:<3} c={r[1]} n={r[2]}  TTFB p50 {r[3]:.1f} ms  p99 {r[4]:.1f} ms  "
                                      f"total p50 {r[5]:.1f} ms  CPU {r[6]:.2f} ms/page", flush=True)
                    finally:
                        off.stop()
                runs = asyncio.run(stream_run(on.url, llm.base_url, summaries, f"d{delay}"))
            finally:
                on.stop()
                llm.stop()
            lags = [r[0] * 1000 for r in runs]
            row = (1 / delay, args.tokens, len(runs), statistics.median([r[1] for r in runs]),
                   statistics.median([r[2] for r in runs]), pct(lags, 0.5), max(lags))  # fmt: skip
            stream_rows.append(row)
            print(f"LLM {row[0]:.0f} tok/s x{row[1]} n={row[2]}  LLM measured {row[3]:.1f} tok/s  delivered "
                  f"{row[4]:.1f} tok/s  first token -> first delta p50 {row[5]:.2f} ms  max {row[6]:.2f} ms", flush=True)
    finally:
        fake.terminate()
    print("\n| summary | concurrency | pages | TTFB p50 ms | TTFB p99 ms | total p50 ms | CPU ms/page |")
    print("|---|---|---|---|---|---|---|")
    for name, conc, n, p50, p99, tot, cpu in ttfb_rows:
        print(f"| {name} | {conc} | {n} | {p50:.1f} | {p99:.1f} | {tot:.1f} | {cpu:.2f} |")
    for conc in (1, 8):
        off_row, on_row = (r for r in ttfb_rows if r[1] == conc)
        print(f"\nc={conc}: TTFB on/off {on_row[3] / off_row[3]:.2f}, CPU on/off {on_row[6] / off_row[6]:.2f}", end="")
    print("\n\n| summary | requests | first delta p50 ms | max ms |")
    print("|---|---|---|---|")
    for label, n, p50, worst in reading_rows + follow_rows:
        print(f"| {label} | {n} | {p50:.0f} | {worst:.0f} |")
    print("\n\n| support check + language, answer words | answers | CPU p50 ms | CPU p95 ms | CPU max ms |")
    print("|---|---|---|---|---|")
    print("| {} | {} | {:.2f} | {:.2f} | {:.2f} |".format(*review_row))
    print("\n\n| LLM tokens/s (set) | tokens | summaries | LLM tokens/s (measured) | delivered tokens/s | "
          "first token → first delta p50 ms | max ms |")
    print("|---|---|---|---|---|---|---|")
    for rate, tokens, n, llm_rate, delivered, lag, lag_max in stream_rows:
        print(f"| {rate:.0f} | {tokens} | {n} | {llm_rate:.1f} | {delivered:.1f} | {lag:.2f} | {lag_max:.2f} |")


if __name__ == "__main__":
    main()
