"""Precision and recall of the support check's flags on the labelled sentences.

The labelled set lives in ``tests/summary/fixtures/support_labelled_*.txt``
(format in the files' header). A sentence is *flagged* when its state is
``weak`` or ``uncited``; a flag is right when the label is W or U.

    python -m utils.support_eval            # the figures, per language and overall
    python -m utils.support_eval --misses   # also every wrong decision
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from searx.summary import support

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "summary" / "fixtures"
LABELS = {"S": "supported", "W": "weak", "U": "uncited", "F": "framing"}


@dataclass
class Case:
    name: str
    lang: str
    query: str = ""
    sources: dict[int, str] = field(default_factory=dict)
    sentences: list[tuple[str, str]] = field(default_factory=list)  # (label letter, text)


def load(paths: list[Path] | None = None) -> list[Case]:
    cases: list[Case] = []
    for path in paths or sorted(FIXTURES.glob("support_labelled_*.txt")):
        for raw in path.read_text(encoding="utf-8").splitlines():
            line = raw.strip()
            if not line or (line.startswith("#") and not line.startswith("## ")):
                continue
            if line.startswith("## "):
                name, lang = line[3:].split()
                cases.append(Case(name, lang))
            elif line.startswith("? "):
                cases[-1].query = line[2:]
            elif line[0].isdigit() and ": " in line:
                n, _, text = line.partition(": ")
                cases[-1].sources[int(n)] = text
            elif line[:2] in ("S ", "W ", "U ", "F "):
                cases[-1].sentences.append((line[0], line[2:]))
            else:
                raise ValueError(f"{path.name}: cannot read {line!r}")
    return cases


def answer(case: Case) -> str:
    """The case's sentences as one answer (a paragraph), as a model would write them.

    A sentence ending in a colon introduces what follows on a new line."""
    return "".join(text + ("\n" if text.endswith(":") else " ") for _, text in case.sentences).strip()


def states(case: Case) -> list[str]:
    """The checker's state for each labelled sentence, checked in the context of the whole answer."""
    text = answer(case)
    marks = support.check(text, case.sources)
    out: list[str] = []
    pos = 0
    for _, sentence in case.sentences:
        start = text.index(sentence, pos)
        end = pos = start + len(sentence)
        inside = [m for m in marks if m.start < end and m.end > start]
        flagged = [m.state for m in inside if m.state in ("weak", "uncited")]
        out.append(flagged[0] if flagged else inside[0].state if inside else "framing")
    return out


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def total(self) -> int:
        return self.tp + self.fp + self.fn + self.tn


def evaluate(cases: list[Case], misses: list[str] | None = None) -> dict[str, Score]:
    """Scores per language and ``"all"``."""
    scores: dict[str, Score] = {"all": Score()}
    for case in cases:
        for (label, text), state in zip(case.sentences, states(case), strict=True):
            truth, flagged = label in "WU", state in ("weak", "uncited")
            for key in ("all", case.lang):
                score = scores.setdefault(key, Score())
                if truth and flagged:
                    score.tp += 1
                elif flagged:
                    score.fp += 1
                elif truth:
                    score.fn += 1
                else:
                    score.tn += 1
            if misses is not None and truth != flagged:
                misses.append(f"{case.name} [{label}->{state}] {text}")
    return scores


def timing(words_per_answer: int = 300, rounds: int = 20) -> list[float]:
    """CPU milliseconds (this thread's, so other work on the machine does not count) per ``review``
    (support check + language) of a ~300-word answer, one per case and round."""
    from searx.summary import language
    from searx.summary.review import review

    language.detect("warm the model up before timing anything")
    out: list[float] = []
    for case in load():
        parts: list[str] = []
        while sum(len(p.split()) for p in parts) < words_per_answer:
            parts.extend(text for _, text in case.sentences)
        text = " ".join(parts)
        for _ in range(rounds):
            start = time.thread_time()
            review(text, case.sources, True, case.lang)
            out.append((time.thread_time() - start) * 1000)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--misses", action="store_true")
    args = parser.parse_args(argv)
    misses: list[str] = []
    scores = evaluate(load(), misses)
    for key, score in sorted(scores.items()):
        print(f"{key:4} sentences {score.total:4}  flagged-precision {score.precision:.3f}  recall {score.recall:.3f}"
              f"  (tp {score.tp} fp {score.fp} fn {score.fn})")  # fmt: skip
    if args.misses:
        print("\n".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
