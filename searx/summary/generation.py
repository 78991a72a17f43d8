"""One answer generated: the LLM's stream relayed as deltas, then the server's review, related questions and done.

Shared by a first summary and a follow-up: the caller has chosen the sources,
read the pages and written the prompt; this streams the model's answer into
the flight, checks it (citations against the sources this turn was given,
sentence support, language), picks the related questions and publishes the
terminal line. ``Cached`` is the finished answer, as the answer cache keeps it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import httpx
import msgspec

from searx.settings_sections import AISummary
from searx.summary import citations, quick, related
from searx.summary.events import Delta, Done, Event, Head, Related
from searx.summary.evidence import Evidence
from searx.summary.flight import Flight
from searx.summary.llm import Limits, Target, complete
from searx.summary.reading import Grounding
from searx.summary.review import Review, review

log = logging.getLogger("searx.summary")


class Cached(msgspec.Struct, kw_only=True):
    model: str
    text: str
    finish_reason: str
    citations: list[int]
    invalid: list[int]
    grounded: bool
    creator: str = ""  # the pseudonym of the client whose request generated it
    review: Review = msgspec.field(default_factory=Review)
    grounding: Grounding = msgspec.field(default_factory=Grounding)
    related: list[str] = []


@dataclass(frozen=True)
class Ask:
    """What to answer: the prompt and what it was built from.

    ``evidence``: the sources this turn was given (numbered on across a conversation);
    ``question``: what the user asked this turn; ``earlier``: the questions before it;
    ``suggestions``: the engines' suggestions for this turn's search.
    """

    target: Target
    evidence: Evidence
    grounding: Grounding
    messages: list[dict[str, str]]
    grounded: bool
    lang: str
    client: str
    question: str
    earlier: tuple[str, ...] = ()
    suggestions: Sequence[str] = field(default_factory=list)


def replay(verified: Evidence, hit: Cached, client: str) -> Iterator[Event]:
    """A cached answer's lines, as its generation sent them."""
    # "cached" only for the client that generated it: to anyone else it would tell what was searched
    cached = bool(client) and hit.creator == client
    yield Head(verified.sources, hit.model, cached)
    yield from hit.grounding.events()
    if hit.text:
        yield Delta(hit.text)
    yield Related(hit.related)
    yield Done(model=hit.model, finish_reason=hit.finish_reason, citations=hit.citations, invalid=hit.invalid,
               cached=cached, grounded=hit.grounded, review=hit.review.fields())  # fmt: skip


def generate(flight: Flight, ask: Ask, conf: AISummary, *, transport: httpx.BaseTransport | None = None,
             keep: Callable[[Cached], None] | None = None) -> None:  # fmt: skip
    """Stream the answer into ``flight``; ``keep`` gets a finished answer before its done line (the cache).
    Raises ``LLMError`` for the caller to publish."""
    limits = Limits(conf.connect_timeout, conf.first_token_timeout, conf.idle_timeout, conf.total_timeout)
    reply = complete(ask.target, ask.messages, limits, max_tokens=conf.max_tokens, temperature=conf.temperature,
                     watch=flight.on_abandon, on_token=lambda text: flight.publish(Delta(text)),
                     transport=transport)  # fmt: skip
    if reply is not None:
        _finish(flight, ask, conf, reply.text, reply.reason, transport, keep)


def _finish(flight: Flight, ask: Ask, conf: AISummary, text: str, reason: str,
            transport: httpx.BaseTransport | None, keep: Callable[[Cached], None] | None) -> None:  # fmt: skip
    sources = ask.evidence.sources
    valid, invalid = citations.find(text, len(sources), sources[0].n if sources else 1)
    if not ask.grounded:  # nothing was given to cite: no number may become a link
        valid, invalid = [], sorted(set(valid) | set(invalid))
    checked = review(text, ask.grounding.support(sources), ask.grounded, ask.lang)
    questions = _related(flight, ask, conf, text, checked.answer_lang or ask.lang, transport)
    answer = Cached(model=ask.target.model, text=text, finish_reason=reason, citations=valid, invalid=invalid,
                    grounded=ask.grounded, creator=ask.client, review=checked, grounding=ask.grounding,
                    related=questions)  # fmt: skip
    if keep is not None:
        keep(answer)
    flight.publish(Related(questions))
    flight.publish(Done(model=ask.target.model, finish_reason=reason, citations=valid, invalid=invalid, cached=False,
                        grounded=ask.grounded, review=checked.fields()))  # fmt: skip


def _related(flight: Flight, ask: Ask, conf: AISummary, text: str, lang: str,
             transport: httpx.BaseTransport | None) -> list[str]:  # fmt: skip
    """Up to three questions: the engines' suggestions first, then the model's (as ``related`` says)."""
    candidates = list(ask.suggestions) if conf.related in ("engines", "both") else []
    if conf.related in ("llm", "both") and not flight.cancelled:
        reply = quick.complete(ask.target, related.messages(ask.question, text, lang), max_tokens=related.MAX_TOKENS,
                               timeout=conf.quick_timeout, connect=conf.connect_timeout, watch=flight.on_abandon,
                               transport=transport)  # fmt: skip
        candidates += related.lines(reply or "")
    return related.pick(candidates, ask.question, ask.earlier, lang)
