"""A small picture host for the image proxy's tests.

In-process (``PictureSite``, a thread on 127.0.0.1) or as a script inside a
test network namespace: ``python tests/images/picture_site.py PORT`` prints
"ready", then one line per request.

- ``/cat.png``, ``/cat.jpg``, ``/cat.gif`` — small real pictures (``Set-Cookie`` too);
- ``/cat.svg`` — an SVG with a script; ``/page.html`` — HTML;
- ``/fake.png`` — HTML sent as ``image/png``; ``/octet.png`` — a PNG sent as octet-stream;
- ``/big?mb=M`` — a PNG header then M MiB, chunked (no length); ``/declared-big`` — a huge Content-Length;
- ``/to?u=URL`` — a 302 to URL; ``/echo.png`` — a PNG whose requests are recorded with their headers;
- ``/status/CODE`` — that status.
"""

from __future__ import annotations

import base64
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")
GIF = base64.b64decode("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7")
JPG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00" + b"\x00" * 64 + b"\xff\xd9"
SVG = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
HTML = b"<html><script>alert(1)</script></html>"
MB = 1024 * 1024


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    seen: list[dict[str, str]]  # set per server
    sent: dict[str, int]

    def _send(self, status: int, body: bytes = b"", **headers: str) -> None:
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name.replace("_", "-"), value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        parts = urlsplit(self.path)
        args = {k: v[0] for k, v in parse_qs(parts.query).items()}
        self.server.seen.append({"path": self.path, **{k.lower(): v for k, v in self.headers.items()}})  # type: ignore[attr-defined]
        print(f"GET {self.path}", flush=True)
        path = parts.path
        if path in ("/cat.png", "/echo.png"):
            self._send(200, PNG, Content_Type="image/png", Set_Cookie="tracker=1; Path=/")
        elif path == "/cat.jpg":
            self._send(200, JPG, Content_Type="image/jpeg")
        elif path == "/cat.gif":
            self._send(200, GIF, Content_Type="image/gif; charset=binary")
        elif path == "/cat.svg":
            self._send(200, SVG, Content_Type="image/svg+xml")
        elif path == "/page.html":
            self._send(200, HTML, Content_Type="text/html")
        elif path == "/fake.png":
            self._send(200, HTML, Content_Type="image/png")
        elif path == "/octet.png":
            self._send(200, PNG, Content_Type="application/octet-stream")
        elif path == "/declared-big":
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(1024 * MB))
            self.end_headers()
            self.wfile.write(PNG)
        elif path == "/big":
            self._big(int(args.get("mb", "50")))
        elif path == "/to":
            self._send(302, Location=args.get("u", "/cat.png"))
        elif path.startswith("/status/"):
            self._send(int(path.rsplit("/", 1)[1]), b"", Content_Type="image/png")
        else:
            self._send(404, b"not found", Content_Type="text/plain")

    def _big(self, mb: int) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        block = PNG + b"\0" * (64 * 1024 - len(PNG))
        sent = self.server.sent  # type: ignore[attr-defined]
        try:
            for _ in range(mb * 16):
                self.wfile.write(b"%x\r\n%s\r\n" % (len(block), block))
                sent["big"] = sent.get("big", 0) + len(block)
            self.wfile.write(b"0\r\n\r\n")
        except OSError:  # the proxy hung up: exactly what the size cap must do
            sent["hung_up"] = 1

    def log_message(self, *args: object) -> None:
        pass


class PictureSite:
    """The site on ``host`` (a free port); ``seen`` lists requests with their headers."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.server = ThreadingHTTPServer((host, port), Handler)
        self.server.seen = []  # type: ignore[attr-defined]
        self.server.sent = {}  # type: ignore[attr-defined]
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self._thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)

    @property
    def seen(self) -> list[dict[str, str]]:
        return self.server.seen  # type: ignore[attr-defined, no-any-return]

    @property
    def sent(self) -> dict[str, int]:
        return self.server.sent  # type: ignore[attr-defined, no-any-return]

    def __enter__(self) -> PictureSite:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


if __name__ == "__main__":
    site = PictureSite("0.0.0.0", int(sys.argv[1]))
    print("ready", flush=True)
    site.server.serve_forever()
