"""Browser tests: the real app, the fake engine and the fake LLM on 127.0.0.1, driven in Chromium.

Each test starts what it needs here and runs ``driver.mjs`` (playwright-core + Debian's
Chromium) for one scenario; the driver reports what it saw as JSON and the test asserts.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import json_engine_entry, make_settings
from tests.served import ServedApp
from utils.fakes.engine import FakeEngineServer
from utils.fakes.llm import FakeLLM, Reply

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("driver.mjs")
OUTPUT = ROOT / "tests" / "output"
CHROMIUM = os.environ.get("SEARX_CHROMIUM", "/usr/bin/chromium")
PLAYWRIGHT = ROOT / "client" / "node_modules" / "playwright-core"

# The answer the fake LLM streams by default: Markdown, valid and invalid citations.
ANSWER = ["Alpha ", "is **the first** ", "letter [1]. ", "See also [3] ", "and not [9].", "\n\n",
          "- one point\n", "- another [2]"]  # fmt: skip


def _missing() -> str:
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    if shutil.which("node") is None:
        return "no node"
    if not PLAYWRIGHT.exists():
        return "no client/node_modules (cd client && npm ci)"
    return ""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = _missing()
    if not reason:
        return
    if os.environ.get("SEARX_REQUIRE_BROWSER"):
        raise pytest.UsageError(f"browser tests required but {reason}")
    for item in items:
        if Path(str(item.fspath)).parent == Path(__file__).parent:
            item.add_marker(pytest.mark.skip(reason=reason))


class Served(ServedApp):
    """The app on a werkzeug server, with result-page URLs for the browser."""

    def search(self, query: str, **params: str) -> str:
        from urllib.parse import urlencode

        return f"{self.url}/search?{urlencode({'q': query, **params})}"


@pytest.fixture
def llm() -> Iterator[FakeLLM]:
    with FakeLLM(default=Reply.tokens(ANSWER, delay=0.12)) as fake:
        yield fake


@pytest.fixture
def serve(serve_app: Callable[..., Served], fake_engine: FakeEngineServer, llm: FakeLLM) -> Callable[..., Served]:
    """``serve(server={...}, engine="&n=8", **ai_summary_settings)``: the app with one fake engine (``engine``:
    its URL's extra parameters), the LLM at the fake."""

    def start(server: dict[str, Any] | None = None, engine: str = "&n=8", **conf: Any) -> Served:
        values = {"base_url": llm.base_url, "model": "fake-model", "first_token_timeout": 5.0,
                  "idle_timeout": 5.0, "total_timeout": 20.0, **conf}  # fmt: skip
        engines = [json_engine_entry(fake_engine.url, "alpha", extra=engine)]
        sections: dict[str, Any] = {"ai_summary": values}
        if server:
            sections["server"] = server
        return serve_app(make_settings(engines, **sections), Served)

    return start


def run_driver(scenario: str, url: str, timeout: float = 60, **spec: Any) -> dict[str, Any]:
    """Runs one driver scenario in a fresh Chromium; returns what it reported."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    payload = json.dumps({"scenario": scenario, "url": url, "chromium": CHROMIUM, **spec})
    proc = subprocess.run(["node", str(DRIVER), payload], capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT)  # fmt: skip
    if proc.returncode != 0:
        raise AssertionError(f"driver {scenario} failed:\n{proc.stderr[-4000:]}")
    return json.loads(proc.stdout)


@pytest.fixture
def browser() -> Callable[..., dict[str, Any]]:
    return run_driver
