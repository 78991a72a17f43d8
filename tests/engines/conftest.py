"""Fixtures of the engine tests: a fake upstream server on 127.0.0.1 (port 0)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest
from engine_kit import fixture

# --- a fake upstream on 127.0.0.1 ---------------------------------------------


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    # many engines connect at once; the default backlog of 5 drops SYNs, and the
    # client's retransmit (1 s) would look like an engine timeout
    request_queue_size = 128


class Upstream:
    """Answers by the first path segment: ``/<scenario>/...``."""

    def __init__(self) -> None:
        self.release = threading.Event()  # set at teardown so a hanging handler ends
        self.requests: list[tuple[str, str]] = []
        self.calls: list[tuple[str, str, bytes]] = []  # method, path and body of each request
        self.server = _Server(("127.0.0.1", 0), self._handler())
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def base(self, scenario: str) -> str:
        return f"{self.url}/{scenario}"

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        upstream = self
        pages = {
            "ddg-challenge": (202, {}, fixture("duckduckgo/html_anomaly-challenge_shrooms_raw-http.html")),
            "ddg-results": (200, {}, fixture("duckduckgo/html_results_foo_2025-04.html")),
            # the real result page carries Startpage's search form (form#search with its sc code), as the home page does
            "sp-results": (200, {}, fixture("startpage/results_javascript-tutorial_2026-04_http_prettier.html")),
            "anubis": (200, {}, fixture("synthetic/anubis_generic.html")),
            "sp-anubis": (200, {}, fixture("synthetic/anubis_startpage.html")),
            "cloudflare": (200, {}, fixture("synthetic/cloudflare_just_a_moment.html")),
            "geo-block": (200, {}, fixture("qwant/www_geo-block-service-unavailable_2026-04_http_prettier.html")),
            "forbidden": (403, {}, b"<html><title>403</title></html>"),
            "too-many": (429, {}, b"slow down"),
            "too-many-retry": (429, {"Retry-After": "120"}, b"slow down"),
            "captcha-redirect": (302, {"Location": "https://www.startpage.com/sp/captcha?query=x"}, b""),
            "moved": (301, {"Location": "/elsewhere"}, b""),
            # DuckDuckGo's images: the query's result page carries the vqd, /i.js the images (reconstructed)
            "ddg-img": (200, {}, fixture("reconstructed/duckduckgo_home_vqd_cats.html")),
            "ddg-img/i.js": (200, {}, fixture("reconstructed/duckduckgo_images_ijs_cats.json")),
            "commons": (200, {}, fixture("reconstructed/wikicommons_search_cats.json")),
            "server-error": (500, {}, b"oops"),
            # Pexels: a home page naming one script (relative), the script with the secret-key, the search
            "pexels-site": (200, {}, b'<html><script src="assets/app.js"></script></html>'),
            "pexels-site/assets": (200, {}, fixture("pexels/_app_reconstructed.js")),
            "pexels-site/en-us": (200, {}, fixture("pexels/en-us-api-v3-search-photos_cats_reconstructed.json")),
        }

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _answer(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                upstream.calls.append((self.command, self.path, body))
                upstream.requests.append((self.command, self.path))
                scenario = self.path.split("/")[1].split("?")[0]
                sub = "/".join(self.path.split("?")[0].split("/")[1:3])  # "scenario/endpoint"
                scenario = sub if sub in pages else scenario
                if scenario == "hang":
                    upstream.release.wait(10)  # longer than any engine timeout in the tests
                    return
                status, headers, body = pages.get(scenario, (404, {}, b"no such scenario"))
                self.send_response(status)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                for key, value in headers.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = _answer  # noqa: N815 - http.server names

        return Handler


@pytest.fixture(scope="module")
def upstream() -> Iterator[Upstream]:
    up = Upstream()
    up.thread.start()
    # readiness: the socket is bound and listening once the server object exists;
    # one real request proves the loop answers before tests start
    httpx.get(up.url + "/ready", timeout=5)
    try:
        yield up
    finally:
        up.release.set()
        up.server.shutdown()
        up.server.server_close()
