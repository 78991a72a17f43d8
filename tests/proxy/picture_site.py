"""A small picture host for the image proxy's end-to-end tests, run inside a test network namespace.

``python tests/proxy/picture_site.py PORT`` prints "ready", then one line per
request (path, Cookie and Referer headers). The pictures are shared with the
in-memory host of tests/proxy/conftest.py.

- ``/cat.png``, ``/cat.jpg``, ``/cat.gif`` — small real pictures (``Set-Cookie`` too);
- ``/cat.svg`` — an SVG with a script; ``/page.html`` — HTML;
- ``/fake.png`` — HTML sent as ``image/png``; ``/octet.png`` — a PNG sent as octet-stream;
- ``/big?mb=M`` — a PNG header then M MiB, chunked (no length); ``/declared-big`` — a huge Content-Length;
- ``/to?u=URL`` — a 302 to URL;
- ``/status/CODE`` — that status.
"""

from __future__ import annotations

import base64
import sys
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
        print(f"GET {self.path} cookie={self.headers.get('Cookie')} referer={self.headers.get('Referer')}", flush=True)
        path = parts.path
        if path == "/cat.png":
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
        try:
            for _ in range(mb * 16):
                self.wfile.write(b"%x\r\n%s\r\n" % (len(block), block))
            self.wfile.write(b"0\r\n\r\n")
        except OSError:  # the proxy hung up: what its size cap does
            print("hung up", flush=True)

    def log_message(self, *args: object) -> None:
        pass


def main() -> None:
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    server = ThreadingHTTPServer(("0.0.0.0", int(sys.argv[1])), Handler)
    server.daemon_threads = True
    print("ready", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
