"""The review's attack on /fetch: 40 parallel reads of a page that answers late must not stall the instance.

granian serves the app with its 32 threads (``server.threads``) on a Unix socket; the late page is on a
test host in a network namespace (tests/reader/netns.py) that holds every request until the test lets it
go. /healthz and a search are timed without the attack and during it, in the same test, and compared: with
reads waiting for the site's slot, every thread was taken and /healthz waited for ``fetch.timeout``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import yaml

from tests.conftest import SECRET, json_engine_entry
from tests.granian import GRANIAN, HOST, granian_app
from tests.reader.netns import SiteHost, namespace_host, unavailable
from utils.fakes.engine import FakeEngineServer

pytestmark = [pytest.mark.skipif(bool(reason := unavailable()), reason=reason or ""),
              pytest.mark.skipif(GRANIAN is None, reason="granian is not installed")]  # fmt: skip

ATTACKERS = 40
ROUNDS = 5
THREADS = 32  # granian's blocking threads, as server.threads (its default)
# during the attack the same requests may take this many times as long (a loaded 2-core machine); while
# reads waited for the site's slot they took fetch.timeout (8 s here) against some 50 ms without it
RATIO = 20


@pytest.fixture
def site(tmp_path: Path) -> Iterator[SiteHost]:
    folder = tmp_path / "site"
    folder.mkdir()
    with namespace_host(folder) as made:
        yield made


@pytest.fixture
def app(tmp_path: Path, site: SiteHost, fake_engine: FakeEngineServer) -> Iterator[httpx.Client]:
    settings = tmp_path / "settings.yml"
    settings.write_text(yaml.safe_dump({
        "server": {"secret_key": SECRET, "trusted_hosts": ["searx.test"], "threads": THREADS},
        "search": {"cache_ttl": 0},
        "fetch": {"allow_private": True, "ports": [8080], "timeout": 8, "idle_timeout": 8, "cache_ttl": 0},
        "engines": [json_engine_entry(fake_engine.url, "alpha")],
    }))  # fmt: skip
    sock = tmp_path / "searx.sock"
    with granian_app(settings, sock, threads=THREADS):
        transport = httpx.HTTPTransport(uds=str(sock))
        limits = httpx.Limits(max_connections=ATTACKERS + 8, max_keepalive_connections=ATTACKERS + 8)
        with httpx.Client(transport=transport, base_url=HOST, timeout=60, limits=limits) as client:
            yield client


def _timed(client: httpx.Client, rounds: int) -> float:
    """Seconds for ``rounds`` of one /healthz and one search, one after the other."""
    start = time.perf_counter()
    for n in range(rounds):
        assert client.get("/healthz").status_code == 200
        found = client.get("/search", params={"q": f"flood {n}", "format": "json"})
        assert found.status_code == 200 and found.json()["results"]
    return time.perf_counter() - start


def _holding(site: SiteHost) -> int:
    return sum(line.startswith("GET /hold") for line in site.requests())


def test_forty_late_reads_leave_healthz_and_search_fast(app: httpx.Client, site: SiteHost) -> None:
    _timed(app, 1)  # first use: connections, the engine's first request
    quiet = _timed(app, ROUNDS)
    statuses: list[int] = []
    sent = threading.Semaphore(0)

    def attack() -> None:
        request = app.build_request("GET", "/fetch", params={"url": f"http://{site.address}:8080/hold"})
        sent.release()
        statuses.append(app.send(request).status_code)

    attackers = [threading.Thread(target=attack) for _ in range(ATTACKERS)]
    for t in attackers:
        t.start()
    try:
        for _ in range(ATTACKERS):
            assert sent.acquire(timeout=10)
        deadline = time.monotonic() + 10
        while _holding(site) < 2:  # the site holds the reads it was sent (fetch.per_origin of them)
            assert time.monotonic() < deadline, "the late page was never asked for"
            time.sleep(0.01)  # polling the site's log, not waiting for time to pass
        loaded = _timed(app, ROUNDS)
        while len(statuses) < ATTACKERS - 2 and time.monotonic() < deadline + 20:  # the refused ones, before
            time.sleep(0.01)  # the release lets the held reads end (a late request would find a free slot)
    finally:
        httpx.get(f"http://{site.address}:8080/release", timeout=10)
        for t in attackers:
            t.join(30)
    assert loaded <= quiet * RATIO, f"{loaded:.3f} s during the attack against {quiet:.3f} s without"
    # the reads that found the site's (or the client's) slots taken were answered at once, not queued
    assert statuses.count(200) == 2 and statuses.count(429) == ATTACKERS - 2, sorted(statuses)
    assert _holding(site) == 2
