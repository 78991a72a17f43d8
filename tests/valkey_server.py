"""A real Valkey (or Redis) server on a loopback port, started with utils/valkey.sh (tests only)."""

from __future__ import annotations

import shutil
import socket
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "utils" / "valkey.sh"
NO_SERVER = "no valkey-server or redis-server binary (apt-get install valkey-server or redis-server)"


def server_binary() -> str | None:
    return shutil.which("valkey-server") or shutil.which("redis-server")


def _free_port() -> int:
    # valkey-server cannot take port 0 and report it back, so ask the OS for a
    # free port and retry start-up if someone takes it in between
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ValkeyServer:
    """One server process; ``stop``/``start`` keep the port so clients can reconnect."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.port = 0

    @property
    def url(self) -> str:
        return f"valkey://127.0.0.1:{self.port}/0"

    def _script(self, command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(SCRIPT), command, str(self.port), str(self.directory)],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )

    def start(self) -> None:
        """Start on the current port, or on a fresh free port the first time."""
        fresh = not self.port
        for _ in range(3 if fresh else 1):
            if fresh:
                self.port = _free_port()
            done = self._script("start")
            if done.returncode == 0:
                return
        raise RuntimeError(f"valkey.sh start failed: {done.stderr.strip()}")

    def stop(self) -> None:
        done = self._script("stop")
        if done.returncode != 0:
            raise RuntimeError(f"valkey.sh stop failed: {done.stderr.strip()}")
