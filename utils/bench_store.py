"""``make bench`` (store part): what one call to the memory store costs when it is full.

The store holds ``max_keys`` live rate-limit windows and values; each measured
call adds a new key (a new client, a new cache entry), so it has to evict.
"""

from __future__ import annotations

import argparse
import time

from searx.store.memory import MemoryStore


def per_call_us(store: MemoryStore, calls: int, op: str) -> float:
    start = time.perf_counter()
    for i in range(calls):
        if op == "hit_window":
            store.hit_window(f"new-client-{i}", 10.0, 60.0, 30)
        else:
            store.set(f"new-key-{i}", b"v", ttl=300)
    return (time.perf_counter() - start) / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--keys", type=int, default=100_000)
    parser.add_argument("--calls", type=int, default=20_000)
    args = parser.parse_args()
    store = MemoryStore(max_keys=args.keys)
    for i in range(args.keys):
        store.hit_window(f"client-{i}", 1.0, 60.0, 30)
        store.set(f"key-{i}", b"v", ttl=300)
    print(f"\n| memory store, {args.keys} live keys | µs per call |")
    print("|---|---|")
    for op in ("hit_window", "set"):
        print(f"| {op} (new key, evicts) | {per_call_us(store, args.calls, op):.2f} |")


if __name__ == "__main__":
    main()
