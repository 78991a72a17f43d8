"""Under granian (the production server), each NDJSON line reaches the client as it is produced,
and a client that leaves closes the LLM request. Served on a Unix socket: no port to race for."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from searx.results.types import MainResult, ResultSet
from searx.summary import evidence
from tests.granian import GRANIAN, HOST, granian_app
from utils.fakes.llm import FakeLLM, Reply

SECRET = "granian-stream-test-secret-of-32-chars-or-more"

pytestmark = pytest.mark.skipif(GRANIAN is None, reason="granian is not installed")


@pytest.fixture
def served(tmp_path: Path, fake_llm: FakeLLM) -> Iterator[httpx.Client]:
    settings = tmp_path / "settings.yml"
    settings.write_text(
        f'use_default_settings: true\nserver: {{secret_key: "{SECRET}", trusted_hosts: [searx.test]}}\n'
        f'ai_summary: {{base_url: "{fake_llm.base_url}", model: fake-model, read_pages: 0}}\nengines: []\n'
    )
    sock = tmp_path / "searx.sock"
    with granian_app(settings, sock), httpx.Client(transport=httpx.HTTPTransport(uds=str(sock)), base_url=HOST,
                                                   timeout=10, headers={"Origin": HOST}) as client:  # fmt: skip
        yield client


def _payload() -> dict[str, object]:
    results = ResultSet(results=[MainResult(url="https://a.example/", title="A", content="Alpha snippet.")])
    ev = evidence.build(results, "q", "en", 5, int(time.time()) + 600)
    return {"query": "q", "evidence": evidence.to_dict(ev), "signature": evidence.sign(ev, SECRET.encode())}


def test_lines_stream_through_granian(served: httpx.Client, fake_llm: FakeLLM) -> None:
    gate = threading.Event()
    fake_llm.script(Reply.tokens(["first", " second"], gate=gate, gate_after=1))
    with served.stream("POST", "/ai_summary", json=_payload()) as response:
        assert response.headers["content-type"] == "application/x-ndjson"
        lines = response.iter_lines()
        assert '"sources"' in next(lines)
        assert next(lines) == '{"delta":"first"}'  # while the fake LLM still holds the rest back
        gate.set()
        assert '"done":true' in list(lines)[-1]


def test_client_disconnect_reaches_the_llm_through_granian(served: httpx.Client, fake_llm: FakeLLM) -> None:
    fake_llm.script(Reply.tokens(["tok "] * 400, delay=0.05))
    with served.stream("POST", "/ai_summary", json=_payload()) as response:
        lines = response.iter_lines()
        next(lines), next(lines)
    left = time.monotonic()
    assert fake_llm.disconnected.wait(2.0)
    assert fake_llm.disconnects[0] - left < 1.0
