"""A finished answer kept as a turn of its conversation: the ``conversation`` line before its done line.

Wraps the events one request streams (a first summary, a replay, a follow-up):
it notes what they carry (the search, the sources, the pages read, the answer,
the related questions) and, when the answer is done, stores the conversation
with this turn appended and tells the client its id. Each request has its own
conversation, also when it shared a generation or replayed a cached answer.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

import searx.summary.events as summary_events
from searx.summary.body import Body
from searx.summary.conversation import Conversation, Conversations, Turn
from searx.summary.events import Delta, Done, Event, Head, Passages, Reading, Related, Search
from searx.summary.evidence import Source
from searx.summary.reading import Grounding, PassageOut, ReadState
from searx.summary.review import Review


class _Seen:
    """What the events of one answer carried so far."""

    def __init__(self, query: str) -> None:
        self.query = query
        self.sources: list[Source] = []
        self.reading: dict[str, str] = {}  # url -> its last state, in the order first seen
        self.passages: list[PassageOut] = []
        self.text: list[str] = []
        self.related: list[str] = []

    def see(self, event: Event) -> None:
        if isinstance(event, Search):
            self.query = event.query
        elif isinstance(event, Head):
            self.sources = list(event.sources)
        elif isinstance(event, Reading):
            self.reading[event.url] = event.state
        elif isinstance(event, Passages):
            self.passages = [PassageOut(n=p["n"], text=p["text"]) for p in event.items]
        elif isinstance(event, Delta):
            self.text.append(event.text)
        elif isinstance(event, Related):
            self.related = list(event.questions)

    def turn(self, question: str, done: Done) -> Turn:
        grounding = Grounding(reading=[ReadState(url=u, state=s) for u, s in self.reading.items()],
                              passages=self.passages)  # fmt: skip
        checked = msgspec.convert(msgspec.to_builtins(done.review), Review)
        return Turn(question=question, query=self.query, sources=self.sources, text="".join(self.text),
                    model=done.model, finish_reason=done.finish_reason, grounded=done.grounded,
                    citations=done.citations, invalid=done.invalid, review=checked, grounding=grounding,
                    related=self.related)  # fmt: skip


def record(events: Body[Event], conversations: Conversations, before: Conversation, conversation_id: str,
           question: str, *, max_turns: int, share: bool) -> Body[Event]:  # fmt: skip
    """``events`` as they are, with the ``conversation`` line before a done line once the turn is stored.

    ``before``: the conversation without this turn (no turns for a first summary); ``question``: the
    user's question of this turn.
    """

    def relay() -> Iterator[Event]:
        seen = _Seen(question)
        for event in events:
            if isinstance(event, Done):
                after = msgspec.structs.replace(before, turns=[*before.turns, seen.turn(question, event)])
                if conversations.save(conversation_id, after):
                    yield summary_events.Conversation(conversation_id, len(after.turns), max_turns,
                                                      share and not after.user_server)  # fmt: skip
            else:
                seen.see(event)
            yield event

    return Body(relay(), events.close)
