"""A follow-up turn: the question made standalone, a new search, its pages read, the prompt with the earlier turns.

``POST /ai_summary/follow_up`` names a conversation kept server side
(``searx.summary.conversation``) and carries only the user's new question. The
server rewrites it into a standalone query (``searx.summary.rewrite``), runs
that search the way the web and the MCP tools do (the caller's ``Searcher``:
engines, cache, plugins, safe search), numbers the new sources on from the
earlier turns, reads their pages as ``read_pages`` says and asks the model
with the earlier questions and answers as context.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import httpx
import msgspec

from searx.errors import SearxError
from searx.network.guard import AddressGuard
from searx.results.search import SearchOutcome
from searx.settings_sections import AISummary
from searx.summary import evidence, language, prompt, quick, rewrite
from searx.summary.conversation import Conversation, Conversations, history
from searx.summary.events import Failed, Head, Search
from searx.summary.flight import Flight
from searx.summary.gates import Refusal, choose_target, server_of
from searx.summary.generation import Ask
from searx.summary.llm import Target
from searx.summary.reading import PageReader, ground
from searx.summary.review import expected_language
from searx.summary.similarity import Embeddings

log = logging.getLogger("searx.summary")

MAX_QUESTION = 500  # characters of a follow-up question

# one search as the web runs it, with the asking user's preferences: (query, search language) -> its outcome
Searcher = Callable[[str, str], SearchOutcome]


class Request(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The body: the conversation's id, the user's question, and which turn it is (2 or more; an earlier
    turn's number asks it again, and the turns after it are dropped)."""

    conversation: str
    question: str
    turn: int


def parse(body: bytes | Mapping[str, Any]) -> Request | Refusal:
    """The request, or ``bad_request`` (malformed, unknown fields such as a history of its own, a question
    that is empty, too long or holds control characters)."""
    try:
        request = (msgspec.json.decode(body, type=Request) if isinstance(body, bytes)
                   else msgspec.convert(body, Request, strict=True))  # fmt: skip
    except (msgspec.DecodeError, msgspec.ValidationError):
        return Refusal("bad_request")
    question = " ".join(request.question.split())
    if not question or len(question) > MAX_QUESTION or not question.isprintable():
        return Refusal("bad_request")
    return msgspec.structs.replace(request, question=question)


@dataclass(frozen=True)
class Plan:
    """One follow-up to answer: ``before``, the conversation up to the turn before it."""

    before: Conversation
    question: str
    target: Target
    client: str
    lang: str  # the language the answer is asked in
    pages: int
    search: Searcher


def admit(body: bytes | Mapping[str, Any], conf: AISummary, conversations: Conversations,
          guard: AddressGuard, prefs: Mapping[str, str], *, search: Searcher, client: str, ui_lang: str,
          reading: bool) -> Refusal | tuple[str, Plan]:  # fmt: skip
    """The conversation's id and the follow-up to answer, or why not (before any slot is taken).
    ``reading``: whether pages are read (grounding on and a page reader)."""
    if conf.max_turns <= 1:
        return Refusal("disabled")
    request = parse(body)
    if isinstance(request, Refusal):
        return request
    if request.turn > conf.max_turns:
        return Refusal("bad_request")
    kept = conversations.load(request.conversation)
    if kept is None or not 2 <= request.turn <= len(kept.turns) + 1:
        return Refusal("bad_conversation")
    target = choose_target(conf, guard, prefs)
    if isinstance(target, Refusal):
        return target
    # answers of a user's server never reach the admin's, nor the other way round
    if server_of(target) != kept.server:
        return Refusal("bad_conversation")
    before = msgspec.structs.replace(kept, turns=kept.turns[: request.turn - 1])
    lang = language.detect(request.question) or expected_language(before.lang, ui_lang)
    pages = conf.read_pages if reading else 0
    return request.conversation, Plan(before, request.question, target, client, lang, pages, search)


def standalone(plan: Plan, conf: AISummary, flight: Flight, transport: httpx.BaseTransport | None) -> Search:
    """The query to search: the model's rewrite when it passes the check, else the fallback."""
    earlier = plan.before.turns[-1]
    reply = quick.complete(plan.target, rewrite.messages(earlier.query, earlier.text, plan.question),
                           max_tokens=rewrite.MAX_TOKENS, timeout=conf.quick_timeout, connect=conf.connect_timeout,
                           watch=flight.on_abandon, transport=transport)  # fmt: skip
    candidate = rewrite.plain(rewrite.tidy(reply or ""), plan.question)
    if rewrite.check(candidate, plan.question, earlier.query, earlier.text):
        return Search(candidate, True)
    return Search(rewrite.fallback(plan.question, earlier.query), False)


def prepare(plan: Plan, conf: AISummary, flight: Flight, reader: PageReader | None,
            transport: httpx.BaseTransport | None, embeddings: Embeddings | None = None) -> Ask | None:  # fmt: skip
    """Search, read and write the prompt, publishing the ``search``, head and reading lines; None when the
    turn ended here (its terminal line published) or the client left. ``embeddings``: the passages are
    ranked as a first turn's are (``passage_ranking``)."""
    search = standalone(plan, conf, flight, transport)
    if flight.cancelled:
        return None
    flight.publish(search)
    before = plan.before
    try:
        outcome = plan.search(search.query, before.lang)
    except SearxError as exc:
        log.info("ai_summary: a follow-up's search failed: %s", exc.code)
        flight.publish(Failed("no_results"))
        return None
    found = evidence.build(outcome.results, search.query, before.lang, conf.max_sources, exp=0,
                           first=before.next_number(), related=True)  # fmt: skip
    if conf.grounding and not found.sources:
        flight.publish(Failed("no_results"))
        return None
    flight.publish(Head(found.sources, plan.target.model, False))
    grounding = ground(reader if plan.pages else None, found, plan.pages, conf.read_timeout, conf.evidence_budget,
                       flight.publish, accept_language=plan.lang or None, client=plan.client or None,
                       embeddings=embeddings)  # fmt: skip
    messages = prompt.follow_up(found, conf.grounding, plan.lang, grounding.by_source(), plan.question,
                                history(before.turns, conf.history_budget))  # fmt: skip
    return Ask(target=plan.target, evidence=found, grounding=grounding, messages=messages, grounded=conf.grounding,
               lang=plan.lang, client=plan.client, question=plan.question,
               earlier=(*(t.question for t in before.turns), search.query), suggestions=found.related)  # fmt: skip
