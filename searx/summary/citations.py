"""Citation numbers in an answer: which name a given source and which point at nothing."""

from __future__ import annotations

import re

# [1], [2, 3], [4-5] are citations; [text] and links are not
CITATION = re.compile(r"\[(\d{1,3}(?:\s*[,;\u2013-]\s*\d{1,3})*)\]")
NUMBER = re.compile(r"\d{1,3}")


def find(text: str, count: int, first: int = 1) -> tuple[list[int], list[int]]:
    """(valid, invalid): sorted distinct citation numbers, valid when first <= n < first + count
    (a follow-up's sources are numbered on from the turns before it)."""
    numbers: set[int] = set()
    for match in CITATION.finditer(text):
        numbers.update(int(n) for n in NUMBER.findall(match.group(1)))
    valid = sorted(n for n in numbers if first <= n < first + count)
    invalid = sorted(n for n in numbers if not first <= n < first + count)
    return valid, invalid


def strip(text: str) -> str:
    """``text`` without its citation marks (an earlier answer in a follow-up's prompt: its sources are not
    given again, so its numbers would name nothing)."""
    return CITATION.sub("", text).replace(" .", ".").replace(" ,", ",")
