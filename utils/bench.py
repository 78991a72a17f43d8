"""``make bench``: searches per second, latency and CPU ms per search (and what the plugins add), on loopback.

N json_engine engines point at a fake engine (10 results each, 3 shared URLs,
optional delay) in its own process; the app runs under granian in another;
the load comes from this process. CPU is the app processes' user+system time
(from /proc) divided by the searches served, so the load generator and the
fake engine do not count.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import aiohttp
import httpx
import valkey
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


class Instance:
    """The app under granian with a generated settings file."""

    def __init__(self, engine_url: str, engines: int, delay: float, extra: dict | None = None,
                 entries: list[dict] | None = None) -> None:
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
        env = {**os.environ, "SEARX_SETTINGS_PATH": str(path), "PYTHONPATH": str(ROOT)}
        self.log = open(Path(self.dir.name) / "server.log", "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen([sys.executable, "-m", "searx.webapp.serve"], env=env, cwd=ROOT,
                                     stdout=self.log, stderr=subprocess.STDOUT)
        self.url = f"http://127.0.0.1:{self.port}"
        wait_http(self.url + "/healthz", timeout=120.0)  # start-up takes 20 s and more on a loaded machine

    def cpu(self) -> float:
        return tree_cpu(self.proc.pid)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()
        self.dir.cleanup()


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


# commands a client's connection set-up sends (and the bench's end marker), not the searches
_NOT_SEARCH = {"INFO", "PING", "HELLO", "CLIENT", "SELECT", "SCRIPT", "ECHO"}
_DONE = "bench-round-trips-done"


class StoreMonitor:
    """Counts the commands clients send to the store server (MONITOR), by command name.

    Commands a Lua script runs inside the server are left out: MONITOR tags them
    ``lua``; what is left is one round trip each (the store sends no pipelines).
    """

    def __init__(self, port: int) -> None:
        self.port = port
        self.counts: dict[str, int] = {}
        self._monitor = valkey.Valkey(host="127.0.0.1", port=port).monitor()
        self._monitor.__enter__()
        self._thread = threading.Thread(target=self._listen, daemon=True)
        self._thread.start()

    def _listen(self) -> None:
        for event in self._monitor.listen():
            command = str(event["command"])
            if command == f"ECHO {_DONE}":
                return
            name = command.split(" ", 1)[0].upper()
            if event.get("client_type") != "lua" and name not in _NOT_SEARCH:
                self.counts[name] = self.counts.get(name, 0) + 1

    def stop(self) -> dict[str, int]:
        """Every command sent before this call, counted."""
        client = valkey.Valkey(host="127.0.0.1", port=self.port)
        client.echo(_DONE)
        client.close()
        self._thread.join(10)
        self._monitor.__exit__(None, None, None)
        return self.counts


def store_round_trips(engine_url: str, engines: int, searches: int, cache_ttl: float) -> dict[str, float]:
    """Store round trips per search, counted by a real Valkey/Redis server."""
    port, data = free_port(), tempfile.TemporaryDirectory()
    script = str(ROOT / "utils" / "valkey.sh")
    subprocess.run([script, "start", str(port), data.name], check=True, stdout=subprocess.DEVNULL)
    inst = None
    try:
        inst = Instance(engine_url, engines, 0.0, {"store": {"url": f"valkey://127.0.0.1:{port}/0"},
                                                   "search": {"cache_ttl": cache_ttl}})
        load(inst.url, "json", 1, 5, "warm up")  # scripts loaded, connections open
        monitor = StoreMonitor(port)
        load(inst.url, "json", 1, searches)
        counts = monitor.stop()
    finally:
        if inst is not None:
            inst.stop()
        subprocess.run([script, "stop", str(port), data.name], check=False, stdout=subprocess.DEVNULL)
        data.cleanup()
    return {name: n / searches for name, n in counts.items()}


def print_round_trips(engine_url: str, searches: int) -> None:
    for cache_ttl, label in ((0, "search cache off"), (300, "search cache on, every query new")):
        per = store_round_trips(engine_url, 3, searches, cache_ttl)
        detail = ", ".join(f"{name} {n:g}" for name, n in sorted(per.items()))
        print(f"store round trips per 3-engine search ({label}): {sum(per.values()):g} ({detail})", flush=True)


def image_engines(engine_url: str, n: int) -> list[dict]:
    """``n`` wikicommons engines on the fake engine's Commons answers (6 images each, shared URLs)."""
    return [{"name": f"img{i}", "engine": "wikicommons", "shortcut": f"i{i}", "base_url": f"{engine_url}/commons{i}",
             "enable_http": True, "categories": ["images"], "timeout": 5.0} for i in range(n)]


def images_vs_web(engine_url: str, searches: int) -> None:
    """CPU per HTML search: 3 image engines on the images tab (pictures from their hosts, then through
    the image proxy: every picture link signed) vs 3 web engines on the general tab."""
    cpu_ms = {}
    images, tab, proxy = image_engines(engine_url, 3), {"categories": "images"}, {"server": {"image_proxy": True}}
    for label, entries, extra, conf in (("web", None, {}, None), ("images", images, tab, None),
                                        ("images with image_proxy", images, tab, proxy)):
        inst = Instance(engine_url, 3, 0.0, conf, entries=entries)
        try:
            load(inst.url, "html", 4, 20, "warm up", extra)
            cpu0 = inst.cpu()
            _, errors = load(inst.url, "html", 4, searches, "bench query", extra)
            cpu_ms[label] = (inst.cpu() - cpu0) / searches * 1000
        finally:
            inst.stop()
        print(f"3-engine {label} search, html, 4 clients: CPU {cpu_ms[label]:.2f} ms/search  errors {errors}",
              flush=True)
    print(f"images / web CPU per search: {cpu_ms['images'] / cpu_ms['web']:.2f}; with image_proxy: "
          f"{cpu_ms['images with image_proxy'] / cpu_ms['web']:.2f}", flush=True)


def music_engines(engine_url: str) -> list[dict]:
    """Three music engines on the fake engine's answers: two Mixcloud sites (6 shows each, with players)
    and a Radio Browser server (6 stations with streams)."""
    return [*({"name": f"mix{i}", "engine": "mixcloud", "shortcut": f"m{i}", "base_url": f"{engine_url}/mixcloud{i}",
               "enable_http": True, "categories": ["music"], "timeout": 5.0} for i in range(2)),
            {"name": "radio", "engine": "radio_browser", "shortcut": "rb", "base_url": f"{engine_url}/radiobrowser",
             "enable_http": True, "categories": ["music"], "timeout": 5.0}]


def music_vs_web(engine_url: str, searches: int) -> None:
    """CPU per HTML search: 3 music engines on the music tab (the music layout, covers, players allowed
    by host) vs 3 web engines on the general tab."""
    cpu_ms = {}
    for label, entries, extra in (("web", None, {}), ("music", music_engines(engine_url), {"categories": "music"})):
        inst = Instance(engine_url, 3, 0.0, None, entries=entries)
        try:
            load(inst.url, "html", 4, 20, "warm up", extra)
            cpu0 = inst.cpu()
            _, errors = load(inst.url, "html", 4, searches, "bench query", extra)
            cpu_ms[label] = (inst.cpu() - cpu0) / searches * 1000
        finally:
            inst.stop()
        print(f"3-engine {label} search, html, 4 clients: CPU {cpu_ms[label]:.2f} ms/search  errors {errors}",
              flush=True)
    print(f"music / web CPU per search: {cpu_ms['music'] / cpu_ms['web']:.2f}", flush=True)


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--searches", type=int, default=200, help="searches per scenario")
    parser.add_argument("--quick", action="store_true", help="fewer scenarios and searches")
    parser.add_argument("--store-only", action="store_true", help="only the store round trips (needs a Valkey binary)")
    parser.add_argument("--images-only", action="store_true", help="only the images-vs-web CPU figure")
    parser.add_argument("--plugins-only", action="store_true", help="only what the plugins cost per search")
    parser.add_argument("--music-only", action="store_true", help="only the music-vs-web CPU figure")
    args = parser.parse_args()
    fake = subprocess.Popen([sys.executable, "-m", "utils.fakes.engine", "--port", str(port := free_port())],
                            cwd=ROOT, stdout=subprocess.DEVNULL)
    engine_url = f"http://127.0.0.1:{port}"
    wait_http(engine_url + "/json?q=x")
    rows = []
    try:
        only = args.store_only or args.images_only or args.music_only or args.plugins_only
        if (not only or args.store_only) and (shutil.which("valkey-server") or shutil.which("redis-server")):
            print_round_trips(engine_url, 50)
        if not only or args.images_only:
            images_vs_web(engine_url, args.searches)
        if not only or args.music_only:
            music_vs_web(engine_url, args.searches)
        if not only or args.plugins_only:
            from utils.bench_plugins import plugin_costs

            plugin_costs(engine_url, args.searches)
        if only:
            return
        for engines in (3, 10):
            for delay in (0.0, 0.1):
                inst = Instance(engine_url, engines, delay)
                try:
                    load(inst.url, "json", 4, 20)  # warm up connections and caches
                    for fmt in ("json", "html"):
                        for conc in (1, 16):
                            n = args.searches if not (delay and conc == 1) else max(20, args.searches // 5)
                            if args.quick:
                                n = max(20, n // 4)
                            cpu0, t0 = inst.cpu(), time.perf_counter()
                            lat, errors = load(inst.url, fmt, conc, n)
                            wall, cpu = time.perf_counter() - t0, inst.cpu() - cpu0
                            rows.append((engines, delay, fmt, conc, n, n / wall, pct(lat, 0.5) * 1000,
                                         pct(lat, 0.99) * 1000, cpu / n * 1000, errors))
                            e, d, f, c, n, rps, p50, p99, cpu_ms, errs = rows[-1]
                            print(f"engines={e} delay={d:.1f}s {f:<4} c={c:<2} n={n}  {rps:.1f} req/s  p50 {p50:.1f} ms  "
                                  f"p99 {p99:.1f} ms  CPU {cpu_ms:.2f} ms/search  errors {errs}", flush=True)
                finally:
                    inst.stop()
    finally:
        fake.terminate()
    print("\n| engines | delay | format | concurrency | searches/s | p50 ms | p99 ms | CPU ms/search |")
    print("|---|---|---|---|---|---|---|---|")
    for e, d, f, c, _n, rps, p50, p99, cpu, _errors in rows:
        print(f"| {e} | {int(d * 1000)} ms | {f} | {c} | {rps:.1f} | {p50:.1f} | {p99:.1f} | {cpu:.2f} |")
    med = statistics.median(r[8] for r in rows if r[0] == 3 and r[2] == "json")
    print(f"\nmedian CPU ms per 3-engine JSON search: {med:.2f}")


if __name__ == "__main__":
    main()
