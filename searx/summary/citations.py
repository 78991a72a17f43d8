"""Citation numbers in an answer: which name a given source and which point at nothing."""

from __future__ import annotations

import re

# [1], [2, 3], [4-5] are citations; [text] and links are not
CITATION = re.compile(r"\[(\d{1,3}(?:\s*[,;\u2013-]\s*\d{1,3})*)\]")
NUMBER = re.compile(r"\d{1,3}")


def find(text: str, count: int) -> tuple[list[int], list[int]]:
    """(valid, invalid): sorted distinct citation numbers, valid when 1 <= n <= count."""
    numbers: set[int] = set()
    for match in CITATION.finditer(text):
        numbers.update(int(n) for n in NUMBER.findall(match.group(1)))
    valid = sorted(n for n in numbers if 1 <= n <= count)
    invalid = sorted(n for n in numbers if not 1 <= n <= count)
    return valid, invalid
