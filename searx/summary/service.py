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
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import httpx
import msgspec

from searx.collections.embed import Embedder
from searx.errors import LLMError
from searx.logtext import loggable
from searx.network.guard import AddressGuard, AddressRefusedError, hosts_of
from searx.origin import parse_origin
from searx.settings import Settings
from searx.store import Store
from searx.summary import citations, evidence, language, passages, prompt
from searx.summary.events import Delta, Done, Event, Failed, Head
from searx.summary.flight import Flight
from searx.summary.llm import Finish, Limits, LLMStream, Target, Token
from searx.summary.reading import Grounding, PageReader, ground
from searx.summary.review import Review, expected_language, review
from searx.summary.similarity import hybrid
from searx.summary.streams import Counted, StreamCap

log = logging.getLogger("searx.summary")

CACHE_PREFIX = "ai_summary:answer:"


class Request(msgspec.Struct, kw_only=True):
    query: str
    evidence: dict[str, Any]
    signature: str
    fresh: bool = False


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


@dataclass(frozen=True)
class Refusal:
    """A request refused before streaming; ``code`` is the protocol's error code."""

    code: str


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
        slots: Any = None,
        reader: PageReader | None = None,
        embedder: Embedder | None = None,
    ) -> None:
        """``slots``: optional cross-instance generation cap with ``acquire_generation() -> str | None``
        and ``release_generation(token)`` (``searx.limiter.Limiter``); ``reader``: the page reader
        (``searx.reader.service.Reader``) that reads the top sources' pages (none: snippets only);
        ``embedder``: the instance's embedding model, for ``passage_ranking: hybrid`` (none: BM25 alone)."""
        self.settings, self.store = settings, store
        self.conf = settings.ai_summary
        self._secret = settings.server.secret_key.encode("utf-8")
        self._guard = guard or AddressGuard(own_hosts=hosts_of(settings.server.base_url))
        self._transport = transport  # tests only; user servers always get a pinned transport
        self._clock = clock
        self._slots = slots
        self._reader = reader
        self._gate = threading.BoundedSemaphore(max(1, self.conf.max_concurrent))
        self._user_gate = threading.BoundedSemaphore(max(1, self.conf.user_max_concurrent))
        self._streams = StreamCap(self.conf.max_streams_per_client)
        self._flights: dict[str, Flight] = {}
        self._lock = threading.Lock()
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
        target = self._target(prefs)
        if isinstance(target, Refusal):
            return target
        if not self._streams.enter(client):
            return Refusal("rate_limited")
        try:
            result = self._start(request, verified, target, client, ui_lang)
        except BaseException:
            self._streams.leave(client)
            raise
        if isinstance(result, Refusal):
            self._streams.leave(client)
            return result
        lines, replayed = result
        return Counted(lines, self._streams, client, replayed=replayed)

    def _start(self, request: Request, verified: evidence.Evidence, target: Target,
               client: str, ui_lang: str) -> Refusal | tuple[Iterator[Event], bool]:  # fmt: skip
        """The answer and whether it is a replay: from the cache, joined to a generation in flight, or new."""
        grounded = self.conf.grounding
        lang = expected_language(verified.lang, ui_lang)
        pages = self.conf.read_pages if grounded and self._reader is not None else 0
        key = None if target.pinned else self._key(verified, target, grounded, lang, pages)
        if key and not request.fresh:
            hit = self.store.get(CACHE_PREFIX + key)
            if hit is not None:
                return self._replay(verified, msgspec.json.decode(hit, type=Cached), client), True
        with self._lock:
            flight = self._flights.get(key) if key else None
            if flight is not None:
                return flight.join(), False
            flight = Flight()
            if key:
                self._flights[key] = flight
        relay = flight.join()
        release = self._acquire(user=target.pinned is not None)
        if release is None:
            self._land(key, flight)
            flight.publish(Head(verified.sources, target.model, False))
            flight.publish(Failed("busy"))
            flight.finish()
            relay.close()
            return Refusal("busy")
        worker = threading.Thread(
            target=self._produce, args=(flight, _Job(key, target, verified, grounded, client, lang, pages), release),
            name="ai-summary", daemon=True,
        )
        worker.start()
        return relay, False

    def _acquire(self, *, user: bool) -> Callable[[], None] | None:
        """A generation slot, or None when busy; returns how to release it.

        A user's server: the users' gate only. The admin server: this process's
        gate, then the shared cap across instances.
        """
        gate = self._user_gate if user else self._gate
        if not gate.acquire(timeout=self.conf.queue_timeout):
            return None
        slots = None if user else self._slots
        if slots is None:
            return gate.release
        token = slots.acquire_generation()
        if token is None:
            gate.release()
            return None

        def release() -> None:
            try:
                slots.release_generation(token)
            finally:
                gate.release()

        return release

    def _target(self, prefs: Mapping[str, str]) -> Target | Refusal:
        conf = self.conf
        server = (prefs.get("ai_summary_server") or "").strip() if conf.allow_user_server else ""
        model = (prefs.get("ai_summary_model") or "").strip()
        if server and not (conf.base_url and (mine := parse_origin(server)) and mine == parse_origin(conf.base_url)):
            try:
                checked = self._guard.check(server)
            except AddressRefusedError as exc:
                log.info("ai_summary: user server refused: %s", loggable(exc))
                return Refusal("bad_request")
            # the admin key never goes to a server the user chose
            return Target(server, model, (prefs.get("ai_summary_api_key") or "").strip(), pinned=checked)
        if not conf.base_url:
            return Refusal("not_configured")
        # the admin's server and key serve only the admin's model, or one the admin listed
        return Target(conf.base_url, model if model in conf.models else conf.model, conf.api_key)

    def _key(self, verified: evidence.Evidence, target: Target, grounded: bool, lang: str, pages: int) -> str:
        server = f"{parse_origin(target.base_url) or target.base_url}{urlsplit(target.base_url).path}"
        parts = [evidence.digest(verified), target.model, prompt.VERSION, verified.lang, lang, str(grounded),
                 f"read_pages={pages}", f"ranking={self.ranking}", server]  # fmt: skip
        return hashlib.sha256("\0".join(parts).encode()).hexdigest()

    def _land(self, key: str | None, flight: Flight) -> None:
        with self._lock:
            if key and self._flights.get(key) is flight:
                del self._flights[key]

    def _replay(self, verified: evidence.Evidence, hit: Cached, client: str) -> Iterator[Event]:
        # "cached" only for the client that generated it: to anyone else it would tell what was searched
        cached = bool(client) and hit.creator == client
        yield Head(verified.sources, hit.model, cached)
        yield from hit.grounding.events()
        if hit.text:
            yield Delta(hit.text)
        yield Done(model=hit.model, finish_reason=hit.finish_reason, citations=hit.citations, invalid=hit.invalid,
                   cached=cached, grounded=hit.grounded, review=hit.review.fields())  # fmt: skip

    def _produce(self, flight: Flight, job: _Job, release: Callable[[], None]) -> None:
        conf, key, target, verified, grounded = self.conf, job.key, job.target, job.verified, job.grounded
        stream: LLMStream | None = None
        grounding = Grounding()
        try:
            flight.publish(Head(verified.sources, target.model, False))
            # the pages are read here, in the summary request: the results page never waits for them
            grounding = ground(self._reader if job.pages else None, verified, job.pages, conf.read_timeout,
                               conf.evidence_budget, flight.publish, accept_language=job.lang or None,
                               client=job.client or None, embeddings=self._embeddings)  # fmt: skip
            payload: dict[str, Any] = {
                "messages": prompt.messages(verified, grounded, job.lang, grounding.by_source()),
                "stream": True,
                "max_tokens": conf.max_tokens,
                "temperature": conf.temperature,
            }
            if target.model:
                payload["model"] = target.model
            limits = Limits(conf.connect_timeout, conf.first_token_timeout, conf.idle_timeout, conf.total_timeout)
            stream = LLMStream(target, payload, limits, transport=None if target.pinned else self._transport)
            if flight.cancelled or not flight.on_abandon(stream.close):
                return
            text: list[str] = []
            for event in stream:
                if isinstance(event, Token):
                    text.append(event.text)
                    flight.publish(Delta(event.text))
                elif isinstance(event, Finish):
                    self._finish(flight, job, grounding, "".join(text), event.reason)
        except LLMError as exc:
            if not flight.cancelled:
                flight.publish(Failed(exc.code))
        except Exception:  # noqa: BLE001 - the stream still ends with one terminal line
            log.exception("ai_summary: generation failed")
            flight.publish(Failed("llm_failed"))
        finally:
            if stream is not None:
                stream.close()
            release()
            self._land(key, flight)
            flight.finish()

    def _finish(self, flight: Flight, job: _Job, grounding: Grounding, text: str, reason: str) -> None:
        key, target, verified, grounded = job.key, job.target, job.verified, job.grounded
        valid, invalid = citations.find(text, len(verified.sources))
        if not grounded:  # nothing was given to cite: no number may become a link
            valid, invalid = [], sorted(set(valid) | set(invalid))
        checked = review(text, grounding.support(verified.sources), grounded, job.lang)
        answer = Cached(model=target.model, text=text, finish_reason=reason, citations=valid, invalid=invalid,
                        grounded=grounded, creator=job.client, review=checked, grounding=grounding)  # fmt: skip
        # only whole answers are cached ("length" was cut off by max_tokens); stored before the
        # done line, so a client that asks again at once (here or on another instance) finds it
        if key and reason == "stop" and self.conf.cache_ttl > 0:
            self.store.set(CACHE_PREFIX + key, msgspec.json.encode(answer), ttl=self.conf.cache_ttl)
        flight.publish(Done(model=target.model, finish_reason=reason, citations=valid, invalid=invalid, cached=False,
                            grounded=grounded, review=checked.fields()))  # fmt: skip
