"""A fake OpenAI-compatible LLM server: real HTTP on 127.0.0.1, scriptable per test.

Each request to ``/v1/chat/completions`` plays the next scripted ``Reply`` (or
the default): SSE chunks, byte-by-byte writes, delays, ``: ping``, reasoning,
an error object, no ``[DONE]``, an HTTP error, a stall, an empty stream. It
records every request, when it wrote each answer's first and last token
(``marks``; ``GET /stats`` from another process) and notices when a client goes away.
Run ``python -m utils.fakes.llm --port 8081`` for development.
"""

from __future__ import annotations

import argparse
import json
import select
import socket
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def chunk(content: str | None = None, *, reasoning: str | None = None, finish: str | None = None,
          model: str = "fake-model") -> bytes:  # fmt: skip
    """One SSE ``data:`` event as an OpenAI chat.completion.chunk."""
    delta: dict[str, Any] = {}
    if content is not None:
        delta["content"] = content
    if reasoning is not None:
        delta["reasoning_content"] = reasoning
    body = {"object": "chat.completion.chunk", "model": model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}  # fmt: skip
    return b"data: " + json.dumps(body).encode() + b"\n\n"


DONE = b"data: [DONE]\n\n"
PING = b": ping - fake\r\n\r\n"


@dataclass
class Reply:
    """What one request gets. ``steps``: ("send", bytes) | ("sleep", s) | ("wait", Event) | ("stall", s)
    | ("cut", None) (drop the connection without ending the body) | ("mark", name) (note the time)."""

    status: int = 200
    steps: list[tuple[str, Any]] = field(default_factory=list)
    split: bool = False  # write every byte separately (its own HTTP chunk)
    content_type: str = "text/event-stream"

    @classmethod
    def tokens(cls, tokens: Sequence[str], *, finish: str | None = "stop", done: bool = True, delay: float = 0.0,
               split: bool = False, ping: bool = False, reasoning: Sequence[str] = (), think: bool = False,
               error_after: int | None = None, gate_after: int | None = None,
               gate: threading.Event | None = None) -> Reply:  # fmt: skip
        """A streamed answer; ``gate`` (after ``gate_after`` tokens) pauses until the test sets it."""
        steps: list[tuple[str, Any]] = [("send", PING)] if ping else []
        steps.append(("send", chunk("")))  # the role chunk real servers send first
        for text in reasoning:
            steps.append(("send", chunk(reasoning=text)))
        if think:
            steps.append(("send", chunk("<think>I should ")))
            steps.append(("send", chunk("ponder.</th")))
            steps.append(("send", chunk("ink>")))
        for i, text in enumerate(tokens):
            if gate is not None and gate_after == i:
                steps.append(("wait", gate))
            if error_after == i:
                steps.append(("send", b'data: {"error": {"message": "model crashed", "code": 500}}\n\n'))
                return cls(steps=steps, split=split)
            if delay:
                steps.append(("sleep", delay))
            steps.append(("send", chunk(text)))
            if i == 0:
                steps.append(("mark", "first"))
            if ping:
                steps.append(("send", PING))
        if tokens:
            steps.append(("mark", "last"))
        if finish is not None:
            steps.append(("send", chunk(finish=finish)))
        if done:
            steps.append(("send", DONE))
        return cls(steps=steps, split=split)

    @classmethod
    def error(cls, status: int, body: str = '{"error": {"message": "no"}}') -> Reply:
        return cls(status=status, steps=[("send", body.encode())], content_type="application/json")

    @classmethod
    def stall(cls, seconds: float = 30.0, before: Sequence[str] = ()) -> Reply:
        steps = [("send", chunk(text)) for text in before]
        return cls(steps=[*steps, ("stall", seconds)])


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: Any


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:  # noqa: N802 - http.server's names
        if self.path == "/stats":  # for benchmarks that run this server in another process
            fake = self.server.fake
            with fake._lock:
                stats = {"calls": sum(1 for r in fake.requests if r.path.rstrip("/").endswith("/chat/completions")),
                         "marks": list(fake.marks)}  # fmt: skip
            data = json.dumps(stats).encode()
            self._head(200, "application/json", len(data))
            self.wfile.write(data)
            return
        body = json.dumps({"object": "list", "data": [{"id": "fake-model", "object": "model"}]}).encode()
        self._head(200, "application/json", len(body))
        self.wfile.write(body)

    def do_POST(self) -> None:  # noqa: N802
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            body: Any = json.loads(raw)
        except ValueError:
            body = raw
        fake = self.server.fake
        reply = fake._receive(Recorded(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
        if reply is None:
            self._head(404, "text/plain", 9)
            self.wfile.write(b"not found")
            return
        self._play(reply)

    def _head(self, status: int, content_type: str, length: int | None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if length is None:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(length))
        self.end_headers()
        self.wfile.flush()

    def _play(self, reply: Reply) -> None:
        sock = self.connection
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if reply.status != 200:
            body = b"".join(data for kind, data in reply.steps if kind == "send")
            self._head(reply.status, reply.content_type, len(body))
            self.wfile.write(body)
            return
        self._head(200, reply.content_type, None)
        self.close_connection = True
        try:
            for kind, arg in reply.steps:
                if kind == "send":
                    pieces = [arg[i : i + 1] for i in range(len(arg))] if reply.split else [arg]
                    for piece in pieces:
                        sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece))
                elif kind == "cut":  # drop the connection mid-body, without the final chunk
                    return
                elif kind == "mark":  # time.monotonic() is system-wide, so other processes can compare
                    self.server.fake._mark(arg)
                elif not self._wait(sock, arg if kind != "wait" else None, arg if kind == "wait" else None):
                    return
            sock.sendall(b"0\r\n\r\n")
        except OSError:  # BrokenPipe / ConnectionReset: the client went away
            self.server.fake._gone()

    def _wait(self, sock: socket.socket, seconds: float | None, gate: threading.Event | None) -> bool:
        """Sleep (or wait for ``gate``) while watching for the client to close; False if it did."""
        end = time.monotonic() + (seconds if seconds is not None else 60.0)
        stopping = self.server.fake._stopping
        while time.monotonic() < end and not stopping.is_set():
            if gate is not None and gate.is_set():
                return True
            # never past the end: a short sleep (a fast token rate) must stay short
            readable, _, _ = select.select([sock], [], [], max(0.0, min(0.02, end - time.monotonic())))
            if readable:
                try:
                    data = sock.recv(1, socket.MSG_PEEK)
                except OSError:
                    data = b""
                if not data:
                    self.server.fake._gone()
                    return False
        return gate is None and not stopping.is_set()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    fake: FakeLLM


class FakeLLM:
    """``with FakeLLM() as llm: llm.script(Reply.tokens([...]))``; ``llm.base_url`` ends in /v1."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, default: Reply | None = None) -> None:
        self.default = default or Reply.tokens(["Hello", " world", " [1]."])
        self.requests: list[Recorded] = []
        self.disconnects: list[float] = []  # time.monotonic() of each client that went away
        self.marks: list[tuple[str, float]] = []  # ("first" | "last", time.monotonic()) per streamed answer
        self.disconnected = threading.Event()
        self._replies: deque[Reply] = deque()
        self._lock = threading.Lock()
        self._received = threading.Condition(self._lock)
        self._stopping = threading.Event()
        self._server = _Server((host, port), _Handler)
        self._server.fake = self
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, name="fake-llm", daemon=True
        )

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def calls(self) -> int:
        """Chat completion requests received."""
        with self._lock:
            return self.calls_locked()

    def script(self, *replies: Reply) -> None:
        """The next requests get these replies, in order; later ones get ``default``."""
        with self._lock:
            self._replies.extend(replies)

    def wait_calls(self, n: int, timeout: float = 10.0) -> bool:
        """Wait until ``n`` chat completion requests have arrived (and taken their replies)."""
        with self._received:
            return self._received.wait_for(lambda: self.calls_locked() >= n, timeout)

    def calls_locked(self) -> int:
        return sum(1 for r in self.requests if r.path.rstrip("/").endswith("/chat/completions"))

    def _receive(self, recorded: Recorded) -> Reply | None:
        """Record a request and, for a chat completion, take its reply in the same step (so the
        order of ``calls`` is the order of the scripted replies)."""
        with self._received:
            self.requests.append(recorded)
            if not recorded.path.rstrip("/").endswith("/chat/completions"):
                return None
            self._received.notify_all()
            return self._replies.popleft() if self._replies else self.default

    def _mark(self, name: str) -> None:
        with self._lock:
            self.marks.append((name, time.monotonic()))

    def _gone(self) -> None:
        with self._lock:
            self.disconnects.append(time.monotonic())
        self.disconnected.set()

    def start(self) -> FakeLLM:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> FakeLLM:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8081)
    parser.add_argument("--delay", type=float, default=0.05, help="seconds between tokens")
    parser.add_argument("--tokens", type=int, default=0, help="answer with this many one-word tokens [1]")
    args = parser.parse_args()
    if args.tokens:
        words = [f"w{i}" for i in range(args.tokens - 1)] + ["[1]."]
    else:
        words = "This is a fake summary of the search results [1], streamed word by word [2].".split(" ")
    reply = Reply.tokens([w if i == 0 else " " + w for i, w in enumerate(words)], delay=args.delay)
    with FakeLLM(port=args.port, default=reply) as fake:
        print(f"fake LLM at {fake.base_url} (Ctrl-C stops)", flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
