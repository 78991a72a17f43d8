"""Related questions: up to three things to ask next, from the engines' suggestions and/or the model.

Candidates are kept only when well formed (one short line of words, no link,
markup or citation), in the answer's language when that can be told, and new:
never the question itself, an earlier question of the conversation, or one
whose content words the question already has.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Sequence

from searx.summary import language, words
from searx.summary.prompt import clean

LIMIT = 3
MIN_CHARS = 3
MAX_CHARS = 120
MAX_TOKENS = 96

SYSTEM = (
    "You suggest follow-up questions for a search engine user who just read an answer.\n"
    "Write three short questions the user might ask next, one per line, in the language of the answer.\n"
    "Each must be new: not the user's question again, and not answered by the answer. "
    "No numbering, no answers, nothing else."
)

_LIST_MARK = re.compile(r"^\s*(?:[-*•·]|\d{1,2}[.)])\s*")
_BAD = re.compile(r"https?://|www\.|[<>\[\]{}|\\`*_#=]|\s:\s*$")
_LETTER = re.compile(r"[^\W\d_]")


def messages(question: str, answer: str, lang: str) -> list[dict[str, str]]:
    """The related-questions call: the question and answer as JSON strings (data, not instructions)."""
    data = json.dumps({"question": clean(question, 400), "answer": clean(answer, 1500)}, ensure_ascii=False)
    hint = f" Answer language: {lang}." if lang else ""
    return [{"role": "system", "content": SYSTEM + hint}, {"role": "user", "content": f"{data}\nQuestions:"}]


def lines(reply: str) -> list[str]:
    """The model's reply as candidates: one per line, list marks and quotes dropped."""
    out = []
    for line in reply.splitlines():
        text = _LIST_MARK.sub("", line).strip().strip("\"'“”«»").strip()
        if text:
            out.append(text)
    return out


def well_formed(text: str) -> bool:
    if not MIN_CHARS <= len(text) <= MAX_CHARS or _BAD.search(text):
        return False
    if any(unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs") for c in text):  # line breaks, direction marks
        return False
    return bool(_LETTER.search(text))


def _key(text: str) -> str:
    return " ".join(words.fold(text).replace("?", " ").split())


def pick(candidates: Iterable[str], question: str, earlier: Sequence[str] = (), answer_lang: str = "",
         limit: int = LIMIT) -> list[str]:  # fmt: skip
    """The first ``limit`` candidates that are well formed, new and in ``answer_lang`` (when known)."""
    asked = words.content(question)
    seen = {_key(q) for q in (question, *earlier)}
    chosen: list[str] = []
    for raw in candidates:
        text = str(raw).strip()
        key = _key(text)
        if not well_formed(text) or key in seen:
            continue
        got = words.content(text)
        if (got.words | got.numbers) <= (asked.words | asked.numbers):
            continue  # nothing the question does not already ask
        found = language.detect(text)
        if answer_lang and found and found != answer_lang:
            continue
        seen.add(key)
        chosen.append(text)
        if len(chosen) >= limit:
            break
    return chosen
