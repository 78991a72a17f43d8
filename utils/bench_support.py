"""``make bench`` (support part): CPU per answer of the sentence support check, with and without contradictions.

    python -m utils.bench_support [--budget 12000] [--words 300] [--rounds 3]

Realistic answers: for each question of ``tests/summary/fixtures/passages/``
(three long documentation pages), the passages a summary would read within
``ai_summary.evidence_budget`` (BM25) are each source's support text, as
``summary/reading.py`` builds it; the answer restates sentences of those
passages, a citation after each, until it has ``--words`` words (every sentence
matches a source sentence: the contradiction check's worst case). Timed in CPU
of the measuring thread: ``support.check`` in the answer's language (with the
contradiction check) and with no language (the check before it), and the whole
``review`` (support and language detection); per answer the median of
``--rounds`` (the machine is shared: one round catches other work's pauses).
The word caches hold what earlier answers and rounds left, as in a running
server. Also the labelled sets' answers (short snippets, ``utils.support_eval``).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from searx.summary import language, passages, sentences, support
from searx.summary.review import review
from utils import support_eval
from utils.bench_passages import load


def restating(sources: dict[int, str], words: int) -> str:
    """An answer of about ``words`` words made of the sources' prose sentences, each citing its source."""
    pools = {n: [text[u.start : u.end].rstrip(".") for u in sentences.split(text) if u.kind == "sentence"
                 and 8 <= len(text[u.start : u.end].split()) <= 40 and "`" not in text[u.start : u.end]]
             for n, text in sources.items()}  # fmt: skip
    parts: list[str] = []
    count = 0
    while count < words and any(pools.values()):
        for n, pool in pools.items():
            if pool and count < words:
                sentence = pool.pop(0)
                parts.append(f"{sentence} [{n}].")
                count += len(sentence.split())
    return " ".join(parts)


def cpu_ms(run: Callable[[], object], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.thread_time()
        run()
        times.append((time.thread_time() - start) * 1000)
    return statistics.median(times)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=12_000, help="ai_summary.evidence_budget (bytes)")
    parser.add_argument("--words", type=int, default=300, help="words per answer")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per answer (its CPU: the median)")
    args = parser.parse_args()
    language.detect("warm the language model up before timing anything")
    rows: dict[str, list[float]] = {"without": [], "with": [], "added": [], "review": []}
    sizes = []
    for case in load():
        chosen = passages.select(case.question, case.pages, args.budget)
        sources = {n: "\n\n".join(p.text for p in chosen if p.n == n) for n in case.pages}
        sources = {n: text for n, text in sources.items() if text}
        text = restating(sources, args.words)
        without = cpu_ms(lambda: support.check(text, sources), args.rounds)  # noqa: B023
        with_ = cpu_ms(lambda: support.check(text, sources, "en"), args.rounds)  # noqa: B023
        rows["without"].append(without)
        rows["with"].append(with_)
        rows["added"].append(with_ - without)
        rows["review"].append(cpu_ms(lambda: review(text, sources, True, "en"), args.rounds))  # noqa: B023
        sizes.append((len(text.split()), sum(len(t) for t in sources.values())))
    labelled = support_eval.timing(args.words, 5)
    print(f"answers {len(sizes)} of ~{statistics.median(w for w, _ in sizes):.0f} words over "
          f"~{statistics.median(c for _, c in sizes):.0f} characters of passages (median)")
    print("\n| support check, answers over read pages | answers | CPU p50 ms | CPU p95 ms | CPU max ms |")
    print("|---|---|---|---|---|")
    names = {"without": "without contradictions (no language)", "with": "with contradictions (English)",
             "added": "added by contradictions", "review": "whole review (support + language)"}  # fmt: skip
    for key, name in names.items():
        values = rows[key]
        print(f"| {name} | {len(values)} | {pct(values, 0.5):.2f} | {pct(values, 0.95):.2f} | {max(values):.2f} |")
    print(f"| whole review, labelled sets (snippets) | {len(labelled)} | {pct(labelled, 0.5):.2f} | "
          f"{pct(labelled, 0.95):.2f} | {max(labelled):.2f} |")


if __name__ == "__main__":
    main()
