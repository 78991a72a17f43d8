"""Fixtures for the AI summary tests: the fake LLM (real HTTP) and settings pointing at it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from utils.fakes.llm import FakeLLM


@pytest.fixture
def fake_llm() -> Iterator[FakeLLM]:
    with FakeLLM() as fake:
        yield fake
