"""The LLM client: one streamed chat completion from an OpenAI-compatible server.

The only place that sees httpx while summarising: HTTP statuses, transport
errors and stream faults become ``LLMError`` codes here, once. A reader thread
feeds a queue so first-token, idle and total timeouts are exact even while
``: ping`` comments arrive, and ``close()`` from any thread shuts the socket
down at once (a browser that left must not keep the GPU busy).
"""

from __future__ import annotations

import json
import logging
import queue
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import httpx

from searx.errors import LLMError
from searx.logtext import loggable
from searx.network.guard import CheckedURL, PinnedTransport
from searx.summary.sse import SSEDecoder, SSEEvent
from searx.summary.think import ThinkFilter

log = logging.getLogger("searx.summary.llm")

MAX_STREAM_BYTES = 8 * 1024 * 1024

# registers how to abort a call when the client leaves; False: it already left
Watch = Callable[[Callable[[], None]], bool]


@dataclass(frozen=True)
class Target:
    """Where to send a completion. ``pinned``: a user server, reached only at its checked address."""

    base_url: str
    model: str
    api_key: str = field(default="", repr=False)  # never in a repr, a log line or an error
    pinned: CheckedURL | None = None

    @property
    def url(self) -> str:
        return self.base_url.rstrip("/") + "/chat/completions"


@dataclass(frozen=True)
class Limits:
    connect: float
    first_token: float
    idle: float
    total: float


@dataclass(frozen=True)
class Token:
    text: str


@dataclass(frozen=True)
class Finish:
    reason: str


@dataclass(frozen=True)
class Completion:
    """A whole reply: its text and the model's finish reason."""

    text: str
    reason: str


@dataclass
class _Progress:
    """One stream so far: when it started and must end, its last token, its finish reason, its size."""

    start: float
    deadline: float
    last_token: float | None = None
    finish: str | None = None
    answered: bool = False
    received: int = 0


def status_code(status: int) -> str:
    """The error code for an HTTP status that is not 2xx."""
    if status == 429:
        return "rate_limited"
    if status < 300 or status >= 500:
        return "llm_failed"
    return "llm_rejected"  # 3xx (redirects are refused) and 4xx


def exception_code(exc: Exception, opened: bool) -> str:
    """The error code for a transport error before or after the response started."""
    if opened:
        return "interrupted"
    if isinstance(exc, httpx.RemoteProtocolError):
        return "llm_failed"
    if isinstance(exc, (httpx.TransportError, httpx.InvalidURL, OSError)):
        return "llm_unreachable"
    return "llm_failed"


def _host(url: str) -> str:
    # logs name the server, never a path, user info or key
    return urlsplit(url).hostname or "?"


class LLMStream:
    """Iterate for ``Token`` events and one final ``Finish``; raises ``LLMError``.

    ``close()`` is safe from any thread and aborts the upstream request.
    """

    def __init__(
        self,
        target: Target,
        payload: dict[str, Any],
        limits: Limits,
        *,
        transport: httpx.BaseTransport | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.target, self.payload, self.limits = target, payload, limits
        self._transport = transport
        self._clock = clock
        self._queue: queue.Queue[tuple[Any, ...]] = queue.Queue()
        self._closed = threading.Event()
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._read, name="llm-reader", daemon=True)

    # --- the reader thread ------------------------------------------------------

    def _trace(self, name: str, info: dict[str, Any]) -> None:
        if name in ("connection.connect_tcp.complete", "connection.start_tls.complete"):
            sock = info["return_value"].get_extra_info("socket")
            if isinstance(sock, socket.socket):
                with self._lock:
                    self._sockets.append(sock)
                if self._closed.is_set():
                    self._shutdown()

    def _client(self) -> httpx.Client:
        transport = self._transport
        if transport is None and self.target.pinned is not None:
            transport = PinnedTransport(self.target.pinned)
        timeout = httpx.Timeout(
            connect=self.limits.connect,
            read=self.limits.total + 1,  # a backstop; the exact timeouts are enforced in __iter__
            write=self.limits.connect,
            pool=self.limits.connect,
        )
        # trust_env=False: straight to the LLM, never through the engines' proxy
        return httpx.Client(transport=transport, timeout=timeout, follow_redirects=False, trust_env=False)

    def _read(self) -> None:
        headers = {"Accept": "text/event-stream", "Accept-Encoding": "identity"}
        if self.target.api_key:
            headers["Authorization"] = f"Bearer {self.target.api_key}"
        opened = False
        try:
            with self._client() as client:
                request = client.build_request(
                    "POST", self.target.url, json=self.payload, headers=headers, extensions={"trace": self._trace}
                )
                response = client.send(request, stream=True)
                try:
                    if not 200 <= response.status_code < 300:
                        excerpt = b""
                        for chunk in response.iter_raw():
                            excerpt += chunk
                            if len(excerpt) > 2048 or self._closed.is_set():
                                break
                        self._queue.put(("status", response.status_code, excerpt[:2048]))
                        return
                    opened = True
                    self._queue.put(("open",))
                    for chunk in response.iter_bytes():
                        if self._closed.is_set():
                            return
                        self._queue.put(("chunk", chunk))
                finally:
                    response.close()
            self._queue.put(("end",))
        except Exception as exc:  # noqa: BLE001 - handed to __iter__, which maps it
            self._queue.put(("error", exc, opened))

    def _shutdown(self) -> None:
        with self._lock:
            sockets = list(self._sockets)
        for sock in sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)  # wakes a blocked recv; the server sees the close
            except OSError:
                pass

    def close(self) -> None:
        self._closed.set()
        self._shutdown()

    # --- the consumer -----------------------------------------------------------

    def _fail(self, code: str, detail: str) -> LLMError:
        # the detail may quote the server (a user's server writes what it likes): escaped, one line
        log.warning("ai_summary: %s from %s: %s", code, loggable(_host(self.target.base_url)), loggable(detail))
        return LLMError(detail, code=code)

    def __iter__(self) -> Iterator[Token | Finish]:
        if self._closed.is_set():  # abandoned before it began: never contact the server
            raise LLMError("closed", code="interrupted")
        self._thread.start()
        start = self._clock()
        progress = _Progress(start=start, deadline=start + self.limits.total)
        think = ThinkFilter()
        try:
            for data in self._data(progress):
                if data.strip() == "[DONE]":
                    break
                yield from self._answer(data, think, progress)
            yield from self._end(think, progress)
        finally:
            self.close()

    def _next_item(self, progress: _Progress) -> tuple[Any, ...]:
        """The reader thread's next item, within the first-token, idle and total time limits."""
        limits = self.limits
        token_limit = progress.start + limits.first_token if progress.last_token is None else progress.last_token + limits.idle
        limit = min(progress.deadline, token_limit)
        try:
            item = self._queue.get(timeout=max(0.0, limit - self._clock()))
        except queue.Empty:
            code = ("deadline" if limit == progress.deadline
                    else "first_token_timeout" if progress.last_token is None else "idle_timeout")  # fmt: skip
            raise self._fail(code, "no token in time") from None
        if self._closed.is_set():
            raise LLMError("closed", code="interrupted")
        return item

    def _chunks(self, progress: _Progress) -> Iterator[bytes | None]:
        """The body's bytes as they come, then ``None`` at its end; an HTTP or transport error raises."""
        while True:
            item = self._next_item(progress)
            kind = item[0]
            if kind == "status":
                # the body may quote the prompt: only at debug level
                log.debug("ai_summary: HTTP %s body: %r", item[1], item[2][:200])
                raise self._fail(status_code(item[1]), f"HTTP {item[1]}")
            if kind == "error":
                exc, opened = item[1], item[2]
                if opened and progress.finish is not None:
                    return  # the connection dropped after the answer was complete
                # the class only: a transport error's message can quote a header value (the key)
                raise self._fail(exception_code(exc, opened), type(exc).__name__) from exc
            if kind == "end":
                yield None
                return
            if kind == "chunk":
                progress.received += len(item[1])
                if progress.received > MAX_STREAM_BYTES:
                    raise self._fail("llm_failed", "stream too long")
                yield item[1]

    def _data(self, progress: _Progress) -> Iterator[str]:
        """The data of each server-sent event (``: ping`` keeps the connection, not the timers, alive)."""
        decoder = SSEDecoder()
        for chunk in self._chunks(progress):
            for event in decoder.close() if chunk is None else decoder.feed(chunk):
                if isinstance(event, SSEEvent):
                    yield event.data

    def _answer(self, data: str, think: ThinkFilter, progress: _Progress) -> Iterator[Token]:
        """The answer's text in one chunk, thinking kept out; notes its finish reason."""
        text, reasoning, reason = self._parse(data)
        if reasoning or text:
            progress.last_token = self._clock()
        if text:
            answer = think.feed(text)
            if answer:
                progress.answered = progress.answered or bool(answer.strip())
                yield Token(answer)
        if reason:
            progress.finish = reason

    def _end(self, think: ThinkFilter, progress: _Progress) -> Iterator[Token | Finish]:
        """What the think filter held back, then ``Finish``, or why the stream is no answer."""
        tail = think.close()
        if tail:
            progress.answered = progress.answered or bool(tail.strip())
            yield Token(tail)
        if progress.finish is None:  # cut short: no finish_reason (an empty 200 stream, a lost connection)
            raise self._fail("interrupted", "stream ended without a finish_reason")
        if not progress.answered:
            raise self._fail("no_answer", "only thinking or empty output")
        yield Finish(progress.finish)

    def _parse(self, data: str) -> tuple[str, str, str | None]:
        """(content, reasoning, finish_reason) of one chunk."""
        try:
            obj = json.loads(data)
        except ValueError:
            raise self._fail("llm_failed", "malformed JSON in the stream") from None
        if not isinstance(obj, dict):
            raise self._fail("llm_failed", "a chunk that is not an object")
        if obj.get("error"):
            error = obj["error"]
            message = error.get("message") if isinstance(error, dict) else error
            raise self._fail("llm_failed", f"error in the stream: {str(message)[:200]}")
        choices = obj.get("choices") or []  # empty in usage-only chunks
        if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
            return "", "", None
        choice = choices[0]
        delta: dict[str, Any] = choice["delta"] if isinstance(choice.get("delta"), dict) else {}
        content = delta.get("content")
        reasoning = delta.get("reasoning_content") or delta.get("reasoning")
        reason = choice.get("finish_reason")
        return (
            content if isinstance(content, str) else "",
            reasoning if isinstance(reasoning, str) else "",
            reason if isinstance(reason, str) and reason else None,
        )


def complete(target: Target, messages: list[dict[str, str]], limits: Limits, *, max_tokens: int, temperature: float,
             watch: Watch | None = None, on_token: Callable[[str], None] | None = None,
             transport: httpx.BaseTransport | None = None) -> Completion | None:  # fmt: skip
    """One chat completion of ``messages``, streamed to its end: the whole text and finish reason.

    ``watch`` gets how to abort the call (None back, the server never asked, when the client already
    left); ``on_token`` sees each piece as it arrives. A user's server (``target.pinned``) is reached
    at its checked address only, never through ``transport`` (tests). Raises ``LLMError``.
    """
    payload: dict[str, Any] = {"messages": messages, "stream": True, "max_tokens": max_tokens,
                               "temperature": temperature}  # fmt: skip
    if target.model:
        payload["model"] = target.model
    stream = LLMStream(target, payload, limits, transport=None if target.pinned else transport)
    try:
        if watch is not None and not watch(stream.close):
            return None
        text: list[str] = []
        for event in stream:
            if isinstance(event, Token):
                text.append(event.text)
                if on_token is not None:
                    on_token(event.text)
            elif isinstance(event, Finish):
                return Completion("".join(text), event.reason)
    finally:
        stream.close()
    return None
