"""The image proxy against a real picture host in a network namespace (10.x over a veth pair).

The address guard refuses loopback by design, so the host lives in a namespace
this test creates (and always deletes), reached with the guard's LAN opening
(``allow_private``, as the reader's tests do); loopback, the server's own veth
address and redirects to them stay refused.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from searx.network.guard import AddressGuard
from searx.proxy.errors import ImageError
from searx.proxy.images import ImageFetcher, proxied_url
from tests.conftest import SECRET
from tests.proxy.picture_site import PNG
from tests.reader.netns import SiteHost, namespace_host, unavailable

SITE = Path(__file__).resolve().parent / "picture_site.py"
PORT = 8080

pytestmark = pytest.mark.skipif(bool(unavailable()), reason=unavailable() or "")


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteHost]:
    with namespace_host(tmp_path_factory.mktemp("pictures"), command=[sys.executable, str(SITE), str(PORT)]) as made:
        yield made


def lan_fetcher(max_bytes: int = 1024 * 1024) -> ImageFetcher:
    guard = AddressGuard(allowed_ports=(80, 443, PORT), allow_private=True)
    return ImageFetcher(guard, user_agent="test-agent", timeout=10.0, max_bytes=max_bytes)


@pytest.fixture
def app(app_factory: Any, fake_engine: Any) -> Any:
    from tests.conftest import json_engine_entry, make_settings

    made = app_factory(make_settings([json_engine_entry(fake_engine.url, "a")], server={"image_proxy": True}))
    made.extensions["searx"].images = lan_fetcher()
    return made


def test_a_picture_from_the_namespace_host_is_served(app, host):
    client = app.test_client()
    client.set_cookie("session", "secret")
    resp = client.get(proxied_url(SECRET, f"http://{host.address}:{PORT}/cat.png"),
                      headers={"Referer": "https://search.example/search?q=private"})
    assert resp.status_code == 200 and resp.data == PNG and resp.headers["Content-Type"] == "image/png"
    assert host.requests()[-1] == "GET /cat.png cookie=None referer=None"


def test_scriptable_and_non_picture_answers_are_refused(app, host):
    client = app.test_client()
    for path in ("/cat.svg", "/page.html", "/fake.png"):
        assert client.get(proxied_url(SECRET, f"http://{host.address}:{PORT}{path}")).status_code == 415


@pytest.mark.parametrize("target", ["http://127.0.0.1:{port}/cat.png", "http://{own}:{port}/cat.png",
                                    "http://169.254.169.254/latest/meta-data"])
def test_redirects_to_loopback_or_own_addresses_are_refused(app, host, target):
    target = target.format(port=PORT, own=host.host_address)
    url = f"http://{host.address}:{PORT}/to?" + urlencode({"u": target})
    before = len(host.requests())
    assert app.test_client().get(proxied_url(SECRET, url)).status_code == 403
    assert len(host.requests()) == before + 1  # the redirect only; its target was never asked


def test_the_servers_own_veth_address_is_refused(host):
    with pytest.raises(ImageError) as caught:
        lan_fetcher().fetch(f"http://{host.host_address}:{PORT}/cat.png")
    assert caught.value.status == 403


def test_the_size_cap_stops_a_stream_from_the_namespace_host(host):
    with pytest.raises(ImageError) as caught:
        lan_fetcher(max_bytes=256 * 1024).fetch(f"http://{host.address}:{PORT}/big?mb=64")
    assert caught.value.status == 502 and "too large" in str(caught.value)
