"""``make bench`` (reader part): extraction quality and speed, and the reader's throughput.

Quality: word-shingle F1 (4-word shingles as multisets, precision and recall
per page, then the mean, as public article-extraction benchmarks do) of the
reader's plain-text output against the expected texts of the HTML/text pairs
shipped in the newspaper4k 0.9.6 source distribution (fetched from PyPI with
pip at bench time; the pages are news sites' and are not copied into the
repository). CJK, Thai and Burmese characters count as one word each.

Speed, on one core: extraction in-process (pages/s, p50/p95 ms), the same
through the worker pool (process hop included), and the whole reader (guard,
fetch over an in-process transport, decode, extract in a worker; cache off).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx

from utils.bench_kit import pct

SDIST = "newspaper4k==0.9.6"
_TOKEN = re.compile(r"[\u0e00-\u0e7f\u1000-\u109f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]|\w+")


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


def shingles(text: str, n: int = 4) -> Counter[tuple[str, ...]]:
    words = tokens(text)
    if len(words) < n:
        return Counter([tuple(words)]) if words else Counter()
    return Counter(tuple(words[i:i + n]) for i in range(len(words) - n + 1))


def prf(predicted: str, expected: str) -> tuple[float, float, float]:
    got, want = shingles(predicted), shingles(expected)
    common = sum((got & want).values())
    p = common / sum(got.values()) if got else (1.0 if not want else 0.0)
    r = common / sum(want.values()) if want else 1.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def pairs(folder: Path) -> list[tuple[str, bytes, str]]:
    """(name, html, expected text) from an unpacked newspaper4k sdist."""
    root = next(p for p in folder.glob("newspaper4k-*") if p.is_dir())
    out = []
    for html in sorted((root / "tests/data/html").glob("*.html")):
        txt = root / "tests/data/txt" / f"{html.stem}.txt"
        if txt.exists():
            out.append((html.stem, html.read_bytes(), txt.read_text(encoding="utf-8")))
    return out


def download(folder: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:", SDIST,
                    "-d", str(folder)], check=True)  # fmt: skip
    (archive,) = folder.glob("newspaper4k-*.tar.gz")
    with tarfile.open(archive) as tar:
        members = [m for m in tar.getmembers() if "/tests/data/html/" in m.name or "/tests/data/txt/" in m.name]
        tar.extractall(folder, members=members, filter="data")


def timed(fn, items, repeat: int) -> tuple[float, list[float]]:  # type: ignore[no-untyped-def]
    """(pages/s, per-page ms) over ``repeat`` passes."""
    ms: list[float] = []
    start = time.perf_counter()
    for _ in range(repeat):
        for item in items:
            t = time.perf_counter()
            fn(item)
            ms.append((time.perf_counter() - t) * 1000)
    return len(ms) / (time.perf_counter() - start), ms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", help="a folder holding an unpacked newspaper4k sdist (default: download it)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    from searx.network.guard import AddressGuard
    from searx.reader.extract import extract
    from searx.reader.service import Reader
    from searx.reader.worker import ExtractorPool
    from searx.settings import load
    from searx.store.memory import MemoryStore

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.data) if args.data else Path(tmp)
        if not args.data:
            download(folder)
        data = pairs(folder)

    scores = []
    for name, html, expected in data:
        text = extract(html, "text/html", f"https://news.example/{name}", format="text").text
        scores.append(prf(text, expected))
    p, r, f1 = (statistics.mean(s[i] for s in scores) for i in range(3))
    print(f"extraction quality on {len(data)} newspaper4k pairs: F1 {f1:.3f}  P {p:.3f}  R {r:.3f}")
    worst = sorted(zip((s[2] for s in scores), (d[0] for d in data), strict=True))[:3]
    print("  lowest F1: " + ", ".join(f"{n} {s:.2f}" for s, n in worst))

    rows = []
    cpu = time.process_time()
    rate, ms = timed(lambda d: extract(d[1], "text/html", "https://news.example/", format="markdown"), data, args.repeat)
    rows.append(("extract in-process (markdown)", rate, ms))
    cpu_ms = (time.process_time() - cpu) * 1000 / len(ms)
    print(f"extraction CPU per page (in-process): {cpu_ms:.1f} ms, i.e. {1000 / cpu_ms:.1f} pages/s per free core")
    pool = ExtractorPool(workers=1, timeout=30)
    try:
        pool.extract(b"warm up", "text/plain")
        rate, ms = timed(lambda d: pool.extract(d[1], "text/html", "https://news.example/"), data, args.repeat)
        rows.append(("extract in a worker process", rate, ms))
        pages = {f"/{name}": html for name, html, _ in data}

        def handler(request: httpx.Request) -> httpx.Response:
            # a streamed body, as from a socket (a bytes body would count as already read)
            return httpx.Response(200, headers={"content-type": "text/html"},
                                  stream=httpx.ByteStream(pages[request.url.path]))

        settings = load(overrides={"fetch": {"cache_ttl": 0}})
        guard = AddressGuard(resolver=lambda h, p: ["93.184.215.14"], own_addresses=[])
        reader = Reader(settings, MemoryStore(), guard=guard, transport=lambda: httpx.MockTransport(handler),
                        extractor=pool)  # fmt: skip
        small = [d for d in data if len(d[1]) <= settings.fetch.max_html_bytes]  # the others are too_large
        rate, ms = timed(lambda d: reader.read(f"https://news.example/{d[0]}"), small, args.repeat)
        rows.append((f"whole reader, {len(small)} local pages", rate, ms))
    finally:
        pool.close()
    print("\n| path | pages/s | p50 ms | p95 ms |")
    print("|---|---|---|---|")
    for label, rate, ms in rows:
        print(f"| {label} | {rate:.1f} | {statistics.median(ms):.1f} | {pct(ms, 0.95):.1f} |")


if __name__ == "__main__":
    main()
