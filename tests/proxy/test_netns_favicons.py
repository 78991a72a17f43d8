"""/favicon_proxy against a real resolver in a network namespace (10.x over a veth pair): the icon
is served; a resolver that redirects to this machine, its own veth address or the metadata address,
that answers a page or an SVG, or that streams more than an icon's cap gets the blank, and the
redirect's target is never asked. Real sockets, the image proxy's fetch (ImageFetcher, AddressGuard)
with the guard's LAN opening, as test_netns_pictures.py."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from searx.network.guard import AddressGuard
from searx.proxy import favicons
from searx.proxy.favicons import FaviconFetcher, Resolver, proxied_url
from searx.proxy.images import ImageFetcher
from searx.webapp.image_links import PLACEHOLDER_GIF
from tests.conftest import SECRET, json_engine_entry, make_settings
from tests.proxy.picture_site import PNG
from tests.reader.netns import SiteHost, namespace_host, unavailable

SITE = Path(__file__).resolve().parent / "picture_site.py"
PORT = 8080

pytestmark = pytest.mark.skipif(bool(unavailable()), reason=unavailable() or "")


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteHost]:
    with namespace_host(tmp_path_factory.mktemp("icons"), command=[sys.executable, str(SITE), str(PORT)]) as made:
        yield made


@pytest.fixture
def icon_of(app_factory: Any, fake_engine: Any, host: SiteHost, monkeypatch: pytest.MonkeyPatch) -> Any:
    """``icon_of(path)``: /favicon_proxy's answer when the instance's resolver answers ``path``."""

    def ask(path: str) -> Any:
        resolver = Resolver(f"http://{host.address}:{PORT}{path}{'&' if '?' in path else '?'}d={{domain}}")
        monkeypatch.setitem(favicons.RESOLVERS, "duckduckgo", resolver)
        app = app_factory(make_settings([json_engine_entry(fake_engine.url, "alpha")],
                                        search={"favicon_resolver": "duckduckgo"}))
        svc = app.extensions["searx"]
        guard = AddressGuard(allowed_ports=(80, 443, PORT), allow_private=True)
        svc.favicons = FaviconFetcher(ImageFetcher(guard, user_agent="test-agent", timeout=10.0,
                                                   max_bytes=favicons.MAX_BYTES), svc.store)
        return app.test_client().get(proxied_url(SECRET, "duckduckgo", "shared.example.org"))

    return ask


def test_the_resolver_s_icon_is_served(icon_of: Any, host: SiteHost) -> None:
    resp = icon_of("/cat.png")
    assert resp.status_code == 200 and resp.data == PNG and resp.mimetype == "image/png"
    assert host.requests()[-1].startswith("GET /cat.png?d=shared.example.org cookie=None referer=None")


@pytest.mark.parametrize("target", ["http://127.0.0.1:{engine}/icons/x.ico", "http://{own}:{port}/cat.png",
                                    "http://169.254.169.254/latest/meta-data", "http://[::1]:{engine}/"])
def test_a_redirect_inside_gets_the_blank_and_is_not_followed(icon_of: Any, host: SiteHost, fake_engine: Any,
                                                              target: str) -> None:
    engine_port = fake_engine.url.rstrip("/").rsplit(":", 1)[1]
    target = target.format(engine=engine_port, own=host.host_address, port=PORT)
    before = len(host.requests())
    resp = icon_of("/to?u=" + quote(target, safe=""))
    assert resp.status_code == 200 and resp.data == PLACEHOLDER_GIF
    assert len(host.requests()) == before + 1  # the redirect only; its target was never asked
    assert [path for path, *_ in fake_engine.requests if path.startswith("/icons/")] == []


@pytest.mark.parametrize("path", ["/page.html", "/fake.png", "/cat.svg", "/big?mb=1", "/declared-big",
                                  "/status/500"])
def test_no_picture_or_too_much_gets_the_blank(icon_of: Any, path: str) -> None:
    resp = icon_of(path)
    assert resp.status_code == 200 and resp.data == PLACEHOLDER_GIF and resp.mimetype == "image/gif"
