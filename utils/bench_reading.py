"""``make bench`` (reading part): does a summary whose top pages share one site read them all, and in time?

    python -m utils.bench_reading [--latency 0.5,1,1.5,2.5] [--timeout 4.0] [--budget 12000] [--limit N]

On the labelled passage set (``tests/summary/fixtures/passages/``: each question
has three long pages of one project's documentation, one holding the answer),
the three pages are served from one site, each answering after ``--latency``
seconds, to the app's page reader (``fetch.per_origin: 2``; fake DNS and an
in-process transport, real guard, politeness and extraction) under the
summary's reading (``read_pages``, ``read_timeout``), then BM25 chooses the
passages within ``evidence_budget``. Ways compared:

- ``refuse``: a site's third page is refused at once (as /fetch is);
- ``wait``: the summary waits for the site's slot within ``read_timeout``;
- ``other site``: the third page gives way to the next result on another site
  (here a page of another question's group: the labelled set has no fourth
  result, and no fourth result holds the answer);
- ``wait, 6 pages``: ``wait`` with three more results from three other sites.

For each: the questions whose answer passage reaches the prompt, the time until
the pages are in (p50), and the CPU of choosing the passages (p50).
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

import httpx

from searx.network.guard import AddressGuard
from searx.reader.document import Lane, Page
from searx.reader.service import Reader
from searx.reader.worker import ExtractorPool
from searx.settings import Settings
from searx.settings import load as load_settings
from searx.store import MemoryStore
from searx.summary import passages
from searx.summary.evidence import Source
from searx.summary.reading import read_pages
from utils.bench_passages import Case, load

ADDRESS = "198.51.101.80"  # every site's (the transport answers: nothing connects to it)
WAYS = ("refuse", "wait", "other site", "wait, 6 pages")


@dataclass
class Outcome:
    hit: bool
    seconds: float  # until every page was in or the deadline came
    select_ms: float


class Sites:
    """Pages by URL, each answered after ``latency`` seconds (its time to the first byte)."""

    def __init__(self, latency: float) -> None:
        self.latency = latency
        self.pages: dict[str, bytes] = {}

    def __call__(self, request: httpx.Request) -> httpx.Response:
        time.sleep(self.latency)  # the site's own answer time
        body = self.pages.get(f"https://{request.headers['host']}{request.url.raw_path.decode()}")
        if body is None:
            return httpx.Response(404)
        return httpx.Response(200, headers={"content-type": "text/plain; charset=utf-8"}, stream=httpx.ByteStream(body))


class Lanes:
    """The reader as ``refuse`` reads: the summary's pages take the API lane (refused at once)."""

    def __init__(self, reader: Reader, lane: Lane) -> None:
        self.reader, self.lane, self.api_enabled = reader, lane, True

    def read(self, url: str, **kwargs: Any) -> Page:
        return self.reader.read(url, **{**kwargs, "lane": self.lane})


def settings(timeout: float) -> Settings:
    return load_settings(overrides={"engines": [], "server": {"threads": 32},
                           "fetch": {"cache_ttl": 0, "per_origin": 2, "max_concurrent": 16, "max_per_client": 16},
                           "ai_summary": {"read_timeout": timeout, "max_concurrent": 8}})  # fmt: skip


def run(case: Case, distractors: list[str], way: str, latency: float, timeout: float, budget: int,
        extractor: ExtractorPool, conf: Settings, tag: str) -> Outcome:  # fmt: skip
    """One question read one way: its three pages on ``site-<tag>``, the others each on a site of its own."""
    sites = Sites(latency)
    own = [f"https://site-{tag}.example/page/{n}" for n in case.pages]
    for url, text in zip(own, case.pages.values(), strict=True):
        sites.pages[url] = text.encode()
    others = [f"https://other-{tag}-{i}.example/page" for i in range(len(distractors))]
    for url, text in zip(others, distractors, strict=True):
        sites.pages[url] = text.encode()
    urls = own[:2] + others[:1] if way == "other site" else own + others if way == "wait, 6 pages" else own
    guard = AddressGuard(resolver=lambda host, port: [ADDRESS], own_addresses=())
    reader = Reader(conf, MemoryStore(), guard=guard, transport=lambda: httpx.MockTransport(sites),
                    extractor=extractor)  # fmt: skip
    sources = [Source(n=i, title="", url=url, snippet="") for i, url in enumerate(urls, 1)]
    answer_at = own.index(own[case.answer - 1]) + 1  # the answer page's source number in ``own``
    start = time.monotonic()
    texts = read_pages(Lanes(reader, "api" if way == "refuse" else "summary"), sources, timeout,
                       lambda url, state: None)  # fmt: skip
    seconds = time.monotonic() - start
    cpu = time.thread_time()  # this thread's: the other questions run beside it
    chosen = passages.select(case.question, texts, budget)
    select_ms = (time.thread_time() - cpu) * 1000
    hit = any(p.n == answer_at and case.phrase in " ".join(p.text.split()) for p in chosen)
    return Outcome(hit, seconds, select_ms)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", default="0.5,1,1.5,2.5", help="seconds each page takes to answer")
    parser.add_argument("--timeout", type=float, default=4.0, help="ai_summary.read_timeout (seconds)")
    parser.add_argument("--budget", type=int, default=12_000, help="ai_summary.evidence_budget (bytes)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N questions (a quick look)")
    args = parser.parse_args()
    cases = load()[: args.limit or None]
    conf = settings(args.timeout)
    passages.select("warm", {1: "warm up bm25s"}, 100)
    extractor = ExtractorPool(workers=2, timeout=10.0)
    try:
        table: dict[tuple[str, float], list[Outcome]] = {}
        for latency in (float(x) for x in args.latency.split(",")):
            for way in WAYS:
                jobs = []
                for i, case in enumerate(cases):
                    # three results of another group: pages that do not hold this question's answer
                    other = cases[(i + 3 * (1 + len(cases) // 6)) % len(cases)]
                    jobs.append(partial(run, case, list(other.pages.values()), way, latency, args.timeout,
                                        args.budget, extractor, conf, str(i)))  # fmt: skip
                with ThreadPoolExecutor(6) as pool:  # the waits overlap; each question on sites of its own
                    table[(way, latency)] = list(pool.map(lambda job: job(), jobs))
                found = table[(way, latency)]
                print(f"{way:<14} latency {latency:>4} s: {sum(o.hit for o in found)}/{len(found)}", flush=True)
    finally:
        extractor.close()
    report(table, len(cases), args)


def report(table: dict[tuple[str, float], list[Outcome]], n: int, args: argparse.Namespace) -> None:
    print(f"\n{n} questions, three pages of one site each, fetch.per_origin 2, read_timeout {args.timeout:g} s\n")
    print("| way | page latency | answer passage in the budget | pages in after, p50 | choosing passages, CPU ms p50 |")
    print("|---|---|---|---|---|")
    for (way, latency), found in table.items():
        hits = sum(o.hit for o in found)
        print(f"| {way} | {latency:g} s | {hits}/{n} ({100 * hits / n:.0f} %) | "
              f"{statistics.median(o.seconds for o in found):.1f} s | "
              f"{statistics.median(o.select_ms for o in found):.0f} |")


if __name__ == "__main__":
    main()
