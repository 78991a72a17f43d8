"""``make bench``: knowledge collections — retrieval quality and speed.

Quality: the Flask and Werkzeug documentation (reStructuredText shipped in
their PyPI sdists, fetched with ``pip download``) is uploaded as one
collection; two question sets have known answer passages:

- ``hand``: 25 questions written in other words than the docs, each with a
  phrase of its answer passage;
- ``headings``: every section heading of two words or more as the query, its
  section's first paragraph as the answer (a known-item test).

MRR@10 and recall@10 for keyword (FTS5 BM25), semantic (all-MiniLM-L6-v2 int8
ONNX, numpy) and fused (RRF k = 60, and convex α = 0.5).

Speed: upload-to-keyword-searchable for a 100-page PDF, and search latency
(keyword, semantic, fused) over 100,000 synthetic passages, one thread.
"""

from __future__ import annotations

import argparse
import io
import itertools
import os
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from searx.collections.embed import from_settings
from searx.collections.service import CollectionsService
from searx.settings_sections import Collections, CollectionsEmbeddings
from searx.text import chunking, fusion

SDISTS = ("flask==3.1.3", "werkzeug==3.1.9")
# question, a phrase of the answer passage
HAND = [
    ("how big can an uploaded file be before it is refused", "you can limit that by setting the ``MAX_CONTENT_LENGTH``"),
    ("get the real client address behind a reverse proxy", "HTTP servers should set ``X-Forwarded-`` headers"),
    ("stop cookies being sent along with requests from other sites", "restricts how cookies are sent with requests from"),
    ("restrict where scripts and styles may be loaded from", "Content Security Policy (CSP)"),
    ("keep the request available while a generator streams the answer", "wrapper. This will keep the request"),
    ("show a small icon in the browser tab", "is an icon used by browsers for tabs and bookmarks"),
    ("where to keep configuration files that are not in version control", "The instance folder is designed to not be under"),
    ("two modules import each other", "That's when two modules depend on each other."),
    ("run code that needs a request in a unit test without a server", "to push a request context. It"),
    ("why do sessions need a secret", "unless they know the secret key used for signing."),
    ("one-time message shown on the next page after logging in", "You were successfully logged in"),
    ("protect the interactive console in the browser from strangers", "The debug console is protected by a PIN."),
    ("restart the development server automatically when the code changes", "use_reloader=True"),
    ("coroutines compared with greenlets for concurrency", "Deciding whether you should use gevent"),
    ("set the signing secret from an environment variable", "export FLASK_SECRET_KEY="),
    ("serve the application on Windows without compiling anything", "It supports Windows directly."),
    ("configure log format and handlers before the application is created", "to create a logging"),
    ("which templates escape HTML automatically", "autoescaping is enabled for all templates ending in"),
    ("why a blueprint cannot handle not found errors", "because the 404 occurs at the routing level before the blueprint"),
    ("test command line commands of the application", "test_cli_runner` to create a"),
    ("open one database connection per request with sqlite", "db = g._database = sqlite3.connect(DATABASE)"),
    ("mount a group of routes under a common prefix", "app.register_blueprint(simple_page, url_prefix='/pages')"),
    ("write a view as a class instead of a function", "A class-based view is a class that acts as a view function."),
    ("defend forms against cross-site request forgery", "Another big problem is CSRF."),
    ("the server reloads when code changes and shows a debugger", "By enabling debug mode, the server will automatically reload if"),
]
_HEADING = re.compile(r"^(?P<title>[^\n]+)\n(?P<line>[=\-~^*]{3,})\n", re.M)
_SPACE = re.compile(r"\s+")


def norm(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def fetch_docs(cache: Path) -> dict[str, bytes]:
    """The .rst files of the sdists, by path ({package}/{path})."""
    cache.mkdir(parents=True, exist_ok=True)
    for spec in SDISTS:
        name = spec.replace("==", "-") + ".tar.gz"
        if not (cache / name).exists():
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                            spec, "-d", str(cache)], check=True)
    docs: dict[str, bytes] = {}
    for archive in sorted(cache.glob("*.tar.gz")):
        with tarfile.open(archive) as tar:
            for member in tar.getmembers():
                if "/docs/" in member.name and member.name.endswith(".rst") and member.isfile():
                    data = tar.extractfile(member).read()  # type: ignore[union-attr]
                    if data.strip() and not member.name.endswith(("changes.rst", "license.rst")):
                        docs[member.name.split("/", 1)[0] + "_" + member.name.split("/docs/", 1)[1].replace("/", "_")] = data
    return docs


def heading_queries(docs: dict[str, bytes]) -> list[tuple[str, str]]:
    out = []
    for data in docs.values():
        text = data.decode()
        heads = list(_HEADING.finditer(text))
        for i, head in enumerate(heads):
            title = head.group("title").strip()
            if len(head.group("line")) < len(title) or len(title.split()) < 2 or not re.fullmatch(r"[A-Za-z ,'-]+", title):
                continue
            body = text[head.end(): heads[i + 1].start() if i + 1 < len(heads) else len(text)]
            paras = [p for p in (norm(p) for p in body.split("\n\n")) if len(p) > 80 and not p.startswith(("..", ":"))]
            if paras:
                out.append((title, paras[0][:80]))
    return out


def evaluate(rank: Any, questions: list[tuple[str, str]], texts: dict[int, str], k: int = 10) -> tuple[float, float, int]:
    """MRR@k and recall@k over the questions whose answer phrase is in some passage."""
    mrr = recall = 0.0
    used = 0
    for query, phrase in questions:
        phrase = norm(phrase)
        relevant = {pid for pid, text in texts.items() if phrase in norm(text)}
        if not relevant:
            continue
        used += 1
        ranked = rank(query)[:k]
        hits = [i for i, pid in enumerate(ranked, 1) if pid in relevant]
        mrr += 1 / hits[0] if hits else 0.0
        recall += len(relevant & set(ranked)) / len(relevant)
    return mrr / max(used, 1), recall / max(used, 1), used


def conf(data_dir: str, backend: str = "local") -> Collections:
    return Collections(data_dir=data_dir, tokens=(), embeddings=CollectionsEmbeddings(backend=backend))


def quality(cache: Path) -> None:
    docs = fetch_docs(cache)
    with tempfile.TemporaryDirectory() as tmp:
        service = CollectionsService(conf(tmp))
        service.start()
        service.wait_ready(30)
        service.create("docs")
        for name, data in docs.items():
            service.upload("docs", name, data)
        started = time.perf_counter()
        assert service.wait_embedded("docs", 3600)
        passages = sum(e.chunk_count for e in service.entries("docs"))
        print(f"corpus: {len(docs)} files, {passages} passages; embedded in {time.perf_counter() - started:.0f} s")
        texts = dict(service.store._db().execute("SELECT id, text FROM passages"))
        embedder = service.embedder
        assert embedder is not None
        n = fusion.candidates(10)

        def keyword(q: str) -> list[tuple[int, float]]:
            return service.store.keyword(["docs"], q, n)

        def semantic(q: str) -> list[tuple[int, float]]:
            return service.vectors.search(["docs"], embedder.embed([q])[0], n)

        rankers = {
            "keyword (BM25)": lambda q: [p for p, _ in keyword(q)],
            "semantic (MiniLM)": lambda q: [p for p, _ in semantic(q)],
            "fused RRF k=60": lambda q: [p for p, _ in fusion.rrf([p for p, _ in keyword(q)], [p for p, _ in semantic(q)])],
            "fused RRF k=60, semantic weight 0.5": lambda q: [p for p, _ in fusion.rrf(
                [p for p, _ in keyword(q)], [p for p, _ in semantic(q)], w_semantic=0.5)],
            "fused convex α=0.5": lambda q: [p for p, _ in fusion.convex(keyword(q), semantic(q))],
            "fused convex α=0.3": lambda q: [p for p, _ in fusion.convex(keyword(q), semantic(q), alpha=0.3)],
        }
        sets = {"hand": HAND, "headings": heading_queries(docs)}
        print("| method | set | questions | MRR@10 | recall@10 |\n|---|---|---|---|---|")
        for set_name, questions in sets.items():
            for label, rank in rankers.items():
                mrr, recall, used = evaluate(rank, questions, texts)
                print(f"| {label} | {set_name} | {used} | {mrr:.3f} | {recall:.3f} |")
        service.close()


def pdf_pages(pages: int, lines: int = 30) -> bytes:
    """A text PDF: ``pages`` pages of ``lines`` lines of words."""
    from tests.reader.pdfs import text_pdf

    rng = random.Random(7)
    words = "index passage search engine widget proxy timeout config document page reader embedding".split()
    return text_pdf([[f"{' '.join(rng.choice(words) for _ in range(12))} {i}" for _ in range(lines)]
                     for i in range(pages)])  # fmt: skip


def upload_speed(runs: int) -> None:
    from searx.webapp import create_app
    from tests.conftest import make_settings

    data = pdf_pages(100)
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        settings = make_settings([], collections={"data_dir": tmp, "tokens": ["bench-token-0123456789"],
                                                  "embeddings": {"backend": "none"}})
        app = create_app(settings, testing=True)
        services = app.extensions["searx"]
        services.collections.wait_ready(30)
        client = app.test_client()
        auth = {"Authorization": "Bearer bench-token-0123456789"}
        client.post("/api/collections", json={"name": "bench"}, headers=auth)
        for i in range(runs):
            start = time.perf_counter()
            answer = client.post("/api/collections/bench/upload", headers=auth,
                                 data={"file": (io.BytesIO(data), f"manual{i}.pdf")})
            found = client.post("/api/collections/bench/search", json={"query": f"widget {i}", "max_results": 3})
            times.append(time.perf_counter() - start)
            assert answer.status_code == 200 and found.get_json()["count"] > 0
        services.close()
    print(f"upload-to-keyword-searchable, 100-page PDF ({len(data) // 1024} KiB, "
          f"{answer.get_json()['chunk_count']} passages), {runs} runs: median {statistics.median(times) * 1000:.0f} ms,"
          f" max {max(times) * 1000:.0f} ms")


def _pct(values: list[float], p: int) -> str:
    return f"{values[min(len(values) - 1, len(values) * p // 100)] * 1000:.1f}"


def search_speed(passages: int, queries: int) -> None:
    rng = random.Random(11)
    vocabulary = [f"w{i}" for i in range(30000)]
    cumulative = list(itertools.accumulate(1 / (i + 1) for i in range(len(vocabulary))))  # Zipf-like, as real text
    per_entry = 1000
    with tempfile.TemporaryDirectory() as tmp:
        # the vectors are set below: the service's embedder only embeds queries, it never runs in the background
        local = from_settings(CollectionsEmbeddings(backend="local"))
        service = CollectionsService(conf(tmp, backend="none"), embedder=local)
        service._embed_some = lambda: False  # type: ignore[method-assign]
        service.start()
        service.wait_ready(30)
        service.create("big")
        started = time.perf_counter()
        for e in range(passages // per_entry):
            items = [chunking.Passage(i, None, 0, " ".join(rng.choices(vocabulary, cum_weights=cumulative, k=120)))
                     for i in range(per_entry)]
            service.store.add_entry("big", f"doc{e}.txt", "text", b"", "", None, items)
        indexed = time.perf_counter() - started
        dim = 384
        ids = [pid for pid, _ in service.store.pending("big", passages)]
        matrix = np.random.default_rng(3).standard_normal((len(ids), dim)).astype(np.float32)
        matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
        service.store.set_model("big", "bench", dim)
        for start in range(0, len(ids), 5000):
            service.store.set_vectors("big", [(pid, matrix[j].tobytes()) for j, pid in
                                              enumerate(ids[start:start + 5000], start)], dim)
        qs = [" ".join(rng.choices(vocabulary[:3000], k=rng.randint(2, 5))) for _ in range(queries)]
        service.vectors.search(["big"], matrix[0], 10)  # loads the vectors once
        n = fusion.candidates(10)
        steps = ("keyword (FTS5)", "query embedding (local model)", "semantic (numpy)",
                 "fused: all of the above + RRF + passages", "the service's search (keyword ∥ semantic, convex)")
        wall: dict[str, list[float]] = {step: [] for step in steps}
        cpu: dict[str, list[float]] = {step: [] for step in steps}
        for q in qs:
            marks = [(time.perf_counter(), time.thread_time())]
            kw = service.store.keyword(["big"], q, n)
            marks.append((time.perf_counter(), time.thread_time()))
            vector = local.embed([q])[0] if local else matrix[rng.randrange(len(ids))]
            marks.append((time.perf_counter(), time.thread_time()))
            sem = service.vectors.search(["big"], vector, n)
            marks.append((time.perf_counter(), time.thread_time()))
            fused = fusion.rrf([p for p, _ in kw], [p for p, _ in sem])[:10]
            service.store.hits([p for p, _ in fused])
            marks.append((time.perf_counter(), time.thread_time()))
            for i, step in enumerate(steps[:3]):
                wall[step].append(marks[i + 1][0] - marks[i][0])
                cpu[step].append(marks[i + 1][1] - marks[i][1])
            wall[steps[3]].append(marks[4][0] - marks[0][0])
            cpu[steps[3]].append(marks[4][1] - marks[0][1])
            started, cpu_started = time.perf_counter(), time.process_time()
            service.search_many(["big"], q, 10)
            wall[steps[4]].append(time.perf_counter() - started)
            cpu[steps[4]].append(time.process_time() - cpu_started)  # both threads: the process's time
        print(f"{passages} passages: stored and FTS5-indexed in {indexed:.1f} s; {queries} queries of 2-5 words;"
              f" load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print("| step | wall p50 ms | wall p95 ms | CPU p50 ms | CPU p95 ms |\n|---|---|---|---|---|")
        for step in steps:
            w, c = sorted(wall[step]), sorted(cpu[step])
            print(f"| {step} | {_pct(w, 50)} | {_pct(w, 95)} | {_pct(c, 50)} | {_pct(c, 95)} |")
        service.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cache", default=str(Path(tempfile.gettempdir()) / "searx-bench-sdists"))
    parser.add_argument("--passages", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--only", choices=["quality", "upload", "search"])
    args = parser.parse_args()
    if args.only in (None, "upload"):
        upload_speed(5)
    if args.only in (None, "search"):
        search_speed(args.passages, args.queries)
    if args.only in (None, "quality"):
        quality(Path(args.cache))


if __name__ == "__main__":
    main()
