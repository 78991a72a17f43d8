"""Precision and recall of the support check's flags on the labelled sentences, and of its contradictions.

Two labelled sets live in ``tests/summary/fixtures/`` (format in the files' header):
``support_labelled_*.txt`` (supported, weak, uncited, framing sentences) and
``contradiction_labelled_*.txt`` (sentences whose cited source says the opposite,
``C:kind``, among similar supported ones). A sentence is *flagged* when its state
is ``weak`` or ``uncited``; a flag is right when the label is W, U or C. A flag
*says opposite* when it carries a contradiction's reason.

    python -m utils.support_eval            # the figures, per language and overall (and per kind)
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
SUPPORT = "support_labelled_*.txt"
CONTRADICTIONS = "contradiction_labelled_*.txt"
LABELS = {"S": "supported", "W": "weak", "U": "uncited", "F": "framing", "C": "weak"}
KINDS = ("negation", "antonym", "comparison", "role", "quantifier", "modality")


@dataclass(frozen=True)
class Line:
    label: str  # a letter of LABELS
    text: str
    kind: str = ""  # for C: what the sentence turned into its opposite (one of KINDS)


@dataclass
class Case:
    name: str
    lang: str
    query: str = ""
    sources: dict[int, str] = field(default_factory=dict)
    sentences: list[Line] = field(default_factory=list)


def load(paths: list[Path] | None = None, pattern: str = SUPPORT) -> list[Case]:
    cases: list[Case] = []
    for path in paths or sorted(FIXTURES.glob(pattern)):
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
                cases[-1].sentences.append(Line(line[0], line[2:]))
            elif line.startswith("C:") and line[2:].split(" ", 1)[0] in KINDS:
                kind, _, text = line[2:].partition(" ")
                cases[-1].sentences.append(Line("C", text, kind))
            else:
                raise ValueError(f"{path.name}: cannot read {line!r}")
    return cases


def answer(case: Case) -> str:
    """The case's sentences as one answer (a paragraph), as a model would write them.

    A sentence ending in a colon introduces what follows on a new line."""
    return "".join(s.text + ("\n" if s.text.endswith(":") else " ") for s in case.sentences).strip()


def judged(case: Case) -> list[tuple[str, str]]:
    """The checker's (state, reason) for each labelled sentence, checked in the context of the whole answer."""
    text = answer(case)
    marks = support.check(text, case.sources, case.lang)
    out: list[tuple[str, str]] = []
    pos = 0
    for line in case.sentences:
        start = text.index(line.text, pos)
        end = pos = start + len(line.text)
        inside = [m for m in marks if m.start < end and m.end > start]
        flagged = [m for m in inside if m.state in ("weak", "uncited")]
        mark = flagged[0] if flagged else inside[0] if inside else None
        out.append((mark.state, mark.reason) if mark else ("framing", ""))
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

    def add(self, truth: bool, flagged: bool) -> None:
        if truth and flagged:
            self.tp += 1
        elif flagged:
            self.fp += 1
        elif truth:
            self.fn += 1
        else:
            self.tn += 1


def evaluate(cases: list[Case], misses: list[str] | None = None) -> dict[str, Score]:
    """Flag scores per language and ``"all"``; with contradictions, also per kind (``"kind:negation"``: its
    recall); and ``"opposite"``: how often a flag that says "the source says the opposite" is right (on a
    contradiction, or on a weak sentence of the support set)."""
    scores: dict[str, Score] = {"all": Score()}
    for case in cases:
        for line, (state, reason) in zip(case.sentences, judged(case), strict=True):
            truth, flagged = line.label in "WUC", state in ("weak", "uncited")
            for key in ("all", case.lang) + ((f"kind:{line.kind}",) if line.kind else ()):
                scores.setdefault(key, Score()).add(truth, flagged)
            if reason:
                scores.setdefault("opposite", Score()).add(truth, True)
            if misses is not None and truth != flagged:
                misses.append(f"{case.name} [{line.label}{':' + line.kind if line.kind else ''}->{state}"
                              f"{':' + reason if reason else ''}] {line.text}")  # fmt: skip
    return scores


def timing(words_per_answer: int = 300, rounds: int = 20) -> list[float]:
    """CPU milliseconds (this thread's, so other work on the machine does not count) per ``review``
    (support check + language) of a ~300-word answer, one per case of both sets and round."""
    from searx.summary import language
    from searx.summary.review import review

    language.detect("warm the model up before timing anything")
    out: list[float] = []
    for case in load() + load(pattern=CONTRADICTIONS):
        parts: list[str] = []
        while sum(len(p.split()) for p in parts) < words_per_answer:
            parts.extend(s.text for s in case.sentences)
        text = " ".join(parts)
        for _ in range(rounds):
            start = time.thread_time()
            review(text, case.sources, True, case.lang)
            out.append((time.thread_time() - start) * 1000)
    return out


def _report(title: str, scores: dict[str, Score]) -> None:
    print(title)
    for key, score in sorted(scores.items(), key=lambda kv: (kv[0].startswith(("kind:", "opposite")), kv[0])):
        if key.startswith("kind:"):
            print(f"  {key:16} sentences {score.total:4}  flagged {score.recall:.3f}  (tp {score.tp} fn {score.fn})")
        elif key == "opposite":
            print(f"  {key:16} flags     {score.tp + score.fp:4}  right {score.precision:.3f}"
                  f"  (tp {score.tp} fp {score.fp})")  # fmt: skip
        else:
            print(f"  {key:16} sentences {score.total:4}  flagged-precision {score.precision:.3f}  recall "
                  f"{score.recall:.3f}  (tp {score.tp} fp {score.fp} fn {score.fn})")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--misses", action="store_true")
    args = parser.parse_args(argv)
    misses: list[str] = []
    _report("support (support_labelled_*): flags on weak and uncited sentences", evaluate(load(), misses))
    _report("contradictions (contradiction_labelled_*): recall = contradictions flagged",
            evaluate(load(pattern=CONTRADICTIONS), misses))  # fmt: skip
    if args.misses:
        print("\n".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
