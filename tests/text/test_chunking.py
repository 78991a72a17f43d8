"""Passages: bounded size, boundaries, overlap, pages kept, no text lost."""

from __future__ import annotations

import re

from searx.text.chunking import split


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


def test_passages_are_bounded_and_lose_no_word():
    text = "\n\n".join(" ".join(f"Sentence {p}-{s} has some words." for s in range(12)) for p in range(20))
    passages = split([(None, text)], size=300, overlap=60)
    assert all(len(p.text) <= 300 for p in passages)
    seen = set()
    for p in passages:
        seen.update(_words(p.text))
    assert seen == set(_words(text))
    assert [p.seq for p in passages] == list(range(len(passages)))


def test_passages_end_on_sentence_boundaries_and_overlap():
    text = " ".join(f"Sentence number {i} ends here." for i in range(60))
    passages = split([(None, text)], size=200, overlap=50)
    assert len(passages) > 3
    for p in passages:
        assert p.text.endswith("ends here."), p.text
    for first, second in zip(passages, passages[1:], strict=False):
        last_sentence = first.text.rsplit("Sentence", 1)[1]
        assert last_sentence in second.text  # the overlap repeats the end of the previous passage


def test_short_paragraphs_are_packed_together_and_pages_kept():
    passages = split([(1, "One.\n\nTwo."), (2, "Three.")], size=800, overlap=100)
    assert [(p.page, p.text) for p in passages] == [(1, "One.\n\nTwo."), (2, "Three.")]


def test_a_word_longer_than_a_passage_is_cut():
    passages = split([(None, "x" * 2000)], size=500, overlap=50)
    assert all(len(p.text) <= 500 for p in passages)
    assert sum(len(p.text) for p in passages) >= 2000
