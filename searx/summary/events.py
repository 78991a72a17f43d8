"""The events of one summary or follow-up, typed (docs/dev/ai_summary_protocol.md); ``ndjson`` writes each as one line.

The service yields them, a generation in flight keeps them for its followers,
the metrics observe them, and the view encodes them once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from searx.summary.evidence import Source


@dataclass(frozen=True)
class Search:
    """A follow-up's first line: what it searched for, and whether the model rewrote the question."""

    query: str
    rewritten: bool


@dataclass(frozen=True)
class Head:
    """First, exactly once: the sources the answer may cite."""

    sources: list[Source]
    model: str
    cached: bool


@dataclass(frozen=True)
class Reading:
    """Progress of reading one source's page: started, then ok, failed or skipped."""

    url: str
    state: str


@dataclass(frozen=True)
class Passages:
    """The passages of read pages the model is given: ``[{"n": 1, "text": "…"}]``."""

    items: list[dict[str, Any]]


@dataclass(frozen=True)
class Delta:
    """A piece of the answer."""

    text: str


@dataclass(frozen=True)
class Done:
    """The terminal line of an answer; ``review``: the support marks and language fields (``Review.fields``)."""

    model: str
    finish_reason: str
    citations: list[int]
    invalid: list[int]
    cached: bool
    grounded: bool
    review: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Related:
    """Up to three questions to ask next (before the terminal line of an answer)."""

    questions: list[str]


@dataclass(frozen=True)
class Conversation:
    """The ``conversation`` line: the conversation an answer is a turn of, for follow-ups and sharing (before
    the terminal line). Not the conversation kept in the store (``searx.summary.conversation``)."""

    conversation: str
    turn: int
    max_turns: int
    share: bool


@dataclass(frozen=True)
class Failed:
    """The terminal line of a summary that failed; ``code`` is a protocol error code."""

    code: str


Event = Search | Head | Reading | Passages | Delta | Related | Conversation | Done | Failed
