"""The instance's origin: which Host names it answers to, and where its absolute links point."""

from __future__ import annotations

import re

import pytest
from lxml import etree

from searx.errors import SettingsError
from searx.origin import check_base_url, host_allowed, origin_matches, split_host
from tests.conftest import json_engine_entry, make_settings

PUBLIC = "https://search.example.org/"


@pytest.fixture
def make_client(app_factory, fake_engine):
    def build(**server):
        engines = [json_engine_entry(fake_engine.url, "alpha")]
        settings = make_settings(engines, search={"formats": ["html", "json", "rss"]}, server=server)
        return app_factory(settings).test_client()
    return build


@pytest.mark.parametrize("host", ["localhost", "localhost:8888", "LOCALHOST.", "127.0.0.1", "127.0.0.1:80",
                                  "127.3.4.5:9", "[::1]", "[::1]:8888"])
def test_loopback_names_are_always_answered(make_client, host):
    assert make_client().get("/", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8888", "192.168.1.10", "[fd00::1]", "localhost.evil",
                                  "a b", "x" * 300, "[::1", "localhost:99999", "h/../x", "u@localhost"])
def test_a_foreign_host_is_400_for_people_and_api_callers(make_client, host):
    client = make_client()
    page = client.get("/search?q=x", headers={"Host": host})
    assert page.status_code == 400 and page.mimetype == "text/html"
    assert "trusted_hosts" in page.get_data(as_text=True)
    api = client.get("/search?q=x&format=json", headers={"Host": host})
    assert api.status_code == 400 and "host" in api.get_json()["error"]
    summary = client.post("/ai_summary", json={}, headers={"Host": host})
    assert summary.status_code == 400 and summary.get_json()["error"]["code"] == "bad_request"


def test_healthz_answers_whatever_the_host(make_client):
    client = make_client()  # load balancers probe by address
    for host in ("10.0.0.5:8888", "evil.example"):
        assert client.get("/healthz", headers={"Host": host}).status_code == 200


def test_base_url_host_and_trusted_hosts_are_answered(make_client):
    client = make_client(base_url=PUBLIC, trusted_hosts=[".example.net", "10.0.0.5", "fd00::1", "[fd00::2]"])
    for host in ("search.example.org", "Search.Example.Org:443", "example.net", "a.b.example.net", "10.0.0.5:8888",
                 "[fd00::1]:80", "[fd00::2]"):
        assert client.get("/", headers={"Host": host}).status_code == 200, host
    for host in ("example.org", "badexample.net", "10.0.0.6", "search.example.org.evil"):
        assert client.get("/", headers={"Host": host}).status_code == 400, host
    assert make_client(trusted_hosts=["*"]).get("/", headers={"Host": "any.where"}).status_code == 200


@pytest.mark.parametrize(("server", "key"), [
    ({"base_url": "ftp://x.org/"}, "server.base_url"),
    ({"base_url": "https://x.org/searx/"}, "server.base_url"),
    ({"base_url": "https://user@x.org/"}, "server.base_url"),
    ({"base_url": True}, "server.base_url"),
    ({"trusted_hosts": ["ok.org", "a b"]}, r"server.trusted_hosts\[1\]"),
    ({"trusted_hosts": ["x.org:8080"]}, r"server.trusted_hosts\[0\]"),
])
def test_bad_settings_stop_start_up_naming_the_key(app_factory, server, key):
    with pytest.raises(SettingsError, match=key):
        app_factory(make_settings([], server=server))


def _links(client, headers=None):
    """Every absolute link the instance builds, for one request's headers."""
    headers = headers or {}
    opensearch = client.get("/opensearch.xml", headers=headers).get_data(as_text=True)
    prefs = client.get("/preferences", headers=headers).get_data(as_text=True)
    share = re.search(r'value="([^"]*preferences\?preferences=[^"]*)"', prefs) or re.search(
        r'href="([^"]*preferences\?preferences=[^"]*)"', prefs)
    rss = etree.fromstring(client.get("/search?q=x&format=rss", headers=headers).data)
    return {
        "opensearch": re.findall(r'template="([^"]+)"', opensearch),
        "share": [share.group(1)] if share else [],
        "rss": [rss.findtext("channel/link")] + rss.xpath("//*[local-name()='link']/@href"),
        "redirect": [client.get("/?q=x", headers=headers).headers["Location"]],
        "favicon": [client.get("/favicon.ico", headers=headers).headers["Location"]],
        "router": [client.get(path, headers=headers).headers["Location"] for path in ("//search?q=x", "/static//x")],
    }


def test_every_absolute_link_starts_with_base_url(make_client):
    client = make_client(base_url=PUBLIC)
    links = _links(client, {"Host": "localhost:8888"})
    for kind, urls in links.items():
        assert urls, kind
        assert all(u.startswith(PUBLIC) for u in urls), (kind, urls)


def test_without_base_url_links_follow_trusted_proxies_only(make_client):
    forwarded = {"Host": "127.0.0.1:8888", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "search.example.org"}
    behind = make_client(trusted_proxies=["127.0.0.1"], trusted_hosts=["search.example.org"])
    for kind, urls in _links(behind, forwarded).items():
        assert urls and all(u.startswith(PUBLIC) for u in urls), (kind, urls)
    direct = make_client(trusted_hosts=["search.example.org"])  # the peer is no proxy: its headers are ignored
    for kind, urls in _links(direct, forwarded).items():
        assert urls and all(u.startswith("http://127.0.0.1:8888/") for u in urls), (kind, urls)


def test_a_trusted_proxy_forwarding_a_foreign_host_is_refused(make_client):
    client = make_client(trusted_proxies=["127.0.0.1"])
    resp = client.get("/", headers={"Host": "localhost", "X-Forwarded-Host": "evil.example"})
    assert resp.status_code == 400


def test_pure_helpers():
    assert split_host("Example.ORG.:8080") == ("example.org", 8080)
    assert split_host("[::1]:1") == ("::1", 1)
    assert split_host("") is None and split_host(" x") is None
    assert check_base_url("HTTPS://Search.Example.org") == PUBLIC
    assert host_allowed("search.example.org", PUBLIC, ()) and not host_allowed("example.org", PUBLIC, ())
    assert origin_matches("https://search.example.org", PUBLIC)
    assert origin_matches("http://search.example.org", PUBLIC)  # TLS ended at the proxy
    assert not origin_matches("https://search.example.org:8443", PUBLIC)
    assert not origin_matches("https://evil.example", PUBLIC) and not origin_matches("null", PUBLIC)
