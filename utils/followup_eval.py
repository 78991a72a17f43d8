"""What a model gives a follow-up: its standalone rewrites and related questions, against the checks.

For each case of ``tests/summary/fixtures/follow_ups.json`` (an earlier
question and answer, a follow-up, the topic words a standalone query must
carry, engine suggestions as recorded engines answer them):

- the model's rewrite: how often it passes ``rewrite.check``, and how often
  the query searched (the rewrite, else the fallback) carries the topic;
- related questions: how many of the model's survive ``related.pick`` (and in
  the answer's language), against the engines' suggestions;
- the wall time of each short call (the machine's load shows in it).

    python -m utils.followup_eval --llm http://127.0.0.1:8091/v1 --model smollm2
    python -m utils.followup_eval            # the engines' side and the fallback only, no model
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from searx.summary import language, quick, related, rewrite, words
from searx.summary.llm import Target

CASES = Path(__file__).resolve().parent.parent / "tests" / "summary" / "fixtures" / "follow_ups.json"


def carries(query: str, topic: list[list[str]]) -> bool:
    """Whether ``query`` has a word of every topic group (compared as the support check compares words)."""
    have = words.content(query).words
    return all(any(words.content(word).words & have for word in group) for group in topic)


def call(target: Target | None, messages: list[dict[str, str]], max_tokens: int, timeout: float) -> tuple[str | None, float]:
    if target is None:
        return None, 0.0
    start = time.perf_counter()
    reply = quick.complete(target, messages, max_tokens=max_tokens, timeout=timeout, connect=5.0)
    return reply, time.perf_counter() - start


def run(cases: list[dict[str, Any]], target: Target | None, timeout: float) -> dict[str, Any]:
    out: dict[str, Any] = {"cases": len(cases), "rewrite_passed": 0, "rewrite_replied": 0, "topic_searched": 0,
                           "fallback_topic": 0, "llm_related": [], "engine_related": [], "llm_related_lang": 0,
                           "times": [], "examples": []}  # fmt: skip
    for case in cases:
        earlier, answer, follow_up, topic = case["earlier"], case["answer"], case["follow_up"], case["topic"]
        fallback = rewrite.fallback(follow_up, earlier)
        out["fallback_topic"] += carries(fallback, topic)
        reply, took = call(target, rewrite.messages(earlier, answer, follow_up), rewrite.MAX_TOKENS, timeout)
        candidate = rewrite.tidy(reply or "")
        passed = rewrite.check(candidate, follow_up, earlier, answer)
        out["rewrite_replied"] += reply is not None
        out["rewrite_passed"] += passed
        out["topic_searched"] += carries(candidate if passed else fallback, topic)
        if reply is not None:
            out["times"].append(took)
        out["engine_related"].append(len(related.pick(case["suggestions"], earlier, answer_lang=case["lang"])))
        reply, took = call(target, related.messages(earlier, answer, case["lang"]), related.MAX_TOKENS, timeout)
        if reply is not None:
            out["times"].append(took)
            kept = related.pick(related.lines(reply), earlier, answer_lang=case["lang"])
            out["llm_related"].append(len(kept))
            out["llm_related_lang"] += sum(language.detect(q) in ("", case["lang"]) for q in kept)
            out["examples"].append({"follow_up": follow_up, "rewrite": candidate, "passed": passed,
                                    "related": related.lines(reply)[:3], "kept": kept})  # fmt: skip
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--llm", default="", help="an OpenAI-compatible base URL ending in /v1")
    parser.add_argument("--model", default="")
    parser.add_argument("--timeout", type=float, default=90.0, help="seconds per call (the budget here is generous)")
    parser.add_argument("--examples", action="store_true", help="print each case's rewrite and related questions")
    args = parser.parse_args()
    cases = json.loads(CASES.read_text(encoding="utf-8"))["cases"]
    target = Target(args.llm, args.model) if args.llm else None
    language.detect("warm the language model up")
    r = run(cases, target, args.timeout)
    n = r["cases"]
    print(f"cases: {n}")
    print(f"fallback query carries the topic: {r['fallback_topic']}/{n}")
    print(f"engine suggestions kept per answer: mean {statistics.mean(r['engine_related']):.2f} of at most 3; "
          f"answers with none: {r['engine_related'].count(0)}/{n}")
    if target is not None:
        print(f"model rewrites: {r['rewrite_replied']}/{n} came back, {r['rewrite_passed']}/{n} passed the check")
        print(f"query searched carries the topic (rewrite when it passed, else the fallback): {r['topic_searched']}/{n}")
        kept = r["llm_related"]
        print(f"model's related questions kept per answer: mean {statistics.mean(kept or [0]):.2f} of at most 3; "
              f"answers with none: {kept.count(0)}/{len(kept)}; kept ones in the answer's language or unknown: "
              f"{r['llm_related_lang']}/{sum(kept)}")
        times = r["times"]
        if times:
            print(f"short calls: {len(times)}, wall time median {statistics.median(times):.1f} s, max {max(times):.1f} s")
    if args.examples:
        for example in r["examples"]:
            print(json.dumps(example, ensure_ascii=False))


if __name__ == "__main__":
    main()
