"""``make bench`` (store part): what one call to the memory store costs when it is full, and the
round trips a search makes to a real Valkey (or Redis) server.

The store holds ``max_keys`` live rate-limit windows and values; each measured
call adds a new key (a new client, a new cache entry), so it has to evict.
The round trips are counted by the server (MONITOR) while the app searches.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
import threading
import time

import valkey

from searx.store.memory import MemoryStore
from utils.bench_kit import ROOT, Instance, fake_engine, free_port, load


def per_call_us(store: MemoryStore, calls: int, op: str) -> float:
    start = time.perf_counter()
    for i in range(calls):
        if op == "hit_window":
            store.hit_window(f"new-client-{i}", 10.0, 60.0, 30)
        else:
            store.set(f"new-key-{i}", b"v", ttl=300)
    return (time.perf_counter() - start) / calls * 1e6


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--keys", type=int, default=100_000)
    parser.add_argument("--calls", type=int, default=20_000)
    parser.add_argument("--searches", type=int, default=50, help="searches whose round trips are counted")
    args = parser.parse_args()
    store = MemoryStore(max_keys=args.keys)
    for i in range(args.keys):
        store.hit_window(f"client-{i}", 1.0, 60.0, 30)
        store.set(f"key-{i}", b"v", ttl=300)
    print(f"\n| memory store, {args.keys} live keys | µs per call |")
    print("|---|---|")
    for op in ("hit_window", "set"):
        print(f"| {op} (new key, evicts) | {per_call_us(store, args.calls, op):.2f} |")
    if shutil.which("valkey-server") or shutil.which("redis-server"):
        print()
        with fake_engine() as engine_url:
            print_round_trips(engine_url, args.searches)


if __name__ == "__main__":
    main()
