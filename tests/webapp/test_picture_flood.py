"""Pictures that answer late, asked for in parallel, must not take the server's threads.

A picture's fetch holds its request thread until the picture arrives, so 40 such requests held every thread
of granian's 32 and /healthz waited seconds. Now each picture takes a slot of its client's (8) and of its
process (half of ``server.threads``) at once or is refused at once (429, 503): the late pictures here hang
at the upstream-hosts double (``outgoing.proxies``) until the test releases them, and what the test asserts
is who was held, who was refused, and that /healthz answered while they were held.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml

from searx.proxy.admission import limits
from searx.proxy.images import proxied_url
from tests.conftest import SECRET, make_settings
from tests.granian import GRANIAN, HOST, granian_app
from tests.served import ServedApp
from tests.upstream_hosts import Reply, UpstreamHosts

ATTACKERS = 40
THREADS = 32  # granian's blocking threads, as server.threads (its default)
SLOW = "http://198.51.101.10/slow.png"  # a public address literal: nothing to resolve; the proxy answers it
PER_CLIENT, EVERYONE = limits(THREADS)[1], limits(THREADS)[0]


def _wait_for(condition: Callable[[], bool], what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.01)  # polling what the test waits for, not waiting for time to pass


def _attack(send: Callable[[int], httpx.Response], statuses: list[int]) -> list[threading.Thread]:
    def one(n: int) -> None:
        statuses.append(send(n).status_code)

    threads = [threading.Thread(target=one, args=(n,)) for n in range(ATTACKERS)]
    for t in threads:
        t.start()
    return threads


def _outgoing(hosts: UpstreamHosts) -> dict[str, Any]:
    # long enough that only the release ends a held picture
    return {"proxies": {"all://": hosts.url}, "verify": str(hosts.ca_path), "request_timeout": 30.0}


@pytest.fixture
def served(tmp_path: Path, hosts: UpstreamHosts) -> Iterator[httpx.Client]:
    if GRANIAN is None:
        pytest.skip("granian is not installed")
    settings = tmp_path / "settings.yml"
    settings.write_text(yaml.safe_dump({
        "server": {"secret_key": SECRET, "trusted_hosts": ["searx.test"], "threads": THREADS, "image_proxy": True},
        "outgoing": _outgoing(hosts), "engines": [],
    }))  # fmt: skip
    sock = tmp_path / "searx.sock"
    with granian_app(settings, sock, threads=THREADS):
        limits_ = httpx.Limits(max_connections=ATTACKERS + 8, max_keepalive_connections=ATTACKERS + 8)
        with httpx.Client(transport=httpx.HTTPTransport(uds=str(sock)), base_url=HOST, timeout=60,
                          limits=limits_) as client:  # fmt: skip
            yield client


def test_forty_late_pictures_of_one_client_hold_its_slots_not_the_servers_threads(
        served: httpx.Client, hosts: UpstreamHosts) -> None:  # fmt: skip
    hosts.route("198.51.101.10", "/slow.png", Reply(hang=True))
    statuses: list[int] = []
    attackers = _attack(lambda n: served.get(proxied_url(SECRET, f"{SLOW}?n={n}")), statuses)
    try:
        _wait_for(lambda: len(hosts.seen) >= PER_CLIENT and len(statuses) >= ATTACKERS - PER_CLIENT,
                  "the client's pictures were not held, or the others not refused")
        refused = list(statuses)
        health = served.get("/healthz")  # while the client's slots are held
        held = len(hosts.seen)
    finally:
        hosts.release.set()
        for t in attackers:
            t.join(30)
    assert health.status_code == 200
    assert held == PER_CLIENT == 8
    assert refused == [429] * (ATTACKERS - PER_CLIENT)  # answered at once, before any picture arrived
    assert sorted(statuses) == [429] * (ATTACKERS - PER_CLIENT) + [502] * PER_CLIENT  # released without a picture


def test_late_pictures_of_many_clients_hold_at_most_half_the_threads(app_factory: Any, hosts: UpstreamHosts) -> None:
    hosts.route("198.51.101.10", "/slow.png", Reply(hang=True))
    app = app_factory(make_settings([], server={"image_proxy": True, "threads": THREADS,
                                                "trusted_proxies": ["127.0.0.1"]}, outgoing=_outgoing(hosts)))
    served = ServedApp(app)
    statuses: list[int] = []
    retry: list[str | None] = []
    try:
        with httpx.Client(base_url=served.url, timeout=60, trust_env=False,
                          limits=httpx.Limits(max_connections=ATTACKERS + 8)) as client:  # fmt: skip
            def send(n: int) -> httpx.Response:  # one client address each (the trusted proxy says so)
                resp = client.get(proxied_url(SECRET, f"{SLOW}?n={n}"), headers={"X-Forwarded-For": f"203.0.114.{n}"})
                retry.append(resp.headers.get("Retry-After"))
                return resp

            attackers = _attack(send, statuses)
            try:
                _wait_for(lambda: len(hosts.seen) >= EVERYONE and len(statuses) >= ATTACKERS - EVERYONE,
                          "the pictures were not held, or the others not refused")
                refused = list(statuses)
                health = client.get("/healthz")
                held = len(hosts.seen)
            finally:
                hosts.release.set()
                for t in attackers:
                    t.join(30)
    finally:
        served.close()
    assert health.status_code == 200
    assert held == EVERYONE == THREADS // 2
    assert refused == [503] * (ATTACKERS - EVERYONE) and retry[:len(refused)] == ["1"] * len(refused)
    assert sorted(statuses) == [502] * EVERYONE + [503] * (ATTACKERS - EVERYONE)
