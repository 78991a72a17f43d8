"""The llama.cpp server of ``make llm`` as the real-LLM tests see it: its URL, and why it died if it did.

``utils/llm.sh start`` records the server's exit status in ``DIR/llm-PORT.exit`` (the Makefile passes DIR
as ``SEARX_TEST_LLM_DIR``). A test marked ``real_llm`` fails at once with that status and the tail of the
server's log when the server is gone, and a real-LLM test that fails gets the same report in front of its
own error, instead of a bare "connection refused". Loaded as a plugin by ``tests/conftest.py``.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

LOG_LINES = 20


def llm_url() -> str:
    return os.environ.get("SEARX_TEST_LLM_URL", "")


def _describe(status: str) -> str:
    if status.isdigit() and int(status) > 128:
        try:
            return f"exit status {status} ({signal.Signals(int(status) - 128).name})"
        except ValueError:
            pass
    return f"exit status {status}"


def death_report() -> str | None:
    """Why the server of SEARX_TEST_LLM_URL is gone, or None while it runs (or nothing is known)."""
    url, state_dir = llm_url(), os.environ.get("SEARX_TEST_LLM_DIR", "")
    if not url or not state_dir:
        return None
    port = urlsplit(url).port
    exit_file = Path(state_dir) / f"llm-{port}.exit"
    if not exit_file.is_file():
        return None
    log = Path(state_dir) / f"llm-{port}.log"
    tail = log.read_text(errors="replace").splitlines()[-LOG_LINES:] if log.is_file() else ["(no log)"]
    status = exit_file.read_text().strip() or "unknown"
    return f"the LLM server at {url} died: {_describe(status)}; last lines of {log}:\n" + "\n".join(tail)


@pytest.fixture(autouse=True)
def _llm_server_alive(request: pytest.FixtureRequest) -> Iterator[None]:
    if request.node.get_closest_marker("real_llm") is not None and (report := death_report()):
        pytest.fail(report, pytrace=False)
    yield


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Iterator[Any]:
    report = yield
    if report.failed and call.when == "call" and item.get_closest_marker("real_llm") is not None:
        if why := death_report():
            report.longrepr = f"{why}\n\n{report.longrepr}"
    return report
