"""The test tree itself: pytest imports test modules by file name (no packages), so each name is unique."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_test_module_names_are_unique() -> None:
    names = Counter(p.name for p in TESTS.rglob("test_*.py") if "output" not in p.parts)
    assert [n for n, count in names.items() if count > 1] == []
