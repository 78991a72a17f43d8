"""``make bench`` (passages part): how often the answer passage is in the summary's evidence budget, and its CPU.

    python -m utils.bench_passages [--budget 12000] [--timeout 4.0] [--rounds 5] [--limit N] [--misses]

On the labelled set of ``tests/summary/fixtures/passages/`` (questions, three
pages each, the phrase of the passage holding the answer): the passages
chosen within ``ai_summary.evidence_budget`` with BM25 alone and with the
hybrid (BM25 and the local embedding model, ``passage_ranking: hybrid``), and
the CPU each costs per summary (``time.process_time``, the whole process:
onnxruntime's threads count too). BM25's CPU is the median of ``--rounds``
rounds per question; the hybrid's is one round per question (seconds each:
rounds would not move it, and would multiply the run's length). Two hybrid
figures: every passage embedded (what the ranking can do), and as the
summary runs it, all three pages arriving at once and the embedding cut at
``read_timeout`` (this one depends on how fast the machine embeds).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np

from searx.collections.embed import LocalEmbedder, local_files
from searx.summary import passages, similarity
from searx.text.embedder import Embedder

LIMIT_MS = 50  # CPU a summary of three pages may add for the hybrid to be the default (issue 23)
FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "summary" / "fixtures" / "passages"


@dataclass(frozen=True)
class Case:
    name: str
    question: str
    pages: dict[int, str]  # n -> page text, in result order
    answer: int  # the n of the page holding the answer
    phrase: str  # whitespace collapsed

    def hit(self, chosen: list[passages.Passage]) -> bool:
        return any(p.n == self.answer and self.phrase in _norm(p.text) for p in chosen)


def _norm(text: str) -> str:
    return " ".join(text.split())


def load(path: Path = FIXTURE) -> list[Case]:
    cases: list[Case] = []
    for block in (path / "questions.txt").read_text(encoding="utf-8").split("\n## ")[1:]:
        name, question, pages, answer = block.strip().splitlines()[:4]
        if not (question.startswith("? ") and pages.startswith("pages: ") and answer.startswith("= ")):
            raise ValueError(f"questions.txt: cannot read case {name!r}")
        ids = pages[len("pages: "):].split()
        page, _, phrase = answer[2:].partition(": ")
        texts = {n: (path / "pages" / f"{pid}.txt").read_text(encoding="utf-8") for n, pid in enumerate(ids, 1)}
        cases.append(Case(name, question[2:], texts, ids.index(page) + 1, _norm(phrase)))
    return cases


def embed_all(embedder: Embedder, case: Case) -> dict[tuple[int, int], float]:
    """Every passage's similarity to the question, embedded in the summary's batches."""
    query = embedder.embed([case.question])[0]
    pieces = passages.corpus(case.pages)
    out: dict[tuple[int, int], float] = {}
    for i in range(0, len(pieces), similarity.BATCH):
        batch = pieces[i: i + similarity.BATCH]
        out.update(zip([p.key for p in batch], (float(s) for s in embedder.embed([p.text for p in batch]) @ query),
                       strict=True))  # fmt: skip
    return out


def hybrid(embedder: Embedder, case: Case, budget: int) -> list[passages.Passage]:
    return passages.select(case.question, case.pages, budget, meaning=embed_all(embedder, case))


def as_shipped(embeddings: similarity.Embeddings, case: Case, budget: int, timeout: float) -> list[passages.Passage]:
    """The hybrid as a summary runs it: the pages arrive at once, embedding stops at the deadline."""
    meaning = embeddings.start(case.question, time.monotonic() + timeout)
    for n, text in case.pages.items():
        meaning.add(n, text)
    chosen = passages.select(case.question, case.pages, budget, meaning=meaning.scores())
    embeddings.drain()  # a batch still running at the deadline must not count against the next figure
    return chosen


def cpu(run: Callable[[], list[passages.Passage]], rounds: int = 1) -> tuple[float, list[passages.Passage]]:
    """(CPU ms of the process, median of ``rounds``; the passages chosen) of one ranking."""
    times = []
    for _ in range(max(1, rounds)):
        start = time.process_time()
        chosen = run()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times), chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=12_000, help="ai_summary.evidence_budget (bytes)")
    parser.add_argument("--timeout", type=float, default=4.0, help="ai_summary.read_timeout (seconds)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of BM25 per question (its CPU: the median)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N questions (a quick look)")
    parser.add_argument("--misses", action="store_true", help="list the cases each method misses")
    args = parser.parse_args()
    cases = load()[: args.limit or None]
    files = local_files()
    if files is None:
        raise SystemExit("the local embedding model is not installed (requirements-embeddings.txt)")
    embedder = LocalEmbedder(*files)
    embedder.embed(["warm"])  # the model loads once per process, at start-up with the hybrid on
    passages.select("warm", {1: "warm up bm25s"}, 100)
    embeddings = similarity.Embeddings(embedder)
    rows: dict[str, list[bool]] = {"bm25": [], "hybrid": [], "shipped": []}
    costs: dict[str, list[float]] = {"bm25": [], "hybrid": [], "shipped": []}
    sizes = []
    try:
        for case in cases:
            sizes.append((len(passages.corpus(case.pages)), sum(len(t.encode()) for t in case.pages.values())))
            bm25_ms, chosen = cpu(partial(passages.select, case.question, case.pages, args.budget), args.rounds)
            rows["bm25"].append(case.hit(chosen))
            hybrid_ms, chosen = cpu(partial(hybrid, embedder, case, args.budget))
            rows["hybrid"].append(case.hit(chosen))
            costs["bm25"].append(bm25_ms)
            costs["hybrid"].append(hybrid_ms)
            shipped_ms, chosen = cpu(partial(as_shipped, embeddings, case, args.budget, args.timeout))
            rows["shipped"].append(case.hit(chosen))
            costs["shipped"].append(shipped_ms)
            print(f"{case.name:<28} passages {sizes[-1][0]:>3}  bm25 {rows['bm25'][-1]!s:<5} {bm25_ms:6.0f} ms  "
                  f"hybrid {rows['hybrid'][-1]!s:<5} {hybrid_ms:7.0f} ms  "
                  f"as shipped {rows['shipped'][-1]!s:<5} {shipped_ms:5.0f} ms", flush=True)
    finally:
        embeddings.close()
    report(cases, rows, costs, sizes, args)


def report(cases: list[Case], rows: dict[str, list[bool]], costs: dict[str, list[float]],
           sizes: list[tuple[int, int]], args: argparse.Namespace) -> None:  # fmt: skip
    n = len(cases)
    print(f"\n{n} questions, 3 pages each: {statistics.median(s[1] for s in sizes) / 1000:.0f} kB and "
          f"{statistics.median(s[0] for s in sizes):.0f} passages per question (median); budget {args.budget} bytes\n")
    print("| ranking | answer passage in the budget | CPU ms per summary p50 | p95 | max |")
    print("|---|---|---|---|---|")
    for label, key in (("BM25 alone", "bm25"), ("hybrid, every passage embedded", "hybrid"),
                       (f"hybrid as shipped (pages at once, cut at {args.timeout:g} s)", "shipped")):  # fmt: skip
        ms = costs[key]
        print(f"| {label} | {sum(rows[key])}/{n} ({100 * sum(rows[key]) / n:.0f} %) | {statistics.median(ms):.0f} | "
              f"{float(np.percentile(ms, 95)):.0f} | {max(ms):.0f} |")
    added = [h - b for h, b in zip(costs["hybrid"], costs["bm25"], strict=True)]
    per_passage = sum(costs["hybrid"]) / sum(s[0] for s in sizes)
    print(f"\nCPU added by the hybrid per summary: p50 {statistics.median(added):.0f} ms, max {max(added):.0f} ms "
          f"({per_passage:.0f} ms per passage)")
    wins = sum(rows["hybrid"]) > sum(rows["bm25"])
    cheap = statistics.median(added) < LIMIT_MS
    print(f"the rule (hybrid the default only if it finds more answers and adds under {LIMIT_MS} ms): "
          f"finds more {'yes' if wins else 'no'}, cheap enough {'yes' if cheap else 'no'}: "
          f"default {'hybrid' if wins and cheap else 'bm25'}")
    if args.misses:
        for key in rows:
            print(f"{key} misses: {', '.join(c.name for c, hit in zip(cases, rows[key], strict=True) if not hit)}")


if __name__ == "__main__":
    main()
