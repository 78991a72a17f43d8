"""A small web site for the reader's end-to-end tests, run inside a test network namespace.

``python tests/reader/netns_site.py HTTP_PORT[,HTTP_PORT...] [HTTPS_PORT CERT KEY]``; prints one line
per request ("GET /path") on stdout so tests can see what reached the site (each HTTP port is an
origin of its own for the reader's per-origin slots).
"""

from __future__ import annotations

import gzip
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.reader.pdfs import text_pdf  # noqa: E402

ARTICLE = (b"<html><head><title>Test article</title></head><body><nav>Menu</nav><article><h1>Namespaced</h1><p>"
           + b"This page is served from inside a network namespace made by the test. " * 8
           + b"</p></article><footer>Footer</footer></body></html>")  # fmt: skip
BOMB = gzip.compress(b"<p>" + b"\0" * (64 * 1024 * 1024), compresslevel=9)
RELEASED = threading.Event()  # /hold answers once /release was asked: a slow site a test can let go
# print() writes a line and its newline apart: two requests at once could share one line of the log
_LOG = threading.Lock()


def _log(line: str) -> None:
    with _LOG:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


class Site(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def _send(self, status: int, body: bytes = b"", **headers: str) -> None:
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name.replace("_", "-"), value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        _log(f"GET {self.path} cookie={self.headers.get('Cookie')} ua={self.headers.get('User-Agent')} "
             f"port={self.server.server_address[1]}")
        path = self.path
        if path == "/page.html":
            self._send(200, ARTICLE, Content_Type="text/html; charset=utf-8", Set_Cookie="s=1; Path=/")
        elif path == "/gzip":
            self._send(200, gzip.compress(ARTICLE), Content_Type="text/html", Content_Encoding="gzip")
        elif path == "/bomb":
            self._send(200, BOMB, Content_Type="text/html", Content_Encoding="gzip")
        elif path == "/doc.pdf":
            self._send(200, text_pdf(["First page text", "Second page text"]), Content_Type="application/pdf")
        elif path == "/redirect":
            self._send(302, Location="/page.html")
        elif path.startswith("/to/"):
            self._send(302, Location=path[len("/to/"):])
        elif path.startswith("/loop/"):
            self._send(302, Location=f"/loop/{int(path.rsplit('/', 1)[1]) + 1}")
        elif path.startswith("/delay/"):  # /delay/MS[?anything]: the article after MS milliseconds
            time.sleep(int(path[len("/delay/"):].split("?", 1)[0]) / 1000)
            self._send(200, ARTICLE, Content_Type="text/html; charset=utf-8")
        elif path == "/slow":
            time.sleep(30)
            self._send(200, b"late", Content_Type="text/plain")
        elif path.startswith("/hold"):  # /hold[?anything]: the article once /release is asked (60 s at most)
            RELEASED.wait(60)
            self._send(200, ARTICLE, Content_Type="text/html; charset=utf-8")
        elif path == "/release":
            RELEASED.set()
            self._send(200, b"released", Content_Type="text/plain")
        else:
            self._send(404, b"not found", Content_Type="text/plain")

    def log_message(self, *args: object) -> None:
        pass


def main() -> None:
    servers = [ThreadingHTTPServer(("0.0.0.0", int(port)), Site) for port in sys.argv[1].split(",")]
    if len(sys.argv) > 4:
        tls = ThreadingHTTPServer(("0.0.0.0", int(sys.argv[2])), Site)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[3], sys.argv[4])
        tls.socket = context.wrap_socket(tls.socket, server_side=True)
        servers.append(tls)
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    _log("ready")
    threading.Event().wait()


if __name__ == "__main__":
    main()
