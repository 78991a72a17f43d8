"""``outgoing.source_ips``: engine (and suggestion) requests leave from those addresses in turn.

Linux routes all of 127.0.0.0/8 to the loopback interface, so a server on 127.0.0.1 sees
which of 127.0.0.2, 127.0.0.3, … a request left from.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from searx.errors import SettingsError
from searx.network.client import EngineNetwork, Fetch
from searx.network.outgoing import MAX_SOURCE_IPS, check_outgoing, source_addresses
from searx.settings import Outgoing


class _Peers(ThreadingHTTPServer):
    daemon_threads = True
    peers: list[str]


@pytest.fixture
def peers() -> Iterator[_Peers]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:
            pass

        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            server.peers.append(self.client_address[0])
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

    server = _Peers(("127.0.0.1", 0), Handler)
    server.peers = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def ask(net: EngineNetwork, server: _Peers, times: int) -> list[str]:
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    for _ in range(times):  # one after the other: the turn order is the request order
        (got,) = net.fetch_all([Fetch({"url": url, "method": "GET"}, 5.0, enable_http=True)])
        assert got.error is None and got.response is not None and got.response.status_code == 200
    return server.peers


@pytest.mark.parametrize(("source_ips", "expected"), [
    (["127.0.0.2", "127.0.0.3"], ["127.0.0.2", "127.0.0.3", "127.0.0.2", "127.0.0.3"]),
    ("127.0.0.4", ["127.0.0.4"] * 4),
    (["127.0.0.8/30"], ["127.0.0.9", "127.0.0.10", "127.0.0.9", "127.0.0.10"]),
])
def test_requests_leave_from_the_source_addresses_in_turn(peers, source_ips, expected) -> None:
    net = EngineNetwork(Outgoing(source_ips=source_ips))
    try:
        assert ask(net, peers, 4) == expected
    finally:
        net.close()


def test_without_source_addresses_the_hosts_default_is_used(peers) -> None:
    net = EngineNetwork(Outgoing())
    try:
        assert ask(net, peers, 2) == ["127.0.0.1", "127.0.0.1"]
    finally:
        net.close()


def test_source_addresses_are_read_as_searxng_writes_them() -> None:
    assert source_addresses(None) == [] and source_addresses([]) == []
    assert source_addresses("192.0.2.7") == ["192.0.2.7"]
    assert source_addresses(["192.0.2.1", "2001:db8::1", "192.0.2.1"]) == ["192.0.2.1", "2001:db8::1"]
    assert source_addresses(["192.0.2.0/30", "198.51.100.5/32"]) == ["192.0.2.1", "192.0.2.2", "198.51.100.5"]


@pytest.mark.parametrize(("source_ips", "message"), [
    ("not-an-ip", "outgoing.source_ips: not an IP address or network"),
    (["192.0.2.1", "300.1.1.1"], "outgoing.source_ips[1]: not an IP address or network"),
    (["10.0.0.0/8"], f"outgoing.source_ips[0]: at most {MAX_SOURCE_IPS} source addresses"),
])
def test_bad_source_addresses_stop_start_up_naming_the_key(source_ips, message) -> None:
    with pytest.raises(SettingsError) as err:
        check_outgoing(Outgoing(source_ips=source_ips))
    assert str(err.value).startswith(message)
