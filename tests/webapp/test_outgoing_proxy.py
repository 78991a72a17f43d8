"""Pictures, favicons, map tiles and page reads leave through ``outgoing.proxies``, as engine requests do.

The proxy is the upstream-hosts double (tests/upstream_hosts.py): it records each ``CONNECT host:port``
and each request (in its tunnel over TLS with the test's CA, which ``outgoing.verify`` names, or in
absolute form for http). Host names resolve through a fake resolver (no DNS in tests): the guard still
looks them up when a proxy connects, so a name of a private address is refused before the proxy is
asked; under ``using_tor_proxy`` nothing is looked up and only what the URL itself says is checked.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from searx.proxy import favicons
from searx.proxy.images import proxied_url
from tests.conftest import SECRET
from tests.proxy.picture_site import PNG
from tests.upstream_hosts import Reply, UpstreamHosts

HTML = b"<html><head><title>Proxied</title></head><body><article><p>" + b"Read through the proxy. " * 20 + b"</p></article></body></html>"  # noqa: E501
GUARDED = ["http://lan.example/cat.png", "https://loop.example/cat.png", "https://meta.example/cat.png",
           "https://rebind.example/cat.png", "http://127.0.0.1/cat.png", "https://10.1.2.3/cat.png",
           "http://[::1]/cat.png", "http://[::ffff:169.254.169.254]/cat.png", "http://localhost/cat.png",
           "http://pictures.example:8080/cat.png"]  # fmt: skip


def test_a_picture_over_https_goes_through_the_proxys_tunnel(proxied: Any, hosts: UpstreamHosts) -> None:
    hosts.route("pictures.example", "/cat.png", Reply(PNG, content_type="image/png"))
    resp = proxied().get(proxied_url(SECRET, "https://pictures.example/cat.png"))
    assert (resp.status_code, resp.data) == (200, PNG)
    assert [c.target for c in hosts.connects] == ["pictures.example:443"]  # the proxy resolves and connects
    (seen,) = hosts.seen
    assert seen.tunnelled and seen.url == "https://pictures.example/cat.png"
    assert "cookie" not in seen.headers and "referer" not in seen.headers


def test_a_picture_over_http_is_asked_of_the_proxy_in_absolute_form(proxied: Any, hosts: UpstreamHosts) -> None:
    hosts.route("pictures.example", "/cat.png", Reply(PNG, content_type="image/png"))
    assert proxied().get(proxied_url(SECRET, "http://pictures.example/cat.png")).status_code == 200
    assert hosts.connects == []
    (seen,) = hosts.seen
    assert not seen.tunnelled and seen.url == "http://pictures.example/cat.png"


def test_a_favicon_goes_through_the_proxy(proxied: Any, hosts: UpstreamHosts) -> None:
    hosts.route("icons.duckduckgo.com", "/ip2/example.org.ico", Reply(PNG, content_type="image/png"))
    resp = proxied().get(favicons.proxied_url(SECRET, "duckduckgo", "example.org"))
    assert (resp.status_code, resp.data) == (200, PNG)
    assert [c.target for c in hosts.connects] == ["icons.duckduckgo.com:443"]
    assert [s.url for s in hosts.seen] == ["https://icons.duckduckgo.com/ip2/example.org.ico"]


def test_a_map_tile_goes_through_the_proxy(proxied: Any, hosts: UpstreamHosts) -> None:
    hosts.route("tile.openstreetmap.org", "/3/4/2.png", Reply(PNG, content_type="image/png"))
    resp = proxied().get("/map_tile/3/4/2")
    assert (resp.status_code, resp.data) == (200, PNG)
    assert [c.target for c in hosts.connects] == ["tile.openstreetmap.org:443"]
    assert hosts.seen[0].headers["user-agent"].startswith("searx-ai/")


def test_a_page_read_goes_through_the_proxy(proxied: Any, hosts: UpstreamHosts) -> None:
    hosts.route("pages.example", "/article", Reply(HTML))
    client = proxied()
    body = client.get("/fetch?url=https://pages.example/article").get_json()
    assert body["title"] == "Proxied" and "Read through the proxy." in body["text"]
    assert [c.target for c in hosts.connects] == ["pages.example:443"]
    assert hosts.seen[0].headers["user-agent"].endswith("page reader")
    svc = client.application.extensions["searx"]
    # the summary's page reading and the collections' URL sources use this same reader
    assert svc.summary._reader is svc.reader and svc.reader.fetcher.route is svc.route is svc.images.route


@pytest.mark.parametrize("url", GUARDED)
def test_a_guarded_address_is_refused_before_the_proxy_is_asked(proxied: Any, hosts: UpstreamHosts, url: str) -> None:
    client = proxied()
    assert client.get(proxied_url(SECRET, url)).status_code == 403
    body = client.get("/fetch", query_string={"url": url}).get_json()
    assert body["error"]["code"] == "address_refused"
    assert hosts.connects == [] and hosts.seen == []


def test_a_redirect_to_a_guarded_address_is_refused_before_the_proxy_is_asked_for_it(
        proxied: Any, hosts: UpstreamHosts) -> None:  # fmt: skip
    hosts.route("pictures.example", "/to-lan", Reply(status=302, headers={"Location": "http://lan.example/x.png"}))
    assert proxied().get(proxied_url(SECRET, "https://pictures.example/to-lan")).status_code == 403
    assert [s.url for s in hosts.seen] == ["https://pictures.example/to-lan"]


def test_under_tor_no_name_is_looked_up_here(proxied: Any, hosts: UpstreamHosts, looked_up: list[str]) -> None:
    hosts.route("pictures.example", "/cat.png", Reply(PNG, content_type="image/png"))
    hosts.route("lan.example", "/cat.png", Reply(PNG, content_type="image/png"))
    client = proxied(using_tor_proxy=True)
    looked_up.clear()  # start-up looked at its own addresses
    assert client.get(proxied_url(SECRET, "https://pictures.example/cat.png")).status_code == 200
    # the name only Tor's side knows the address of goes to the proxy as a name
    assert client.get(proxied_url(SECRET, "https://lan.example/cat.png")).status_code == 200
    for url in ("http://127.0.0.1/cat.png", "https://10.1.2.3/cat.png", "http://localhost/cat.png",
                "http://[::1]/cat.png", "http://box.local/cat.png"):  # what the URL itself says is still refused
        assert client.get(proxied_url(SECRET, url)).status_code == 403
    assert [c.target for c in hosts.connects] == ["pictures.example:443", "lan.example:443"]
    assert [name for name in looked_up if name != socket.gethostname()] == []  # (the server's own name is)


class _Recorder(ThreadingHTTPServer):
    daemon_threads = True
    asked: list[str]


@pytest.fixture
def environment_proxy(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Recorder]:
    """A proxy named only by the environment (HTTP_PROXY and its siblings): it records what reaches it."""

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def _record(self) -> None:
            server.asked.append(f"{self.command} {self.path}")
            self.send_error(502)

        do_GET = do_CONNECT = _record  # noqa: N815

    server = _Recorder(("127.0.0.1", 0), Handler)
    server.asked = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.setenv(name, url)
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    yield server
    server.shutdown()
    server.server_close()


def test_the_environments_proxy_is_never_used(proxied: Any, hosts: UpstreamHosts, environment_proxy: _Recorder) -> None:
    hosts.route("pictures.example", "/cat.png", Reply(PNG, content_type="image/png"))
    hosts.route("pages.example", "/article", Reply(HTML))
    client = proxied()
    assert client.get(proxied_url(SECRET, "https://pictures.example/cat.png")).status_code == 200
    assert client.get("/fetch?url=https://pages.example/article").status_code == 200
    assert client.get(proxied_url(SECRET, "http://pictures.example/cat.png")).status_code == 200
    assert environment_proxy.asked == []
    assert len(hosts.seen) == 3


def test_the_connection_to_the_proxy_leaves_from_the_source_addresses(proxied: Any, hosts: UpstreamHosts) -> None:
    hosts.route("pictures.example", "/cat.png", Reply(PNG, content_type="image/png"))
    hosts.route("pages.example", "/article", Reply(HTML))
    client = proxied(source_ips=["127.0.0.2", "127.0.0.3"])
    for _ in range(2):
        assert client.get(proxied_url(SECRET, "https://pictures.example/cat.png")).status_code == 200
    assert client.get("/fetch?url=https://pages.example/article").status_code == 200
    assert sorted(c.peer for c in hosts.connects) == ["127.0.0.2", "127.0.0.2", "127.0.0.3"]


def test_without_the_proxys_ca_in_outgoing_verify_the_tunnel_is_refused(proxied: Any, hosts: UpstreamHosts) -> None:
    hosts.route("pictures.example", "/cat.png", Reply(PNG, content_type="image/png"))
    hosts.route("pages.example", "/article", Reply(HTML))
    client = proxied(verify=True)
    assert client.get(proxied_url(SECRET, "https://pictures.example/cat.png")).status_code == 502
    body = client.get("/fetch?url=https://pages.example/article").get_json()
    assert body["error"]["code"] == "tls_error"
    assert hosts.seen == []  # the tunnel was opened, nothing was asked inside it
    assert [c.target for c in hosts.connects] == ["pictures.example:443", "pages.example:443"]
