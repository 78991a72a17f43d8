"""``make bench`` (summary part): time to the first delta of a follow-up against a first question.

Same fake engines (3, answering at once), same fake LLM (``utils.fakes.llm``, 1000 tokens/s), pages
not read (``read_pages: 0``): a first question is the results page, then POST /ai_summary; its
follow-up is POST /ai_summary/follow_up in that conversation. The clock runs from sending the POST
to the first NDJSON delta. A follow-up does more before its first token: the rewrite call
(``quick_timeout`` > 0; the fake LLM's reply fails the check, as SmolLM2's mostly do, so the
fallback is searched), the new search through the instance's own search, the conversation read
from and written to the store. With ``quick_timeout: 0`` there is no rewrite call.

    python -m utils.bench_follow_up --rounds 10
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time

import aiohttp

from utils.bench_kit import DATA, ROOT, FakeLLMProcess, Instance, free_port, page, pct, wait_http


async def first_delta(session: aiohttp.ClientSession, url: str, body: dict) -> tuple[float, list[dict]]:
    """Seconds from the POST to its first delta, and every line of the stream."""
    start = time.perf_counter()
    first = 0.0
    lines: list[dict] = []
    async with session.post(url, json=body) as resp:
        if resp.status != 200:
            raise RuntimeError(f"{url}: HTTP {resp.status}: {await resp.text()}")
        async for raw in resp.content:
            line = json.loads(raw)
            if "delta" in line and not first:
                first = time.perf_counter() - start
            lines.append(line)
    if not first or "done" not in lines[-1]:
        raise RuntimeError(f"{url}: ended with {lines[-1]!r}")
    return first, lines


async def rounds(url: str, n: int, tag: str) -> tuple[list[float], list[float]]:
    """n conversations of two turns: (first questions' times, follow-ups' times) to the first delta."""
    firsts: list[float] = []
    follow_ups: list[float] = []
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as session:
        for i in range(n):
            query = f"capital of country {tag} {i}"
            _, _, html = await page(session, url, query)
            found = DATA.search(html)
            if found is None:
                raise RuntimeError("no #ai-summary-data on the results page")
            took, lines = await first_delta(session, f"{url}/ai_summary",
                                            {"query": query, "fresh": True, **json.loads(found.group(1))})  # fmt: skip
            firsts.append(took)
            conversation = next(line["conversation"]["id"] for line in lines if "conversation" in line)
            took, _ = await first_delta(session, f"{url}/ai_summary/follow_up",
                                        {"conversation": conversation, "question": f"how many people live there {i}",
                                         "turn": 2})  # fmt: skip
            follow_ups.append(took)
    return firsts, follow_ups


def follow_up_timing(n: int, engine_url: str) -> list[tuple[str, int, float, float]]:
    """(label, requests, first delta p50 ms, max ms) for first questions and follow-ups."""
    rows: list[tuple[str, int, float, float]] = []
    llm = FakeLLMProcess(100, 0.001)
    try:
        for quick in (4.0, 0.0):
            extra = {"ai_summary": {"base_url": llm.base_url, "model": "fake-model", "max_concurrent": 4,
                                    "max_streams_per_client": 0, "read_pages": 0, "quick_timeout": quick}}  # fmt: skip
            inst = Instance(engine_url, 3, 0.0, extra)
            try:
                asyncio.run(rounds(inst.url, 2, f"warm{quick}"))
                firsts, follow_ups = asyncio.run(rounds(inst.url, n, f"q{quick}"))
            finally:
                inst.stop()
            if quick:
                rows.append(("first question", len(firsts), pct(firsts, 0.5) * 1000, max(firsts) * 1000))
            label = "follow-up, rewrite call" if quick else "follow-up, quick_timeout 0"
            rows.append((label, len(follow_ups), pct(follow_ups, 0.5) * 1000, max(follow_ups) * 1000))
            for row in rows[-2 if quick else -1:]:
                print(f"{row[0]}: first delta p50 {row[2]:.0f} ms  max {row[3]:.0f} ms", flush=True)
    finally:
        llm.stop()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=10, help="conversations per setting")
    args = parser.parse_args()
    fake = subprocess.Popen([sys.executable, "-m", "utils.fakes.engine", "--port", str(port := free_port())],
                            cwd=ROOT, stdout=subprocess.DEVNULL)  # fmt: skip
    engine_url = f"http://127.0.0.1:{port}"
    try:
        wait_http(engine_url + "/json?q=x")
        rows = follow_up_timing(args.rounds, engine_url)
    finally:
        fake.terminate()
        fake.wait(10)
    print("\n| summary turn | requests | first delta p50 ms | max ms |")
    print("|---|---|---|---|")
    for label, n, p50, worst in rows:
        print(f"| {label} | {n} | {p50:.0f} | {worst:.0f} |")


if __name__ == "__main__":
    main()
