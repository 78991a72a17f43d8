"""A fake search engine on 127.0.0.1 for tests, benchmarks and development.

Everything is chosen by the URL, so one server serves every scenario:

- ``/json?q=Q&pageno=P&n=10&delay=S&site=NAME&overlap=K`` — JSON results:
  ``{"results": [{"url", "title", "content"}], "suggestions": [...]}``.
  The first ``overlap`` URLs are shared by every ``site`` (so engines merge).
- ``/html?...`` — the same results as an HTML page (for the xpath engine).
- ``/status/CODE?retry_after=S&location=URL`` — an empty answer with that status.
- ``/hang?seconds=S`` — wait, then answer (a hang past a timeout).
- ``/garbage`` — 200 with a body that is neither JSON nor HTML.

Run ``python -m utils.fakes.engine --port 8899`` for development.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit
from xml.sax.saxutils import escape


def make_results(q: str, pageno: int, n: int, site: str, overlap: int) -> list[dict[str, str]]:
    out = []
    for i in range(n):
        rank = (pageno - 1) * n + i
        host = "shared.example.org" if i < overlap else f"{site}.example.org"
        out.append({
            "url": f"https://{host}/{q.replace(' ', '-')}/{rank}",
            "title": f"{q} result {rank} from {host}",
            "content": f"Snippet {rank} about {q}: {site} says something useful here.",
        })
    return out


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go in two writes: no 40 ms delayed-ACK stall
    server: FakeEngineServer

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - silence the console
        return

    def _send(self, status: int, body: bytes, ctype: str, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self) -> None:  # noqa: N802
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        self.do_GET()

    def do_GET(self) -> None:  # noqa: N802
        parts = urlsplit(self.path)
        args = {k: v[0] for k, v in parse_qs(parts.query).items()}
        self.server.record(parts.path, args, dict(self.headers))
        with self.server.in_flight():
            self._answer(parts.path, args)

    def _answer(self, path: str, args: dict[str, str]) -> None:
        delay = float(args.get("delay", 0))
        if delay:
            time.sleep(delay)
        if path in ("/json", "/html"):
            results = make_results(args.get("q", ""), int(args.get("pageno", 1) or 1), int(args.get("n", 10)),
                                   args.get("site", "a"), int(args.get("overlap", 3)))
            if path == "/json":
                body = json.dumps({"results": results, "suggestions": [args.get("q", "") + " more"]}).encode()
                return self._send(200, body, "application/json")
            items = "".join(
                f'<div class="r"><a href="{escape(r["url"])}">{escape(r["title"])}</a><p>{escape(r["content"])}</p></div>'
                for r in results
            )
            return self._send(200, f"<html><body>{items}</body></html>".encode(), "text/html; charset=utf-8")
        if path.startswith("/status/"):
            headers = {}
            if "retry_after" in args:
                headers["Retry-After"] = args["retry_after"]
            if "location" in args:
                headers["Location"] = args["location"]
            return self._send(int(path.rsplit("/", 1)[1]), b"", "text/plain", headers)
        if path == "/hang":
            time.sleep(float(args.get("seconds", 10)))
            return self._send(200, b"{}", "application/json")
        if path == "/garbage":
            return self._send(200, b"\x00\x01 this is { not json", "application/json")
        return self._send(404, b"not found", "text/plain")


class FakeEngineServer(ThreadingHTTPServer):
    """The server; ``url`` is its base URL; ``requests`` records what it was asked."""

    daemon_threads = True
    request_queue_size = 256  # the default 5 drops connects under a burst (SYN retried after 1 s)

    def __init__(self, port: int = 0) -> None:
        super().__init__(("127.0.0.1", port), _Handler)
        self.requests: list[tuple[str, dict[str, str], dict[str, str]]] = []
        self._lock = threading.Lock()
        self.active = 0
        self.max_active = 0
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def record(self, path: str, args: dict[str, str], headers: dict[str, str]) -> None:
        with self._lock:
            self.requests.append((path, args, headers))
            del self.requests[:-1000]

    @contextlib.contextmanager
    def in_flight(self) -> Iterator[None]:
        """Count requests being answered at once (``max_active`` keeps the peak)."""
        with self._lock:
            self.active += 1
            self.max_active = max(self.max_active, self.active)
        try:
            yield
        finally:
            with self._lock:
                self.active -= 1

    def start(self) -> FakeEngineServer:
        self._thread = threading.Thread(target=self.serve_forever, name="fake-engine", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.shutdown()
        self.server_close()

    def __enter__(self) -> FakeEngineServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description="fake search engine for development")
    parser.add_argument("--port", type=int, default=8899)
    args = parser.parse_args()
    server = FakeEngineServer(args.port)
    print(f"fake engine on {server.url}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
