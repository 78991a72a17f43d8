"""What the benchmarks share: the app under granian (``Instance``), the fake engine and the fake LLM in
processes of their own, a search load, the CPU of a process tree from /proc, percentiles.

``utils/bench.py`` and the other ``utils/bench_*.py`` import from here, never from each other.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

import aiohttp
import httpx
import yaml

ROOT = Path(__file__).resolve().parent.parent
TICK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(url, timeout=1).status_code < 500:
                return
        except httpx.HTTPError:
            time.sleep(0.05)  # the server is still starting: poll again
    raise RuntimeError(f"{url} did not answer within {timeout} s")


def tree(pid: int) -> list[int]:
    """``pid`` and its live descendants (granian's worker processes)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                raw = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            children.setdefault(int(raw[raw.rindex(")") + 2:].split()[1]), []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def tree_cpu(pid: int) -> float:
    """User+system seconds of ``pid`` and every descendant still alive."""
    total = 0.0
    for p in tree(pid):
        try:
            raw = Path(f"/proc/{p}/stat").read_text()
        except OSError:
            continue
        fields = raw[raw.rindex(")") + 2:].split()
        total += (int(fields[11]) + int(fields[12])) / TICK
    return total


class Server(Protocol):
    """A running search server the CPU figures can measure (this app, or another one)."""

    url: str

    def cpu(self) -> float: ...

    def stop(self) -> None: ...


def settle(server: Server, quiet: float = 0.02, timeout: float = 30.0) -> None:
    """Wait until ``server`` spends under ``quiet`` of a core while idle (start-up work, such as the
    page reader's worker importing its libraries, would otherwise count against the first searches)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        before = server.cpu()
        time.sleep(0.5)
        if server.cpu() - before <= quiet * 0.5:
            return


class Instance:
    """The app under granian with a generated settings file; ``root``: the source tree to run."""

    def __init__(self, engine_url: str, engines: int, delay: float, extra: dict | None = None,
                 entries: list[dict] | None = None, root: Path = ROOT) -> None:
        self.port = free_port()
        entries = entries or [{
            "name": f"bench{i}", "engine": "json_engine", "shortcut": f"b{i}",
            "search_url": f"{engine_url}/json?q={{query}}&pageno={{pageno}}&site=s{i}&delay={delay}",
            "results_query": "results", "url_query": "url", "title_query": "title", "content_query": "content",
            "enable_http": True, "categories": ["general"], "timeout": 5.0,
        } for i in range(engines)]
        settings: dict = {
            # keep none of the default engines: only the bench engines run
            "use_default_settings": {"engines": {"keep_only": []}},
            "general": {"debug": False},
            "server": {"secret_key": "bench-secret-" + "x" * 20, "port": self.port, "threads": 32, "workers": 1},
            "search": {"formats": ["html", "json"], "cache_ttl": 0},
            "engines": entries,
        }
        for key, value in (extra or {}).items():
            settings.setdefault(key, {}).update(value)
        self.dir = tempfile.TemporaryDirectory()
        path = Path(self.dir.name) / "settings.yml"
        path.write_text(yaml.safe_dump(settings))
        env = {**os.environ, "SEARX_SETTINGS_PATH": str(path), "PYTHONPATH": str(root)}
        self.log = open(Path(self.dir.name) / "server.log", "wb")  # noqa: SIM115 - closed in stop()
        # its own process group: stop() ends granian's workers too, even one still starting
        self.proc = subprocess.Popen([sys.executable, "-m", "searx.webapp.serve"], env=env, cwd=root,
                                     stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        self.url = f"http://127.0.0.1:{self.port}"
        try:
            wait_http(self.url + "/healthz", timeout=120.0)  # start-up takes 20 s and more on a loaded machine
        except BaseException:
            self.stop()
            raise

    def cpu(self) -> float:
        return tree_cpu(self.proc.pid)

    def stop(self) -> None:
        stop_group(self.proc)
        self.log.close()
        self.dir.cleanup()


def stop_group(proc: subprocess.Popen[bytes]) -> None:
    """Stop the process group ``proc`` leads (granian and its workers)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)


def load(url: str, fmt: str, concurrency: int, total: int, words: str = "bench query",
         extra: dict | None = None) -> tuple[list[float], int]:
    """``total`` searches from ``concurrency`` clients at once (asyncio, so the load is cheap)."""

    async def run() -> tuple[list[float], int]:
        latencies: list[float] = []
        errors = 0
        queue = iter(range(total))
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as session:

            async def client() -> None:
                nonlocal errors
                for i in queue:
                    start = time.perf_counter()
                    async with session.get(f"{url}/search", params={"q": f"{words} {i}", "format": fmt, **(extra or {})}) as resp:
                        await resp.read()
                        if resp.status != 200:
                            errors += 1
                    latencies.append(time.perf_counter() - start)

            await asyncio.gather(*(client() for _ in range(concurrency)))
        return latencies, errors

    return asyncio.run(run())


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]


@contextlib.contextmanager
def fake_engine() -> Iterator[str]:
    """The fake engine in its own process; yields its base URL."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "utils.fakes.engine", "--port", str(port)], cwd=ROOT,
                            stdout=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}"
        wait_http(url + "/json?q=x")
        yield url
    finally:
        proc.terminate()
        proc.wait(10)


# --- the summary's fakes and pages -------------------------------------------------------

DATA = re.compile(rb'<script type="application/json" id="ai-summary-data">(.*?)</script>', re.S)


class FakeLLMProcess:
    """``utils.fakes.llm`` in its own process, streaming ``tokens`` tokens ``delay`` s apart."""

    def __init__(self, tokens: int, delay: float) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "utils.fakes.llm", "--port", str(self.port), "--tokens", str(tokens),
             "--delay", str(delay)], cwd=ROOT, stdout=subprocess.DEVNULL)  # fmt: skip
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        wait_http(self.base_url + "/models")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


async def page(session: aiohttp.ClientSession, url: str, query: str) -> tuple[float, float, bytes]:
    """(time to first byte, total time, body) of one results page."""
    start = time.perf_counter()
    async with session.get(f"{url}/search", params={"q": query}) as resp:
        first = await resp.content.readany()
        ttfb = time.perf_counter() - start
        body = first + await resp.read()
        if resp.status != 200:
            raise RuntimeError(f"results page: HTTP {resp.status}")
    return ttfb, time.perf_counter() - start, body
