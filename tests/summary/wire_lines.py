"""One of each line the summary stream writes (every event, error code, reading and support state), for the
docs test and the client's fixture (``client/test/fixtures/summary_lines.ndjson``, written by
``tests/summary/test_wire_lines.py``).

Each sample carries the name the client gives the event (``parseEvent``'s ``kind``): one name for one event
in the docs, on the wire and in TypeScript.
"""

from __future__ import annotations

from typing import get_args

from searx.results.types import MainResult, ResultSet
from searx.summary import evidence, ndjson
from searx.summary.events import Conversation, Delta, Done, Event, Failed, Head, Passages, Reading, Related, Search
from searx.summary.reading import STATES as READING_STATES
from searx.summary.review import Review, SupportMark

# the states a sentence's support mark may have (docs/dev/ai_summary_protocol.md, Sentence support)
SUPPORT_STATES = ("supported", "weak", "uncited", "framing")
# why a weak sentence's cited source says the opposite (a weak mark's ``reason``; "" when it does not)
SUPPORT_REASONS = ("negation", "antonym", "comparison", "role", "quantifier", "modality")
# the client's name of each event
KINDS: dict[type, str] = {Search: "search", Head: "head", Reading: "reading", Passages: "passages", Delta: "delta",
                          Related: "related", Conversation: "conversation", Done: "done", Failed: "error"}  # fmt: skip
CONVERSATION_ID = "Vh1Ab2Cd3Ef4Gh5Ij6Kl7M"  # the shape of ``conversation.new_id()``: 22 URL-safe characters

_RESULTS = ResultSet(results=[
    MainResult(url="https://alpha.example/", title="Alpha", content="Alpha is the first letter of the alphabet."),
    MainResult(url="https://beta.example/b?q=1&x=ü", title="Bêta — β", content="Beta, «the second» one."),
], suggestions=["alphabet history"])  # fmt: skip


def _done(**review_fields: object) -> Done:
    return Done(model="smollm2", finish_reason="stop", citations=[1, 2], invalid=[7], cached=False, grounded=True,
                review=review_fields)  # fmt: skip


def samples() -> list[tuple[str, Event]]:
    """(the client's kind, the event), at least one of each event type."""
    found = evidence.build(_RESULTS, "what is alpha?", "en", 5, exp=1_900_000_000, related=True)
    kinds = [(state, "") for state in SUPPORT_STATES] + [("weak", reason) for reason in SUPPORT_REASONS]
    marks = [SupportMark(start=10 * i, end=10 * i + 9, state=state, citations=[1] if i % 2 else [], score=i / 4,
                         reason=reason) for i, (state, reason) in enumerate(kinds)]  # fmt: skip
    events: list[Event] = [
        Search("how many people live in canberra", True),
        Search("alpha", False),
        Head(found.sources, "smollm2", False),
        Head([], "", True),
        *(Reading(found.sources[0].url, state) for state in READING_STATES),
        Passages([{"n": 1, "text": "Alpha is the first letter."}, {"n": 2, "text": "Beta — «the second»."}]),
        Passages([]),
        Delta("Alpha is the first letter [1]."),
        Delta(" Ünïcode — 中文, emoji 🙂, a line\nbreak and a tab\t."),
        Related(["how old is the alphabet", "what comes after beta", "is gamma third"]),
        Related([]),
        Conversation(CONVERSATION_ID, 1, 5, True),
        Conversation(CONVERSATION_ID, 5, 5, False),
        _done(**Review(support=marks, answer_lang="en", lang_mismatch=False, unanswered=False).fields()),
        _done(**Review(answer_lang="de", lang_mismatch=True, unanswered=True).fields()),
        Done(model="", finish_reason="length", citations=[], invalid=[3], cached=True, grounded=False,
             review=Review().fields()),
        *(Failed(code) for code in ndjson.MESSAGES),
    ]
    written = {type(event) for event in events}
    assert written == set(get_args(Event)) == set(KINDS), "an event without a sample or a client name"
    return [(KINDS[type(event)], event) for event in events]
