"""What a shared answer's page shows: each turn's question, its answer as plain paragraphs with citation
links and support marks, and its sources (no script needed; the template escapes every text)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from searx.summary.conversation import Shared, SharedTurn

_CITATION = re.compile(r"\[(\d{1,3}(?:\s*[,;\u2013-]\s*\d{1,3})*)\]")
_NUMBER = re.compile(r"\d{1,3}")
_EMPHASIS = re.compile(r"\*\*|__|`")
FLAGGED = ("weak", "uncited")


@dataclass
class Piece:
    """A run of answer text: plain text, or a citation ``n`` with the source's ``url``."""

    text: str
    n: int = 0
    url: str = ""


@dataclass
class Run:
    """Consecutive pieces with one support state ("" unless the sentence is flagged)."""

    state: str
    pieces: list[Piece] = field(default_factory=list)
    opposite: bool = False  # flagged because its cited source says the opposite


@dataclass
class SourceView:
    n: int
    title: str
    url: str
    host: str


@dataclass
class TurnView:
    question: str
    query: str  # what was searched, when it differs from the question
    paragraphs: list[list[Run]]
    sources: list[SourceView]
    model: str
    unanswered: bool
    mostly_unsupported: bool


def _pieces(text: str, urls: dict[int, str]) -> list[Piece]:
    out: list[Piece] = []
    at = 0
    for match in _CITATION.finditer(text):
        out.append(Piece(_EMPHASIS.sub("", text[at : match.start()])))
        numbers = [int(n) for n in _NUMBER.findall(match.group(1))]
        if all(n in urls for n in numbers):
            out.extend(Piece(f"[{n}]", n, urls[n]) for n in numbers)
        else:  # a number that names no source of this turn stays text
            out.append(Piece(match.group()))
        at = match.end()
    out.append(Piece(_EMPHASIS.sub("", text[at:])))
    return [p for p in out if p.text]


def _paragraphs(turn: SharedTurn) -> list[list[Run]]:
    urls = {s.n: s.url for s in turn.sources if s.n in set(turn.citations)}
    text = turn.text
    spans: list[tuple[int, int, str, bool]] = []
    at = 0
    for mark in turn.review.support:  # offsets in code points, as Python indexes strings
        if mark.start > at:
            spans.append((at, mark.start, "", False))
        flagged = mark.state in FLAGGED
        spans.append((mark.start, mark.end, mark.state if flagged else "", flagged and bool(mark.reason)))
        at = max(at, mark.end)
    if at < len(text):
        spans.append((at, len(text), "", False))
    paragraphs: list[list[Run]] = [[]]
    for start, end, state, opposite in spans:
        for i, part in enumerate(text[start:end].split("\n\n")):
            if i:
                paragraphs.append([])
            if part:
                paragraphs[-1].append(Run(state, _pieces(part, urls), opposite))
    return [p for p in paragraphs if any(run.pieces for run in p)]


def _host(url: str) -> str:
    try:
        return (urlsplit(url).hostname or "").removeprefix("www.")
    except ValueError:
        return ""


def turns(shared: Shared) -> list[TurnView]:
    out = []
    for turn in shared.turns:
        marks = [m for m in turn.review.support if m.state != "framing"]
        flagged = sum(m.end - m.start for m in marks if m.state in FLAGGED)
        total = sum(m.end - m.start for m in marks)
        out.append(TurnView(
            question=turn.question, query=turn.query if turn.query != turn.question else "",
            paragraphs=_paragraphs(turn), model=turn.model,
            sources=[SourceView(s.n, s.title, s.url, _host(s.url)) for s in turn.sources],
            unanswered=turn.review.unanswered, mostly_unsupported=total > 0 and flagged * 2 > total,
        ))  # fmt: skip
    return out
