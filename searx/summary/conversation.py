"""A conversation of summaries, kept server side: its turns as the server produced them, in the store.

A conversation lives under an unguessable id (128 random bits) for
``ai_summary.signature_ttl`` after its last turn; the browser holds only that id.
Everything a follow-up's prompt carries from earlier turns is read from here
(the first turn's sources were signed, later ones come from the server's own
searches, every answer is the model's as the server relayed it), so nothing the
browser sends can pose as an earlier answer or a source. A share is a copy of
the turns under another id, without the server it was answered by.
"""

from __future__ import annotations

import logging
import re
import secrets

import msgspec

from searx.store import Store, StoreError
from searx.summary.evidence import Source
from searx.summary.reading import Grounding
from searx.summary.review import Review

log = logging.getLogger("searx.summary")

PREFIX = "ai_summary:conversation:"
SHARE_PREFIX = "ai_summary:share:"
ID = re.compile(r"[A-Za-z0-9_-]{22}")


class Turn(msgspec.Struct, kw_only=True):
    """One question and its answer: ``question`` as the user asked it, ``query`` as it was searched."""

    question: str
    query: str
    sources: list[Source]
    text: str
    model: str
    finish_reason: str
    grounded: bool
    citations: list[int] = []
    invalid: list[int] = []
    review: Review = msgspec.field(default_factory=Review)
    grounding: Grounding = msgspec.field(default_factory=Grounding)
    related: list[str] = []


class Conversation(msgspec.Struct, kw_only=True):
    """``server``: which LLM server answered it (a follow-up must go to the same one); ``lang``: the search
    language of the first turn (the follow-ups search in it); ``user_server``: answered by a user's own server."""

    v: int = 1
    server: str
    lang: str
    user_server: bool = False
    turns: list[Turn] = []

    def next_number(self) -> int:
        """The number of a follow-up's first source: sources are numbered on across turns, never reused."""
        return 1 + max((s.n for t in self.turns for s in t.sources), default=0)


class Shared(msgspec.Struct, kw_only=True):
    """A conversation as a share link shows it: questions, answers, sources and support marks only."""

    v: int = 1
    created: int
    turns: list[Turn]


def new_id() -> str:
    return secrets.token_urlsafe(16)


def valid_id(text: object) -> bool:
    return isinstance(text, str) and ID.fullmatch(text) is not None


def history(turns: list[Turn], budget: int) -> list[tuple[str, str]]:
    """(question, answer) of earlier turns for a prompt, oldest first; the newest are kept first within
    ``budget`` UTF-8 bytes (the newest is always kept, cut to the budget)."""
    kept: list[tuple[str, str]] = []
    used = 0
    for turn in reversed(turns):
        size = len(turn.question.encode()) + len(turn.text.encode())
        if kept and used + size > budget:
            break
        if not kept and size > budget:
            room = max(0, budget - len(turn.question.encode()))
            kept.append((turn.question, turn.text.encode()[:room].decode(errors="ignore")))
            break
        kept.append((turn.question, turn.text))
        used += size
    return kept[::-1]


class Conversations:
    """The conversations and shares of one app, in its store."""

    def __init__(self, store: Store, ttl: int, share_ttl: int) -> None:
        self.store, self.ttl, self.share_ttl = store, ttl, share_ttl

    def load(self, conversation_id: str) -> Conversation | None:
        """The conversation, or None when the id is unknown, expired or malformed."""
        if not valid_id(conversation_id):
            return None
        raw = self.store.get(PREFIX + conversation_id)
        if raw is None:
            return None
        try:
            return msgspec.json.decode(raw, type=Conversation)
        except (msgspec.DecodeError, msgspec.ValidationError):
            log.warning("ai_summary: a stored conversation could not be read")
            return None

    def save(self, conversation_id: str, conversation: Conversation) -> bool:
        """Store it for ``ttl`` seconds from now; False when the store refused (no follow-ups then)."""
        try:
            self.store.set(PREFIX + conversation_id, msgspec.json.encode(conversation), ttl=self.ttl)
        except StoreError:
            log.warning("ai_summary: the store refused a conversation")
            return False
        return True

    def share(self, conversation: Conversation, now: float) -> str | None:
        """A copy of its turns under a new id for ``share_ttl`` seconds (None when the store refused)."""
        turns = [msgspec.structs.replace(t, related=[]) for t in conversation.turns]
        share_id = new_id()
        try:
            self.store.set(SHARE_PREFIX + share_id, msgspec.json.encode(Shared(created=int(now), turns=turns)),
                           ttl=self.share_ttl)  # fmt: skip
        except StoreError:
            log.warning("ai_summary: the store refused a share")
            return None
        return share_id

    def shared(self, share_id: str) -> Shared | None:
        if not valid_id(share_id):
            return None
        raw = self.store.get(SHARE_PREFIX + share_id)
        if raw is None:
            return None
        try:
            return msgspec.json.decode(raw, type=Shared)
        except (msgspec.DecodeError, msgspec.ValidationError):
            return None
