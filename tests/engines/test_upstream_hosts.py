"""The upstream-hosts double (tests/upstream_hosts.py): engines run unchanged, against their
real request URLs, through ``outgoing.proxies`` with a CA of the test's own in ``outgoing.verify``."""

from __future__ import annotations

import ssl
from typing import Any

import httpx
from engine_kit import fixture

from tests.upstream_hosts import Reply, UpstreamHosts

BING = {"name": "bing", "engine": "bing", "shortcut": "bi", "categories": ["general"]}


def test_an_engine_reaches_its_real_url_over_tls_through_the_proxy(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("www.bing.com", "/search", fixture("bing/results_javascript-tutorial_2026-04_raw-http.html"))
    client = engine_client([BING])
    body = client.get("/search?q=javascript+tutorial&format=json&language=de-DE&pageno=2").get_json()
    assert body["unresponsive_engines"] == []
    assert len(body["results"]) >= 5
    assert all(r["url"].startswith("http") and "bing.com/ck/" not in r["url"] for r in body["results"])
    (seen,) = hosts.seen
    assert seen.url.startswith("https://www.bing.com/search?")
    assert seen.arg("q") == "javascript tutorial" and seen.arg("mkt") == "de-DE" and seen.arg("first") == "11"
    assert seen.headers["accept-language"] == "de-DE"
    assert hosts.unrouted == []


def test_a_status_from_the_upstream_host_is_the_engines_outcome(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("www.bing.com", "/", Reply("slow down", status=429, headers={"Retry-After": "60"}))
    body = engine_client([BING]).get("/search?q=x&format=json").get_json()
    assert body["results"] == []
    assert [name for name, _ in body["unresponsive_engines"]] == ["bing"]


def test_an_unrouted_host_is_recorded_and_never_reaches_the_internet(engine_client: Any, hosts: UpstreamHosts) -> None:
    body = engine_client([BING]).get("/search?q=x&format=json").get_json()
    assert [name for name, _ in body["unresponsive_engines"]] == ["bing"]
    assert [s.host for s in hosts.unrouted] == ["www.bing.com"]


def test_a_certificate_of_another_ca_is_refused(hosts: UpstreamHosts) -> None:
    """The double is trusted only through outgoing.verify: a client with the system CAs refuses it."""
    hosts.route("www.bing.com", "/", "hello")
    with httpx.Client(proxy=hosts.url) as plain:
        try:
            plain.get("https://www.bing.com/")
        except httpx.ConnectError as exc:
            assert "CERTIFICATE_VERIFY_FAILED" in str(exc)
        else:
            raise AssertionError("a certificate of the test CA was accepted without outgoing.verify")
    with httpx.Client(proxy=hosts.url, verify=ssl.create_default_context(cafile=str(hosts.ca_path))) as trusting:
        assert trusting.get("https://www.bing.com/").text == "hello"
        assert trusting.post("http://example.org/form", data={"a": "1"}).status_code == 502
    assert hosts.unrouted[-1].url == "http://example.org/form" and hosts.unrouted[-1].form == {"a": ["1"]}
