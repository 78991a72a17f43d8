"""Passages: ~``size`` characters cut on paragraph, then sentence, then word boundaries, with overlap.

A passage never spans two pages, so a PDF hit can name its page.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

_PARAGRAPHS = re.compile(r"\n\s*\n")
_SENTENCES = re.compile(r"(?<=[.!?。！？])\s+")
_SPACES = re.compile(r"\s+")

_Piece = tuple[bool, str]  # (starts a paragraph, text)


@dataclass(frozen=True)
class Passage:
    seq: int
    page: int | None
    start: int  # character offset, in its page, of the paragraph the passage's new text begins in
    text: str


def _units(text: str, size: int) -> Iterator[tuple[int, bool, str]]:
    """(offset, starts a paragraph, piece): paragraphs, else sentences, else word-cut pieces ≤ ``size``."""
    pos = 0
    for para in _PARAGRAPHS.split(text):
        offset = text.find(para, pos)
        pos = offset + len(para)
        para = _SPACES.sub(" ", para).strip()
        if not para:
            continue
        first = True
        for sentence in _SENTENCES.split(para) if len(para) > size else [para]:
            while len(sentence) > size:
                cut = sentence.rfind(" ", 0, size)
                cut = cut if cut > size // 2 else size
                yield offset, first, sentence[:cut].strip()
                first, sentence = False, sentence[cut:].strip()
            if sentence:
                yield offset, first, sentence
                first = False


def _tail(pieces: list[_Piece], overlap: int) -> list[_Piece]:
    """The last pieces that fit in ``overlap`` characters (a word-cut tail of the last one if none fits)."""
    kept: list[_Piece] = []
    total = 0
    for piece in reversed(pieces):
        if total + len(piece[1]) > overlap:
            break
        kept.insert(0, piece)
        total += len(piece[1]) + 2
    if not kept and pieces and overlap > 0:
        words = pieces[-1][1][-overlap:].split(" ", 1)
        kept = [(False, words[-1])] if len(words) > 1 else []
    return kept


def _join(pieces: list[_Piece]) -> str:
    return "".join((("\n\n" if para else " ") + text) if i else text for i, (para, text) in enumerate(pieces))


def split(pages: Iterable[tuple[int | None, str]], size: int = 800, overlap: int = 100) -> list[Passage]:
    """Cut each page's text into passages of at most ``size`` characters (overlap ≤ size / 2)."""
    overlap = max(0, min(overlap, size // 2))
    out: list[Passage] = []
    for page, text in pages:
        pieces: list[_Piece] = []
        carried = 0  # how many of ``pieces`` repeat the end of the previous passage
        length = start = 0
        for offset, para, unit in _units(text, size):
            if pieces and length + len(unit) > size:
                out.append(Passage(len(out), page, start, _join(pieces)))
                pieces = _tail(pieces[carried:], overlap)
                carried = len(pieces)
                length = sum(len(p[1]) + 2 for p in pieces)
                if length + len(unit) > size:
                    pieces, carried, length = [], 0, 0
                start = offset
            if not pieces:
                start = offset
            pieces.append((para, unit))
            length += len(unit) + 2
        if len(pieces) > carried:
            out.append(Passage(len(out), page, start, _join(pieces)))
    return out
