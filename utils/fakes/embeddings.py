"""A fake OpenAI-compatible embeddings server: real HTTP on 127.0.0.1, deterministic vectors.

``POST /v1/embeddings`` answers each input with a hashed bag of its words (so
texts sharing words are near), or fails / waits as a test asks. Run
``python -m utils.fakes.embeddings --port 8082`` for development.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

DIM = 64


def vector(text: str, dim: int = DIM) -> list[float]:
    """Each word adds 1 to a dimension chosen by its hash; unit length."""
    out = [0.0] * dim
    for word in re.findall(r"\w+", text.lower()):
        out[int.from_bytes(hashlib.sha256(word.encode()).digest()[:4], "big") % dim] += 1.0
    norm = math.sqrt(sum(v * v for v in out)) or 1.0
    return [v / norm for v in out]


class _Handler(BaseHTTPRequestHandler):
    server: FakeEmbeddingsServer

    def log_message(self, *args: object) -> None:
        pass

    def do_POST(self) -> None:  # noqa: N802 - http.server's names
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
        fake = self.server
        with fake.lock:
            fake.requests.append(body)
        if fake.gate is not None:
            fake.entered.set()
            fake.gate.wait(60)
        if fake.fail or self.path != "/v1/embeddings":
            self._send(500 if fake.fail else 404, {"error": {"message": "no"}})
            return
        inputs = body.get("input")
        inputs = [inputs] if isinstance(inputs, str) else list(inputs or [])
        data = [{"object": "embedding", "index": i, "embedding": vector(t)} for i, t in enumerate(inputs)]
        self._send(200, {"object": "list", "data": data, "model": body.get("model") or "fake-embed"})

    def _send(self, status: int, body: dict[str, Any]) -> None:
        raw = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)


class FakeEmbeddingsServer(ThreadingHTTPServer):
    """``url`` is the ``base_url`` to configure (ends in /v1). ``fail``: answer 500; ``gate``: wait for it."""

    daemon_threads = True

    def __init__(self, port: int = 0) -> None:
        super().__init__(("127.0.0.1", port), _Handler)
        self.lock = threading.Lock()
        self.requests: list[dict[str, Any]] = []
        self.fail = False
        self.gate: threading.Event | None = None
        self.entered = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"

    def __enter__(self) -> FakeEmbeddingsServer:
        self._thread = threading.Thread(target=self.serve_forever, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.gate is not None:
            self.gate.set()
        self.shutdown()
        self.server_close()


def main() -> None:  # pragma: no cover - development
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8082)
    args = parser.parse_args()
    server = FakeEmbeddingsServer(args.port)
    print(f"fake embeddings on {server.url}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
