"""The review's attack on the reader's slots: two addresses with four slow /fetch each.

The slow pages are on a test host in a network namespace (tests/reader/netns.py), each on a port of its
own (an origin of its own, so the site's slots do not stop them), answering only when the test lets them
go. While they hold their slots, another client's /fetch and a summary's page reading must still work;
they used to answer ``busy`` until the slow reads ended (15 s a wave).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from searx.results.types import MainResult
from tests.conftest import make_settings
from tests.reader.netns import SiteHost, namespace_host, unavailable
from tests.served import ServedApp
from tests.summary.conftest import body, placeholder
from utils.fakes.llm import FakeLLM, Reply

pytestmark = pytest.mark.skipif(bool(reason := unavailable()), reason=reason or "")

SLOW = [8081, 8082, 8083, 8084, 8085, 8086, 8087, 8088]  # one origin each
FAST = [8080, 8089, 8090]
ATTACKERS = ["203.0.113.1", "203.0.113.2"]


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteHost]:
    with namespace_host(tmp_path_factory.mktemp("netns"), also=[*SLOW, *FAST[1:]]) as made:
        yield made


@pytest.fixture
def fake_llm() -> Iterator[FakeLLM]:
    with FakeLLM() as fake:
        yield fake


@pytest.fixture
def serve(app_factory: Any, fake_llm: FakeLLM) -> Iterator[Callable[..., ServedApp]]:
    served: list[ServedApp] = []

    def start(**fetch: Any) -> ServedApp:
        settings = make_settings(
            [], server={"threads": 32, "trusted_proxies": ["127.0.0.1"]},
            fetch={"allow_private": True, "ports": [*FAST, *SLOW], "cache_ttl": 0, "timeout": 15, **fetch},
            ai_summary={"base_url": fake_llm.base_url, "model": "fake-model", "read_pages": 3, "read_timeout": 4.0},
        )  # fmt: skip
        served.append(ServedApp(app_factory(settings)))
        return served[-1]

    yield start
    for app in served:
        app.close()


def fetch(app: ServedApp, url: str, address: str) -> httpx.Response:
    return httpx.get(f"{app.url}/fetch", params={"url": url}, headers={"X-Forwarded-For": address}, timeout=60)


def holding(host: SiteHost) -> int:
    return sum(line.startswith("GET /hold") for line in host.requests())


def test_two_addresses_with_slow_reads_leave_others_and_summaries_reading(
        serve: Callable[..., ServedApp], host: SiteHost, fake_llm: FakeLLM) -> None:  # fmt: skip
    app = serve()
    statuses: dict[str, list[int]] = {a: [] for a in ATTACKERS}
    held = holding(host)

    def attack(address: str, port: int) -> None:
        statuses[address].append(fetch(app, f"http://{host.address}:{port}/hold?{address}", address).status_code)

    attackers = [threading.Thread(target=attack, args=(address, SLOW[4 * i + k]))
                 for i, address in enumerate(ATTACKERS) for k in range(4)]  # fmt: skip
    for t in attackers:
        t.start()
    try:
        deadline = time.monotonic() + 10
        while sum(map(len, statuses.values())) + holding(host) - held < 8:  # each answered or held
            assert time.monotonic() < deadline, "the slow reads never started"
            time.sleep(0.01)  # polling the site's log, not waiting for time to pass
        slow = holding(host) - held
        other = fetch(app, f"http://{host.address}:8080/page.html", "198.51.100.7")
        fake_llm.script(Reply.tokens(["Namespaced [1]."]))
        results = [MainResult(url=f"http://{host.address}:{port}/page.html", title="Test article",
                              content="A page served from a namespace.") for port in FAST]  # fmt: skip
        data = placeholder(app.app.extensions["searx"].settings, query="namespaced page", results=results)
        summary = httpx.post(f"{app.url}/ai_summary", json=body(data), timeout=30,
                             headers={"Origin": app.url, "X-Forwarded-For": "198.51.100.8"})  # fmt: skip
    finally:
        httpx.get(f"http://{host.address}:8080/release", timeout=10)
        for t in attackers:
            t.join(30)
    lines = [json.loads(line) for line in summary.text.splitlines()]
    reading = {r["url"]: r["state"] for r in (line["reading"] for line in lines if "reading" in line)
               if r["state"] != "started"}  # fmt: skip
    print(f"slow reads held {slow}; other /fetch {other.status_code}; summary reading {sorted(reading.values())}; "
          f"attackers {statuses}")
    assert other.status_code == 200, other.text
    assert sorted(reading.values()) == ["ok", "ok", "ok"], reading
    assert slow <= 4  # each address held at most two slots; its other reads were refused at once


def test_a_wave_of_silent_sites_holds_the_slots_for_idle_timeout_only(
        serve: Callable[..., ServedApp], host: SiteHost) -> None:  # fmt: skip
    """Eight addresses, one read each, fill every API slot; a site that sends nothing is left after
    ``fetch.idle_timeout`` (here 1 s; it was the whole ``fetch.timeout``, 15 s), and the slots are free."""
    app = serve(idle_timeout=1)
    start = time.monotonic()
    with ThreadPoolExecutor(len(SLOW)) as pool:
        answers = list(pool.map(lambda n: fetch(app, f"http://{host.address}:{SLOW[n]}/slow", f"203.0.113.{n + 10}"),
                                range(len(SLOW))))  # fmt: skip
    took = time.monotonic() - start
    assert [a.json()["error"]["code"] for a in answers] == ["timeout"] * len(SLOW) and took < 5, took
    assert fetch(app, f"http://{host.address}:8080/page.html", "198.51.100.7").status_code == 200
