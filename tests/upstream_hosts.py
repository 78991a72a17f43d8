"""A test double of the engines' upstream hosts: a forward proxy on 127.0.0.1 that answers
as any host a test routes, over TLS with certificates of the test's own CA.

Engines then run unchanged against their real request URLs (``https://www.google.com/search?...``):
the app's settings send every engine request through the proxy (``outgoing.proxies``) and
trust the test CA (``outgoing.verify``), as an operator's corporate proxy would be set up.
Nothing reaches the internet: a request no route answers gets a 502 and is recorded in
``unrouted``, so a test can assert that an engine asked only the hosts it should.
What the proxy itself was asked is recorded too: each ``CONNECT host:port`` in
``connects``, each request (in a tunnel or in absolute form) in ``seen``, with the
address the connection came from (``peer``).

    hosts.route("www.google.com", "/search", fixture_bytes)
    app = app_factory(make_settings([entry], **hosts.settings()))
    ... hosts.seen[0].url, hosts.seen[0].headers["user-agent"] ...
"""

from __future__ import annotations

import socket
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import trustme


@dataclass
class Seen:
    """One request as the upstream host received it."""

    method: str
    url: str  # absolute: scheme, host, path and query as the engine built them
    headers: dict[str, str]  # lower-case names
    body: bytes = b""
    peer: str = ""  # the address the connection to the proxy came from
    tunnelled: bool = False  # asked inside a CONNECT tunnel (https), else in absolute form (http)

    @property
    def host(self) -> str:
        return urlsplit(self.url).hostname or ""

    @property
    def path(self) -> str:
        return urlsplit(self.url).path

    @property
    def args(self) -> dict[str, list[str]]:
        """The query string's parameters (blank values kept)."""
        return parse_qs(urlsplit(self.url).query, keep_blank_values=True)

    def arg(self, name: str) -> str | None:
        values = self.args.get(name)
        return values[0] if values else None

    @property
    def form(self) -> dict[str, list[str]]:
        """A form-encoded body's fields."""
        return parse_qs(self.body.decode("utf-8", "replace"), keep_blank_values=True)


@dataclass
class Reply:
    """What a route answers. ``hang``: hold the request until the test ends (an engine timeout)."""

    body: bytes | str = b""
    status: int = 200
    content_type: str = "text/html; charset=utf-8"
    headers: dict[str, str] = field(default_factory=dict)
    hang: bool = False

    def payload(self) -> bytes:
        return self.body.encode("utf-8") if isinstance(self.body, str) else self.body


Answer = Reply | bytes | str | Callable[[Seen], "Reply | bytes | str"]


def _reply(answer: Answer, seen: Seen) -> Reply:
    if callable(answer):
        answer = answer(seen)
    return answer if isinstance(answer, Reply) else Reply(answer)


@dataclass(frozen=True)
class Connect:
    """One ``CONNECT`` the proxy was asked: its target (``host:port``) and where the connection came from."""

    target: str
    peer: str


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # many engines connect at once


class UpstreamHosts:
    """The proxy and its routes; one per test session, routes cleared per test (``clear``)."""

    def __init__(self, workdir: Path) -> None:
        self._ca = trustme.CA()
        self.ca_path = workdir / "upstream-ca.pem"
        self._ca.cert_pem.write_to_path(str(self.ca_path))
        self._contexts: dict[str, ssl.SSLContext] = {}
        self._routes: list[tuple[str, str, str | None, Answer]] = []
        self._lock = threading.Lock()
        self.release = threading.Event()
        self.seen: list[Seen] = []
        self.unrouted: list[Seen] = []
        self.connects: list[Connect] = []
        self._server = _Server(("127.0.0.1", 0), _handler(self))
        self._thread = threading.Thread(target=self._server.serve_forever, name="upstream-hosts", daemon=True)
        self._thread.start()

    # --- what tests use --------------------------------------------------------------------

    @property
    def url(self) -> str:
        """The proxy's URL (``outgoing.proxies``)."""
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def settings(self) -> dict[str, Any]:
        """The settings sections that send engine requests here (for ``make_settings(**...)``)."""
        return {"outgoing": {"proxies": {"all://": self.url}, "verify": str(self.ca_path)},
                "search": {"cache_ttl": 0}}

    def route(self, host: str, path: str = "/", answer: Answer = b"", *, method: str | None = None,
              **reply: Any) -> None:
        """Answer requests for ``host`` whose path starts with ``path`` (the longest match wins).

        ``answer``: a Reply, a body (bytes or str; ``reply`` keywords build the Reply), or a
        function of the ``Seen`` request returning either.
        """
        if reply and not callable(answer) and not isinstance(answer, Reply):
            answer = Reply(answer, **reply)
        with self._lock:
            self._routes.append((host.lower(), path, method, answer))

    def requests_to(self, host: str) -> list[Seen]:
        return [s for s in self.seen if s.host == host]

    def clear(self) -> None:
        """Forget routes and what was asked; hold ``hang`` replies again (a test may have released them)."""
        with self._lock:
            self._routes.clear()
            self.seen.clear()
            self.unrouted.clear()
            self.connects.clear()
            self.release.clear()

    def close(self) -> None:
        self.release.set()
        self._server.shutdown()
        self._server.server_close()

    # --- the proxy's side -------------------------------------------------------------------

    def context(self, host: str) -> ssl.SSLContext:
        with self._lock:
            ctx = self._contexts.get(host)
            if ctx is None:
                ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
                self._ca.issue_cert(host).configure_cert(ctx)
                self._contexts[host] = ctx
            return ctx

    def answer(self, seen: Seen) -> Reply:
        with self._lock:
            self.seen.append(seen)
            found = [(h, p, m, a) for h, p, m, a in self._routes
                     if h == seen.host and seen.path.startswith(p) and m in (None, seen.method)]
        if not found:
            self.unrouted.append(seen)
            return Reply(f"no route for {seen.method} {seen.url}", status=502, content_type="text/plain")
        _, _, _, answer = max(found, key=lambda route: len(route[1]))
        return _reply(answer, seen)


def _handler(hosts: UpstreamHosts) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        tunnel_host = ""  # set on the handler of a CONNECT tunnel's inner requests

        def log_message(self, *args: Any) -> None:
            pass

        def do_CONNECT(self) -> None:  # noqa: N802 - http.server's name
            with hosts._lock:
                hosts.connects.append(Connect(self.path, self.client_address[0]))
            host = self.path.rsplit(":", 1)[0].strip("[]").lower()
            self.send_response(200, "Connection established")
            self.end_headers()
            try:
                tls = hosts.context(host).wrap_socket(self.connection, server_side=True)
            except (ssl.SSLError, OSError):
                self.close_connection = True
                return
            inner = type("Tunnel", (Handler,), {"tunnel_host": host})
            try:
                inner(tls, self.client_address, self.server)
            except (ssl.SSLError, OSError):
                pass
            finally:
                self.close_connection = True
                try:
                    tls.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

        def _body(self) -> bytes:
            if self.headers.get("transfer-encoding", "").lower() == "chunked":
                chunks = []
                while True:
                    size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                    if size == 0:
                        self.rfile.readline()
                        return b"".join(chunks)
                    chunks.append(self.rfile.read(size))
                    self.rfile.readline()
            length = int(self.headers.get("content-length") or 0)
            return self.rfile.read(length) if length else b""

        def _serve(self) -> None:
            url = f"https://{self.tunnel_host}{self.path}" if self.tunnel_host else self.path
            seen = Seen(self.command, url, {k.lower(): v for k, v in self.headers.items()}, self._body(),
                        peer=self.client_address[0], tunnelled=bool(self.tunnel_host))
            reply = hosts.answer(seen)
            if reply.hang:
                hosts.release.wait(30)
                self.close_connection = True
                return
            body = reply.payload()
            self.send_response(reply.status)
            self.send_header("Content-Type", reply.content_type)
            self.send_header("Content-Length", str(len(body)))
            for key, value in reply.headers.items():
                self.send_header(key, value)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        do_GET = do_POST = do_HEAD = do_PUT = do_DELETE = _serve  # noqa: N815

    return Handler
