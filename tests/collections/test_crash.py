"""Crash safety: the server killed (SIGKILL) during uploads and during background embedding.

After a restart nothing is half-indexed (every entry has all its passages,
the FTS index checks out) and nothing acknowledged is lost.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from collection_kit import AUTH

from tests.conftest import SECRET, START_TIMEOUT
from tests.multi.conftest import _free_port

ROOT = Path(__file__).resolve().parents[2]
TEXT = "\n\n".join(f"Paragraph {i} of the crash test talks about widgets and gadgets number {i}." for i in range(400))


class Server:
    """The real server (granian) in its own process group, so SIGKILL takes its workers too."""

    def __init__(self, directory: Path, collections: dict[str, Any]) -> None:
        self.directory = directory
        self.collections = collections
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = ""

    def start(self) -> None:
        port = _free_port()
        self.url = f"http://127.0.0.1:{port}"
        settings = {"use_default_settings": {"engines": {"keep_only": []}}, "engines": [],
                    "server": {"secret_key": SECRET, "port": port, "workers": 1, "threads": 8},
                    "collections": self.collections}
        path = self.directory / "settings.yml"
        path.write_text(yaml.safe_dump(settings))
        env = {**os.environ, "SEARX_SETTINGS_PATH": str(path), "PYTHONPATH": str(ROOT)}
        with open(self.directory / "server.log", "ab") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", "searx.webapp.serve"], env=env, cwd=ROOT,
                                         stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, (self.directory / "server.log").read_text()
            try:
                if httpx.get(self.url + "/api/collections", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)  # poll interval: the loop checks the API
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        assert self.proc is not None
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)


@pytest.fixture
def server(tmp_path):
    servers: list[Server] = []

    def make(**collections: Any) -> Server:
        collections.setdefault("data_dir", str(tmp_path / "data"))
        collections.setdefault("tokens", [AUTH["Authorization"].split()[1]])
        s = Server(tmp_path, collections)
        servers.append(s)
        return s

    yield make
    for s in servers:
        if s.proc is not None and s.proc.poll() is None:
            s.kill()


def _check_whole(db_path: Path) -> dict[str, int]:
    """Every entry's passages are all there (none missing in the middle) and FTS is consistent."""
    db = sqlite3.connect(db_path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        db.execute("INSERT INTO passages_fts(passages_fts) VALUES ('integrity-check')")
        rows = db.execute("SELECT e.name, count(p.id), max(p.seq) FROM entries e LEFT JOIN passages p"
                          " ON p.entry = e.id GROUP BY e.id").fetchall()
        for name, count, top in rows:
            assert count > 0 and top == count - 1, f"{name}: {count} passages, last {top}"
        orphans = db.execute("SELECT count(*) FROM passages WHERE entry NOT IN (SELECT id FROM entries)").fetchone()
        assert orphans[0] == 0
        return {name: count for name, count, _ in rows}
    finally:
        db.close()


def test_killed_during_uploads(server, tmp_path):
    s = server(embeddings={"backend": "none"})
    s.start()
    httpx.post(s.url + "/api/collections", json={"name": "docs"}, headers=AUTH).raise_for_status()
    acknowledged: list[str] = []
    stop = threading.Event()
    several = threading.Event()

    def uploads() -> None:
        with httpx.Client(timeout=10) as client:
            for i in range(1000):
                if stop.is_set():
                    return
                try:
                    r = client.post(f"{s.url}/api/collections/docs/upload", headers=AUTH,
                                    files={"file": (f"doc{i}.md", TEXT.encode())})
                except httpx.HTTPError:
                    return
                if r.status_code == 200:
                    acknowledged.append(f"doc{i}.md")
                    if len(acknowledged) >= 3:
                        several.set()

    worker = threading.Thread(target=uploads)
    worker.start()
    assert several.wait(60)
    s.kill()  # while the next uploads are in flight
    stop.set()
    worker.join(30)
    counts = _check_whole(tmp_path / "data" / "collections.sqlite3")
    assert set(acknowledged) <= set(counts)
    s.start()
    listed = httpx.get(s.url + "/api/collections/docs/entries").json()
    assert {e["entry"] for e in listed["entries"]} >= set(acknowledged)
    found = httpx.post(s.url + "/api/collections/docs/search", json={"query": "gadgets number 7"}).json()
    assert found["count"] > 0
    # a new upload works after the crash (no stale lock, no half-written row in the way)
    again = httpx.post(f"{s.url}/api/collections/docs/upload", headers=AUTH, files={"file": ("after.md", b"after crash")})
    assert again.status_code == 200


def test_killed_during_embedding(server, tmp_path, embeddings_server):
    embeddings_server.gate = threading.Event()
    s = server(embeddings={"backend": "http", "base_url": embeddings_server.url, "batch_size": 4})
    s.start()
    httpx.post(s.url + "/api/collections", json={"name": "docs"}, headers=AUTH).raise_for_status()
    r = httpx.post(f"{s.url}/api/collections/docs/upload", headers=AUTH, files={"file": ("big.md", TEXT.encode())})
    assert r.status_code == 200
    chunks = r.json()["chunk_count"]
    assert embeddings_server.entered.wait(30)  # a batch is being embedded
    s.kill()
    embeddings_server.gate.set()
    assert _check_whole(tmp_path / "data" / "collections.sqlite3") == {"big.md": chunks}
    s.start()
    assert httpx.post(s.url + "/api/collections/docs/search", json={"query": "widgets"}).json()["count"] > 0
    deadline = time.monotonic() + 60
    entry: dict[str, Any] = {}
    while time.monotonic() < deadline:
        entry = httpx.get(s.url + "/api/collections/docs/entries").json()["entries"][0]
        if entry["embedded"]:
            break
        time.sleep(0.1)  # poll interval: the loop checks the embedding progress
    assert entry["embedded"] and entry["embedded_count"] == chunks
