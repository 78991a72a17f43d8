"""The app served by granian (the production server) on a Unix socket, for tests of what only it does."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.conftest import START_TIMEOUT

GRANIAN = shutil.which("granian", path=os.path.dirname(sys.executable))
HOST = "http://searx.test"  # the Host the tests send; their settings name it in server.trusted_hosts


@contextmanager
def granian_app(settings: Path, sock: Path, *, workers: int = 1, threads: int = 4) -> Iterator[subprocess.Popen[bytes]]:
    """Start granian with ``settings`` (``threads``: its blocking threads per worker, as ``server.threads``);
    yield once the app answers ``/healthz``; stop it and its workers."""
    assert GRANIAN is not None, "granian is not installed"
    argv = [GRANIAN, "--interface", "wsgi", "--factory", "searx.webapp:create_app", "--uds", str(sock),
            "--workers", str(workers), "--blocking-threads", str(threads), "--no-ws", "--log-level", "warning"]
    proc = subprocess.Popen(argv, env={**os.environ, "SEARX_SETTINGS_PATH": str(settings)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        with httpx.Client(transport=httpx.HTTPTransport(uds=str(sock)), base_url=HOST) as client:
            while True:  # ready when the app answers, not after a sleep
                try:
                    if client.get("/healthz").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else "granian exited"
                assert time.monotonic() < deadline, "granian did not start"
                time.sleep(0.05)
        yield proc
    finally:  # granian and its workers: the process group this helper started
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)
