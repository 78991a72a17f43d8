"""A conversation of summaries, kept server side: its turns as the server produced them, in the store.

A conversation lives under an unguessable id (128 random bits) for
``ai_summary.signature_ttl`` after its last turn; the browser holds only that id.
Everything a follow-up's prompt carries from earlier turns is read from here
(the first turn's sources were signed, later ones come from the server's own
searches, every answer is the model's as the server relayed it), so nothing the
browser sends can pose as an earlier answer or a source. A share is what the
shared page shows of the turns (no passages, no snippets, no server), under an
id derived from the conversation's and its number of turns: sharing the same
turns again gives the same link and stores nothing. Conversations and shares
live in pools of their own (``searx.store.pools``): neither can push out the
instance's state, nor the other; a full share pool refuses new links and keeps
the ones it gave out.
"""

from __future__ import annotations

import base64
import logging
import re
import secrets

import msgspec

from searx.settings_sections import AISummary
from searx.signer import SHARE_LINK, Signer
from searx.store import Pool, Store, StoreError, StoreFull, pool
from searx.summary.evidence import Source
from searx.summary.reading import Grounding
from searx.summary.review import Review

log = logging.getLogger("searx.summary")

PREFIX = "ai_summary:conversation:"
SHARE_PREFIX = "ai_summary:share:"
QUOTA_PREFIX = "ai_summary:shares:"
QUOTA_WINDOW = 86400.0  # ``ai_summary.shares_per_client`` counts the links of one day
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


class Listed(msgspec.Struct, kw_only=True):
    """A source as a shared page lists it."""

    n: int
    title: str
    url: str


class SharedTurn(msgspec.Struct, kw_only=True):
    """One turn as a shared page shows it (the names of ``Turn``'s fields, so a copy of whole turns reads too)."""

    question: str
    query: str
    text: str
    model: str
    citations: list[int] = []
    sources: list[Listed] = []
    review: Review = msgspec.field(default_factory=Review)


class Shared(msgspec.Struct, kw_only=True):
    """A conversation as a share link shows it: questions, answers, sources and support marks only."""

    v: int = 1
    created: int
    turns: list[SharedTurn]


def shown(turn: Turn) -> SharedTurn:
    """What a shared page keeps of a turn."""
    review = Review(support=turn.review.support, unanswered=turn.review.unanswered)
    return SharedTurn(question=turn.question, query=turn.query, text=turn.text, model=turn.model,
                      citations=turn.citations, sources=[Listed(n=s.n, title=s.title, url=s.url) for s in turn.sources],
                      review=review)  # fmt: skip


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
    """The conversations and shares of one app, each in a pool of the store (``store`` keeps the quota)."""

    def __init__(self, store: Store, conf: AISummary, secret: bytes) -> None:
        self.store = pool(store, Pool("conversations", conf.conversation_bytes))
        self.shares = pool(store, Pool("shares", conf.share_bytes, refuse=True))
        self.quota = store
        self.ttl, self.share_ttl, self.per_client = conf.signature_ttl, conf.share_ttl, conf.shares_per_client
        self._signer = Signer(secret, SHARE_LINK)

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

    def share_id(self, conversation_id: str, turns: int) -> str:
        """The link of a conversation's first ``turns`` turns: the same turns always get the same one, and
        nobody can tell the conversation's id from it."""
        digest = self._signer.mac(f"{conversation_id}:{turns}")
        return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")

    def share(self, conversation_id: str, conversation: Conversation, now: float,
              client: str = "") -> tuple[str, int] | str:  # fmt: skip
        """The share link's id and expiry (Unix seconds), or why not: ``rate_limited`` (``client`` made
        ``shares_per_client`` links today), ``store_full``, ``store_unavailable``. Turns shared before
        give their link again, stored once."""
        share_id = self.share_id(conversation_id, len(conversation.turns))
        try:
            made = self.shared(share_id)
            if made is not None:
                return share_id, made.created + self.share_ttl
            if client and self.per_client and not self.quota.hit_window(
                    QUOTA_PREFIX + client, now, QUOTA_WINDOW, self.per_client)[0]:  # fmt: skip
                return "rate_limited"
            copy = Shared(created=int(now), turns=[shown(t) for t in conversation.turns])
            if not self.shares.add(SHARE_PREFIX + share_id, msgspec.json.encode(copy), ttl=self.share_ttl):
                made = self.shared(share_id)  # the same turns shared at the same moment
                return (share_id, made.created + self.share_ttl) if made is not None else "store_unavailable"
        except StoreFull:
            log.warning("ai_summary: the share links' pool is full (ai_summary.share_bytes)")
            return "store_full"
        except StoreError:
            log.warning("ai_summary: the store refused a share")
            return "store_unavailable"
        return share_id, copy.created + self.share_ttl

    def shared(self, share_id: str) -> Shared | None:
        if not valid_id(share_id):
            return None
        raw = self.shares.get(SHARE_PREFIX + share_id)
        if raw is None:
            return None
        try:
            return msgspec.json.decode(raw, type=Shared)
        except (msgspec.DecodeError, msgspec.ValidationError):
            return None
