"""Real app processes (granian via ``python -m searx.webapp.serve``) on loopback ports,
each with its own settings file, sharing one real Valkey (or Redis) server."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import valkey
import yaml

from tests.conftest import SECRET, START_TIMEOUT
from tests.valkey_server import ValkeyServer

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class AppProcess:
    """One instance: ``start()`` returns once /healthz answers; ``log()`` is its output."""

    def __init__(self, directory: Path, settings: dict[str, Any]) -> None:
        self.directory = directory
        self.settings = settings
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None
        self._log_path = directory / "server.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def spawn(self) -> None:
        """Start the process on a fresh free port (granian cannot report back port 0)."""
        self.stop()  # what is left of an earlier attempt
        self.port = _free_port()
        self.settings.setdefault("server", {})["port"] = self.port
        path = self.directory / "settings.yml"
        path.write_text(yaml.safe_dump(self.settings))
        env = {**os.environ, "SEARX_SETTINGS_PATH": str(path), "PYTHONPATH": str(ROOT)}
        with open(self._log_path, "ab") as log:
            # its own process group, so stop() also ends a granian worker still starting
            self.proc = subprocess.Popen([sys.executable, "-m", "searx.webapp.serve"], env=env, cwd=ROOT,
                                         stdout=log, stderr=subprocess.STDOUT, start_new_session=True)  # fmt: skip

    def wait_ready(self) -> bool:
        """Poll /healthz until it answers 200; False when the process died first (port taken)."""
        assert self.proc is not None
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return True
            except httpx.HTTPError:
                pass
            time.sleep(0.05)  # poll interval, not a readiness guess: the loop checks /healthz
        raise RuntimeError(f"{self.url} not ready within {START_TIMEOUT} s:\n{self.log()}")

    def log(self) -> str:
        return self._log_path.read_text(errors="replace") if self._log_path.exists() else ""

    def stop(self) -> None:
        """Stop granian and its workers (the process group), even when granian itself has exited."""
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(5)


def start_all(apps: list[AppProcess]) -> None:
    """Start the processes together, then wait for each; retry one whose port was taken."""
    for app in apps:
        app.spawn()
    for app in apps:
        for _ in range(3):
            if app.wait_ready():
                break
            app.spawn()
        else:
            raise RuntimeError(f"instance did not start:\n{app.log()}")


def app_settings(store_url: str, prefix: str, engines: list[dict[str, Any]], **sections: Any) -> dict[str, Any]:
    """Settings for one instance: only ``engines``, the shared secret and store, and overrides."""
    data: dict[str, Any] = {
        "use_default_settings": {"engines": {"keep_only": []}},
        "general": {"debug": False},
        "server": {"secret_key": SECRET, "workers": 1, "threads": 8},
        "search": {"formats": ["html", "json"]},
        "store": {"url": store_url, "prefix": prefix},
        "engines": engines,
    }
    for name, values in sections.items():
        data.setdefault(name, {}).update(values)
    return data


@pytest.fixture
def prefix() -> str:
    return f"multi-{uuid.uuid4().hex[:10]}:"


@pytest.fixture
def instances(tmp_path: Path) -> Iterator[Callable[..., list[AppProcess]]]:
    """``instances(settings, n=2)``: n running processes with copies of ``settings``."""
    started: list[AppProcess] = []

    def launch(settings: dict[str, Any], n: int = 2) -> list[AppProcess]:
        apps = []
        for _ in range(n):
            directory = tmp_path / f"app{len(started)}"
            directory.mkdir()
            app = AppProcess(directory, yaml.safe_load(yaml.safe_dump(settings)))
            started.append(app)
            apps.append(app)
        start_all(apps)
        return apps

    yield launch
    for app in started:
        app.stop()


def valkey_keys(server: ValkeyServer, pattern: str) -> list[bytes]:
    client = valkey.Valkey(host="127.0.0.1", port=server.port, socket_timeout=2)
    try:
        return list(client.scan_iter(match=pattern))
    finally:
        client.close()


def wait_for(condition: Callable[[], Any], timeout: float = 10.0, what: str = "condition") -> Any:
    """Poll ``condition`` until it is truthy; fail the test after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)  # poll interval for a state change another process makes
    pytest.fail(f"timed out after {timeout} s waiting for {what}")
