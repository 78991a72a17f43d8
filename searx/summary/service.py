"""The summary service: verify the evidence, then per-client cap → cache → single-flight → gate → stream.

``SummaryService.open`` either refuses before anything is streamed (a
``Refusal`` with the protocol's code) or returns the summary's typed events
(``searx.summary.events``; the view writes them as NDJSON). No LLM call happens for any refusal. Queries and answers are not logged.
Users' own servers have a gate of their own: they never take the admin
server's generation slots.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any
from urllib.parse import urlsplit

import httpx
import msgspec

from searx.errors import LLMError
from searx.network.guard import AddressGuard, instance_guard
from searx.origin import parse_origin
from searx.reader.document import PageReader
from searx.settings import Settings, share_enabled
from searx.store import Store, caches
from searx.summary import evidence, follow_up, language, passages, prompt
from searx.summary.body import Body
from searx.summary.conversation import Conversation, Conversations, Shared, new_id
from searx.summary.events import Event, Failed, Head
from searx.summary.flight import Flight
from searx.summary.gates import Gates, Refusal, Slots, choose_target, server_of
from searx.summary.generation import Ask, Cached, generate, replay
from searx.summary.llm import Target
from searx.summary.reading import ground
from searx.summary.review import expected_language
from searx.summary.sharing import share_request
from searx.summary.similarity import hybrid
from searx.summary.streams import Counted, StreamCap
from searx.summary.turns import record
from searx.text.embedder import Embedder

log = logging.getLogger("searx.summary")

CACHE_PREFIX = "ai_summary:answer:"


class Request(msgspec.Struct, kw_only=True):
    query: str
    evidence: dict[str, Any]
    signature: str
    fresh: bool = False


@dataclass(frozen=True)
class _Job:
    """One generation: where it goes, what it answers, its cache key and the client that started it."""

    key: str | None
    target: Target
    verified: evidence.Evidence
    grounded: bool
    client: str
    lang: str = ""  # the language the answer is asked in ("" = the question's)
    pages: int = 0  # how many top pages to read (0 = snippets only)


class SummaryService:
    """One per app (``create_app`` builds it); thread-safe."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        *,
        guard: AddressGuard | None = None,
        transport: httpx.BaseTransport | None = None,
        clock: Callable[[], float] = time.time,
        slots: Slots | None = None,
        reader: PageReader | None = None,
        embedder: Embedder | None = None,
    ) -> None:
        """``slots``: optional cross-instance generation cap (``searx.limiter.Limiter``); ``reader``: the page reader
        (``searx.reader.service.Reader``) that reads the top sources' pages (none: snippets only);
        ``embedder``: the instance's embedding model, for ``passage_ranking: hybrid`` (none: BM25 alone)."""
        self.settings = settings
        self.store = caches(store, settings.store)  # the answers' cache
        self.conf = settings.ai_summary
        self._secret = settings.server.secret_key.encode("utf-8")
        self._guard = guard or instance_guard(settings)
        self._transport = transport  # tests only; user servers always get a pinned transport
        self._clock = clock
        self._reader = reader
        self._gates = Gates(self.conf, slots)
        self._streams = StreamCap(self.conf.max_streams_per_client)
        self._flights: dict[str, Flight] = {}
        self._lock = threading.Lock()
        self.sharing = share_enabled(settings)
        self.conversations = Conversations(store, self.conf, self._secret)
        self._embeddings = hybrid(self.conf, embedder) if reader is not None and self.conf.read_pages > 0 else None
        if self.configured:
            language.warm()  # the answer-language model loads once per process, off the request path
            if reader is not None and self.conf.read_pages > 0:
                passages.warm()
                if self._embeddings is not None:
                    self._embeddings.warm()

    @property
    def ranking(self) -> str:
        """How passages are ranked here: ``hybrid`` (BM25 and the embedding model) or ``bm25``."""
        return "bm25" if self._embeddings is None else "hybrid"

    def close(self) -> None:
        if self._embeddings is not None:
            self._embeddings.close()

    @property
    def configured(self) -> bool:
        return bool(self.conf.base_url) or self.conf.allow_user_server

    @property
    def _kept(self) -> bool:
        """Whether answers become conversations (for follow-ups or sharing)."""
        return self.conf.max_turns > 1 or self.sharing

    def open(self, body: bytes | Mapping[str, Any], prefs: Mapping[str, str], client: str = "",
             ui_lang: str = "") -> Refusal | Counted:  # fmt: skip
        """Check a POST /ai_summary body; a Refusal, or the events to stream.

        ``client``: who asks (the limiter's key of the client address), for the per-client stream cap;
        ``ui_lang``: the interface language, the answer's language when the search has none.
        """
        try:
            request = (
                msgspec.json.decode(body, type=Request)
                if isinstance(body, bytes)
                else msgspec.convert(body, Request, strict=True)
            )
            verified = evidence.verify(request.evidence, request.signature, self._secret, self._clock())
        except (msgspec.DecodeError, msgspec.ValidationError):
            return Refusal("bad_request")
        except evidence.EvidenceError as exc:
            log.info("ai_summary: refused: %s", exc.code)
            return Refusal(exc.code)
        if request.query != verified.query:  # the query is part of what was signed
            return Refusal("bad_signature")
        target = choose_target(self.conf, self._guard, prefs)
        if isinstance(target, Refusal):
            return target
        begun = Conversation(server=server_of(target), lang=verified.lang, user_server=target.pinned is not None)
        return self._stream(client, lambda: self._start(request, verified, target, client, ui_lang),
                            (begun, new_id(), verified.query) if self._kept else None)  # fmt: skip

    def follow_up(self, body: bytes | Mapping[str, Any], prefs: Mapping[str, str], search: follow_up.Searcher,
                  client: str = "", ui_lang: str = "") -> Refusal | Counted:  # fmt: skip
        """Check a POST /ai_summary/follow_up body; a Refusal (the LLM is not called), or the events to stream.

        ``search``: runs the follow-up's search with the asking user's preferences.
        """
        reading = self.conf.grounding and self._reader is not None
        admitted = follow_up.admit(body, self.conf, self.conversations, self._guard, prefs, search=search,
                                   client=client, ui_lang=ui_lang, reading=reading)  # fmt: skip
        if isinstance(admitted, Refusal):
            return admitted
        conversation_id, plan = admitted

        def start() -> Refusal | tuple[Body[Event], bool]:
            flight = Flight()
            prepare = partial(follow_up.prepare, plan, self.conf, flight, self._reader, self._transport,
                              self._embeddings)  # fmt: skip
            if not self._launch(flight, None, plan.target, prepare, "ai-summary-follow-up"):
                return Refusal("busy")
            return flight.join(), False

        return self._stream(client, start, (plan.before, conversation_id, plan.question))

    def share(self, body: bytes | Mapping[str, Any], client: str = "") -> Refusal | tuple[str, int]:
        """Check a POST /ai_summary/share body; a Refusal, or the share's id and expiry (Unix seconds).

        ``client``: who asks (the limiter's pseudonym), for ``ai_summary.shares_per_client``."""
        if not self.sharing:
            return Refusal("disabled")
        kept = share_request(body, self.conversations)
        if isinstance(kept, Refusal):
            return kept
        made = self.conversations.share(*kept, self._clock(), client)
        return made if isinstance(made, tuple) else Refusal(made)

    def shared(self, share_id: str) -> Shared | None:
        """A shared conversation, read only (None: unknown, expired, or sharing is off)."""
        return self.conversations.shared(share_id) if self.sharing else None

    def _stream(self, client: str, start: Callable[[], Refusal | tuple[Body[Event], bool]],
                kept: tuple[Conversation, str, str] | None) -> Refusal | Counted:  # fmt: skip
        """The events ``start`` gives (and whether they are a replay), counted against the client's stream cap
        while they stream; ``kept``: the conversation before them, its id and the question, to keep them as
        its turn. A Refusal when the cap or ``start`` refuses."""
        if not self._streams.enter(client):
            return Refusal("rate_limited")
        try:
            started = start()
        except BaseException:
            self._streams.leave(client)
            raise
        if isinstance(started, Refusal):
            self._streams.leave(client)
            return started
        lines, replayed = started
        if kept is not None:
            lines = record(lines, self.conversations, *kept, max_turns=self.conf.max_turns, share=self.sharing)
        return Counted(lines, self._streams, client, replayed=replayed)

    def _launch(self, flight: Flight, key: str | None, target: Target, prepare: Callable[[], Ask | None],
                name: str) -> bool:  # fmt: skip
        """Take a generation slot and start the worker that prepares the prompt and streams the answer into
        ``flight``; False when no slot is free (nothing started)."""
        release = self._gates.acquire(user=target.pinned is not None)
        if release is None:
            return False
        try:
            threading.Thread(target=self._produce, args=(flight, key, release, prepare), name=name,
                             daemon=True).start()  # fmt: skip
        except BaseException:  # no thread: those who joined the flight still get a terminal line
            release()
            self._land(key, flight)
            flight.publish(Failed("llm_failed"))
            flight.finish()
            raise
        return True

    def _start(self, request: Request, verified: evidence.Evidence, target: Target,
               client: str, ui_lang: str) -> Refusal | tuple[Body[Event], bool]:  # fmt: skip
        """The answer and whether it is a replay: from the cache, joined to a generation in flight, or new."""
        grounded = self.conf.grounding
        lang = expected_language(verified.lang, ui_lang)
        pages = self.conf.read_pages if grounded and self._reader is not None else 0
        key = None if target.pinned else self._key(verified, target, grounded, lang, pages)
        if key and not request.fresh:
            hit = self.store.get(CACHE_PREFIX + key)
            if hit is not None:
                events = replay(verified, msgspec.json.decode(hit, type=Cached), client)
                return Body(events, lambda: None), True
        with self._lock:
            flight = self._flights.get(key) if key else None
            if flight is not None:
                return flight.join(), False
            flight = Flight()
            if key:
                self._flights[key] = flight
        relay = flight.join()
        job = _Job(key, target, verified, grounded, client, lang, pages)
        if not self._launch(flight, key, target, lambda: self._prepare(flight, job), "ai-summary"):
            self._land(key, flight)
            flight.publish(Head(verified.sources, target.model, False))
            flight.publish(Failed("busy"))
            flight.finish()
            relay.close()
            return Refusal("busy")
        return relay, False

    def _key(self, verified: evidence.Evidence, target: Target, grounded: bool, lang: str, pages: int) -> str:
        server = f"{parse_origin(target.base_url) or target.base_url}{urlsplit(target.base_url).path}"
        parts = [evidence.digest(verified), target.model, prompt.VERSION, verified.lang, lang, str(grounded),
                 f"read_pages={pages}", f"ranking={self.ranking}", server]  # fmt: skip
        return hashlib.sha256("\0".join(parts).encode()).hexdigest()

    def _land(self, key: str | None, flight: Flight) -> None:
        with self._lock:
            if key and self._flights.get(key) is flight:
                del self._flights[key]

    def _prepare(self, flight: Flight, job: _Job) -> Ask:
        """A first summary's prompt: the signed evidence and its pages read."""
        verified = job.verified
        flight.publish(Head(verified.sources, job.target.model, False))
        # the pages are read here, in the summary request: the results page never waits for them
        grounding = ground(self._reader if job.pages else None, verified, job.pages, self.conf.read_timeout,
                           self.conf.evidence_budget, flight.publish, accept_language=job.lang or None,
                           client=job.client or None, embeddings=self._embeddings)  # fmt: skip
        return Ask(target=job.target, evidence=verified, grounding=grounding, grounded=job.grounded, lang=job.lang,
                   messages=prompt.messages(verified, job.grounded, job.lang, grounding.by_source()),
                   client=job.client, question=verified.query, suggestions=verified.related)  # fmt: skip

    def _produce(self, flight: Flight, key: str | None, release: Callable[[], None],
                 prepare: Callable[[], Ask | None]) -> None:  # fmt: skip
        """The worker of one generation: prepare the prompt, stream the answer; one terminal line always."""
        try:
            ask = prepare()
            if ask is not None:
                generate(flight, ask, self.conf, transport=self._transport, keep=lambda answer: self._keep(key, answer))
        except LLMError as exc:
            if not flight.cancelled:
                flight.publish(Failed(exc.code))
        except Exception:  # noqa: BLE001 - the stream still ends with one terminal line
            log.exception("ai_summary: generation failed")
            flight.publish(Failed("llm_failed"))
        finally:
            release()
            self._land(key, flight)
            flight.finish()

    def _keep(self, key: str | None, answer: Cached) -> None:
        # only whole answers are cached ("length" was cut off by max_tokens); stored before the
        # done line, so a client that asks again at once (here or on another instance) finds it
        if key and answer.finish_reason == "stop" and self.conf.cache_ttl > 0:
            self.store.set(CACHE_PREFIX + key, msgspec.json.encode(answer), ttl=self.conf.cache_ttl)
