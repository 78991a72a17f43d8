"""A redirect to a malformed address (``http:\\\\host``, ``https:\\\\x``, ``http:x``) is answered, not crashed on.

httpx refuses to build such a redirect even when it is not asked to follow it,
and its ``InvalidURL`` is no ``HTTPError``: it reached the web layer as a 500
with a traceback in the log. Each form is sent by an upstream (through the
upstream-hosts double) to /fetch, /image_proxy and /favicon_proxy, with crashes
answered as in production (logged, not raised), and the log is read.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest

from searx.proxy import favicons
from searx.proxy.images import proxied_url
from searx.webapp.image_links import PLACEHOLDER_GIF
from tests.conftest import SECRET
from tests.proxy.picture_site import PNG
from tests.upstream_hosts import Reply, UpstreamHosts

# Location -> what the redirect becomes, from an https page
MALFORMED = ["http:\\\\host", "https:\\\\x", "http:x", "http:\\\\host/cat.png", "https:/\\x", "http://a b/",
             "http:", "https://[::1/"]  # fmt: skip


@pytest.fixture
def client(proxied: Any) -> Any:
    made = proxied()
    made.application.config["PROPAGATE_CRASHES"] = False  # a crash is logged and answered 500, as in production
    return made


def _redirect(hosts: UpstreamHosts, host: str, path: str, location: str) -> None:
    hosts.route(host, path, Reply(status=302, headers={"Location": location}))


def _lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name.startswith("searx")]


@pytest.mark.parametrize("location", MALFORMED)
def test_fetch_answers_bad_redirect(client: Any, hosts: UpstreamHosts, caplog: pytest.LogCaptureFixture,
                                    location: str) -> None:  # fmt: skip
    _redirect(hosts, "pages.example", "/moved", location)
    caplog.set_level(logging.DEBUG)
    resp = client.get("/fetch?url=https://pages.example/moved")
    assert resp.status_code == 502, resp.get_json()
    assert resp.get_json()["error"]["code"] == "bad_redirect"
    assert [r for r in _lines(caplog) if r.exc_info or r.levelno >= logging.ERROR] == []
    assert len(_lines(caplog)) <= 1
    assert len(hosts.seen) == 1  # the malformed target was never asked for


@pytest.mark.parametrize("location", MALFORMED)
def test_the_image_proxy_answers_502(client: Any, hosts: UpstreamHosts, caplog: pytest.LogCaptureFixture,
                                     location: str) -> None:  # fmt: skip
    _redirect(hosts, "pictures.example", "/moved.png", location)
    caplog.set_level(logging.DEBUG)
    resp = client.get(proxied_url(SECRET, "https://pictures.example/moved.png"))
    assert resp.status_code == 502
    assert b"malformed address" in resp.data
    assert [r for r in _lines(caplog) if r.exc_info or r.levelno >= logging.ERROR] == []
    assert len(_lines(caplog)) <= 1
    assert len(hosts.seen) == 1


@pytest.mark.parametrize("location", MALFORMED)
def test_the_favicon_proxy_answers_no_icon(client: Any, hosts: UpstreamHosts, caplog: pytest.LogCaptureFixture,
                                           location: str) -> None:  # fmt: skip
    """A resolver that fails is a resolver without an icon (docs/api.md): the blank, kept a day."""
    _redirect(hosts, "icons.duckduckgo.com", "/ip2/", location)
    caplog.set_level(logging.DEBUG)
    resp = client.get(favicons.proxied_url(SECRET, "duckduckgo", "example.org"))
    assert (resp.status_code, resp.data) == (200, PLACEHOLDER_GIF)
    assert resp.headers["Cache-Control"] == f"public, max-age={favicons.MISSING_TTL}"
    assert [r for r in _lines(caplog) if r.exc_info or r.levelno >= logging.ERROR] == []
    assert len(_lines(caplog)) <= 1
    assert len(hosts.seen) == 1


def test_http_x_from_an_http_page_is_that_host_s_x_as_in_a_browser(client: Any, hosts: UpstreamHosts) -> None:
    _redirect(hosts, "pictures.example", "/moved.png", "http:cat.png")
    hosts.route("pictures.example", "/cat.png", Reply(PNG, content_type="image/png"))
    resp = client.get(proxied_url(SECRET, "http://pictures.example/moved.png"))
    assert (resp.status_code, resp.data) == (200, PNG)
    assert [s.url for s in hosts.seen] == ["http://pictures.example/moved.png", "http://pictures.example/cat.png"]
