"""What the server says about a finished answer: sentence support, its language, "no answer".

Runs once after the last token (no LLM call); the result goes into the ``done``
line and into the answer cache, so a replayed answer carries the same marks.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from searx.summary import language, support


class SupportMark(msgspec.Struct, kw_only=True):
    start: int
    end: int
    state: str
    citations: list[int]
    score: float
    reason: str = ""  # a weak sentence whose cited source says the opposite: how ("negation", "antonym", …)


class Review(msgspec.Struct, kw_only=True):
    support: list[SupportMark] = []
    answer_lang: str = ""
    lang_mismatch: bool = False
    unanswered: bool = False

    def fields(self) -> dict[str, object]:
        """The keys this review adds to the ``done`` line."""
        return {"support": self.support, "answer_lang": self.answer_lang, "lang_mismatch": self.lang_mismatch,
                "unanswered": self.unanswered}  # fmt: skip


def expected_language(search_lang: str, ui_lang: str) -> str:
    """The language the answer should be in: the search's, else the interface's ("" if unknown)."""
    return language.base(search_lang) or language.base(ui_lang)


def review(text: str, sources: Mapping[int, str], grounded: bool, expected: str) -> Review:
    """Check ``text`` against ``sources`` (n -> the text that may support it), in the language it is
    written in (else the one it was asked in): contradictions are found in languages with word lists."""
    detected = language.detect(text)
    marks = support.check(text, sources, detected or expected) if grounded else []
    return Review(
        support=[SupportMark(start=m.start, end=m.end, state=m.state, citations=m.citations, score=m.score,
                             reason=m.reason) for m in marks],  # fmt: skip
        answer_lang=detected,
        lang_mismatch=bool(detected and expected and detected != expected),
        unanswered=grounded and support.no_answer(text, marks),
    )
