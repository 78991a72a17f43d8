"""A follow-up turned into a standalone search query: the model's rewrite, checked, or the fallback.

"how many people live there" after "capital of australia" must reach the engines
with its topic. The model may rewrite it (a short call under a strict budget);
its answer is used only when ``check`` accepts it: one line, the follow-up's
content words kept, a word of the earlier question or answer brought in, not
longer than about twice the inputs, and not an answer (no citation, no number
nor more than a couple of words that the conversation does not have). Search
syntax in it that the user did not type (``!doc``, ``:fr``) is dropped first
(``plain``). Otherwise ``fallback``: the follow-up plus the key terms of the
earlier question.
"""

from __future__ import annotations

import json
import re

from searx import query
from searx.summary import words
from searx.summary.prompt import clean

MAX_QUERY = 400  # characters of a search query made here
MAX_KEY_TERMS = 6
NEW_WORDS = 2  # words a rewrite may add that the conversation does not have ("population", "weather")
MAX_TOKENS = 48

SYSTEM = (
    "You turn a follow-up question into one standalone web search query.\n"
    "Use the earlier question to name what the follow-up is about. Keep every word of the follow-up.\n"
    "Reply with the query only, on one line: no answer, no explanation, no quotes."
)

_PREFIX = re.compile(r"^\s*(?:standalone\s+)?(?:search\s+)?query\s*:\s*", re.IGNORECASE)
_TOKEN = re.compile(r"\w+", re.UNICODE)


def messages(earlier: str, answer: str, follow_up: str) -> list[dict[str, str]]:
    """The rewrite call's messages; the texts go in as JSON strings (data, not instructions)."""
    data = json.dumps({"earlier_question": clean(earlier, MAX_QUERY), "earlier_answer": clean(answer, 600),
                       "follow_up": clean(follow_up, MAX_QUERY)}, ensure_ascii=False)  # fmt: skip
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": f"{data}\nStandalone query:"}]


def tidy(reply: str) -> str:
    """The model's reply as a query candidate: trimmed, a "Query:" label and surrounding quotes dropped."""
    text = _PREFIX.sub("", reply.strip())
    return text.strip().strip("\"'“”«»").strip()


def plain(candidate: str, follow_up: str) -> str:
    """``candidate`` without the search syntax (``searx.query``: ``!doc``, ``:fr``, ``<3``, ``!!``) the user did
    not type in ``follow_up``: the model's words must not choose the engines, the language or a redirect."""
    typed = {token.lower() for token in follow_up.split() if query.syntax(token)}
    return " ".join(token for token in candidate.split() if not query.syntax(token) or token.lower() in typed)


def check(candidate: str, follow_up: str, earlier: str, answer: str = "") -> bool:
    """Whether ``candidate`` is a usable standalone form of ``follow_up`` (see the module doc)."""
    if not candidate or "\n" in candidate or len(candidate) > min(MAX_QUERY, 2 * (len(follow_up) + len(earlier))):
        return False
    if "[" in candidate or candidate.count(". ") or candidate.endswith(":"):
        return False  # a citation, several sentences, or the start of a list: an answer
    asked, got = words.content(follow_up), words.content(candidate)
    before = words.content(f"{earlier}\n{answer}")
    if not asked.words <= got.words or not asked.numbers <= got.numbers:
        return False  # it dropped what the user asked
    if not (got.words - asked.words) & before.words:
        return False  # it did not bring in the topic
    if got.numbers - asked.numbers - before.numbers:
        return False  # a number from nowhere: it answered
    return len(got.words - asked.words - before.words) <= NEW_WORDS


def fallback(follow_up: str, earlier: str) -> str:
    """The follow-up plus the key terms of the earlier question (its content words the follow-up lacks)."""
    asked = words.content(follow_up)
    have = set(asked.words | asked.numbers)
    terms: list[str] = []
    for token in _TOKEN.findall(earlier):
        found = words.content(token)
        keys = found.words | found.numbers
        if keys and not keys <= have:
            terms.append(token)
            have |= keys
        if len(terms) >= MAX_KEY_TERMS:
            break
    return " ".join([follow_up.strip(), *terms])[:MAX_QUERY].strip()
