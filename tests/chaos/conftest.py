"""Chaos fixtures: hostile fake engines in a separate process, and apps whose engines all point at them.

The fake engine runs in its own process so that the leak test counts only the
app's threads, sockets and memory.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import json_engine_entry, make_settings

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 0.4  # every engine's timeout: short, so that a hundred searches take seconds

# engine name -> (fake engine path, extra query, the reason SearXNG clients see)
HOSTILE = {
    "hang": ("/hang", "&seconds=5", "timeout"),
    "reset": ("/reset", "", "network error"),
    "garbage": ("/garbage", "", "parsing error"),
    "big": ("/big", "&mb=50", "network error"),            # Content-Length past max_response_bytes
    "bigchunked": ("/big", "&mb=50&chunked=1", "network error"),  # no Content-Length: cut at the cap
    "drip": ("/drip", "&seconds=5", "timeout"),
    "ratelimited": ("/status/429", "&retry_after=120", "too many requests"),
    "captcha": ("/captcha", "", "CAPTCHA"),
}


@pytest.fixture(scope="session")
def chaos_engine() -> Iterator[str]:
    """The base URL of a fake engine in a child process (ready once it printed its URL)."""
    proc = subprocess.Popen([sys.executable, "-m", "utils.fakes.engine", "--port", "0"], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # printed after the socket is bound and listening
        assert line.startswith("fake engine on "), line
        yield line.split()[-1]
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def chaos_settings(base: str, max_response_bytes: int = 5 * 2**20) -> Any:
    """A healthy engine and one engine per hostile scenario, each with a short timeout."""
    engines = [json_engine_entry(base, "healthy", timeout=TIMEOUT)]
    engines += [json_engine_entry(base, name, path=path, extra=extra, timeout=TIMEOUT)
                for name, (path, extra, _) in HOSTILE.items()]
    return make_settings(engines, search={"formats": ["html", "json"]}, outgoing={"request_timeout": TIMEOUT, "max_response_bytes": max_response_bytes})


def expected_reasons() -> dict[str, str]:
    return {name: reason for name, (_, _, reason) in HOSTILE.items()}
