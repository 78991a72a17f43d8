"""Pexels' ``secret-key``, read from the site as SearXNG reads it: the home page names its
scripts, the runner asks them (token pages, docs/dev/engines.md), the key is cached, shared
and dropped when refused. Over real HTTPS to ``www.pexels.com`` (the upstream hosts double);
the pages are reconstructed (tests/engines/fixtures/SOURCES.md, "Images")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from engine_kit import call_engine, fixture, make_engine
from test_images_app import JSON, PEXELS_KEY, route_pexels

from searx.engines import load_engines
from searx.network.client import EngineNetwork
from searx.network.guard import AddressGuard
from searx.plugins import PluginManager
from searx.results.search import SearchQuery
from searx.search.health import EngineHealth
from searx.search.runner import SearchRunner
from searx.search.tokens import TOKEN_PAGES, TokenCache, token_pages
from searx.settings import Outgoing
from searx.store import MemoryStore, Store
from searx.upstream.challenge import page_error
from tests.upstream_hosts import Reply, UpstreamHosts

API = "/en-us/api/v3/search/photos"
SCRIPTS = "/assets/_next/static/chunks/"
JS = "text/javascript"
NO_KEY = fixture("pexels/chunk-without-key_reconstructed.js")


@pytest.fixture
def network(hosts: UpstreamHosts) -> Iterator[EngineNetwork]:
    net = EngineNetwork(Outgoing(proxies={"all://": hosts.url}, verify=str(hosts.ca_path)))
    yield net
    net.close()


# what the upstream hosts double's names resolve to for the runner's address guard (no DNS in tests)
ADDRESSES = {"static.pexels.com": ["93.184.216.34"], "pexels.com": ["93.184.216.35"], "loop.pexels.com": ["127.0.0.1"],
             "lan.pexels.com": ["10.0.0.7"], "mixed.pexels.com": ["93.184.216.34", "::1"]}


def resolve(host: str, port: int) -> list[str]:
    if host not in ADDRESSES:
        raise OSError(f"{host} does not resolve")
    return ADDRESSES[host]


GUARD = AddressGuard(resolver=resolve, own_addresses=())


def runner(network: EngineNetwork, store: Store, **entry: object) -> SearchRunner:
    conf = [{"name": "pexels", "engine": "pexels", "shortcut": "pe", "timeout": 5.0, **entry}]
    return SearchRunner(load_engines(conf), network, PluginManager([], raise_errors=True),
                        health=EngineHealth(store), bot_check=page_error, tokens=TokenCache(store), guard=GUARD)


def search(r: SearchRunner, query: str = "cats") -> tuple[str, str, int, str]:
    _, reports = r.fetch(SearchQuery(query=query, engines=("pexels",), categories=("images",)))
    (report,) = reports
    return report.outcome, report.reason, report.results, report.detail


def paths(hosts: UpstreamHosts) -> list[str]:
    return [s.path for s in hosts.seen]


def test_the_key_is_read_from_the_app_bundle_once_and_shared(hosts: UpstreamHosts, network: EngineNetwork) -> None:
    route_pexels(hosts)
    store = MemoryStore()
    assert search(runner(network, store))[:3] == ("ok", "", 2)
    asked = paths(hosts)
    assert asked[0] == "/" and asked[-1].startswith(API)
    assert sorted(asked[1:-1]) == sorted([
        "/assets/_next/static/chunks/pages/_app-8c9d0e1f.js", "/assets/_next/static/chunks/webpack-0a1b2c3d.js",
        "/assets/_next/static/chunks/framework-4e5f6a7b.js", "/assets/_next/static/chunks/pages/%5Blocale%5D-2a3b4c5d.js"])
    assert {s.host for s in hosts.seen} == {"www.pexels.com"}, "no analytics or beacon host is asked"
    assert hosts.unrouted == []
    assert hosts.seen[-1].headers["secret-key"] == PEXELS_KEY
    assert TokenCache(store).get("pexels", "") == PEXELS_KEY
    # another query, another instance on the same store: only the search endpoint
    hosts.seen.clear()
    for r in (runner(network, store), runner(network, store)):
        assert search(r, "dogs")[0] == "ok"
    assert [p.split("?")[0] for p in paths(hosts)] == [API, API]
    assert all(s.headers["secret-key"] == PEXELS_KEY for s in hosts.seen)


def test_a_key_in_a_later_script_is_found(hosts: UpstreamHosts, network: EngineNetwork) -> None:
    route_pexels(hosts, app=Reply(NO_KEY, content_type=JS))
    hosts.route("www.pexels.com", SCRIPTS + "framework-", b'x={"secret-key": "LaterScriptKey42"}', content_type=JS)
    assert search(runner(network, MemoryStore()))[0] == "ok"
    assert hosts.seen[-1].headers["secret-key"] == "LaterScriptKey42"


def test_a_refused_key_is_dropped_and_read_again(hosts: UpstreamHosts, network: EngineNetwork) -> None:
    store = MemoryStore()
    TokenCache(store).put("pexels", "", "StaleKeyFromYesterday", 3600)
    route_pexels(hosts, api=lambda seen: (
        Reply(fixture("pexels/en-us-api-v3-search-photos_cats_reconstructed.json"), content_type=JSON)
        if seen.headers["secret-key"] == PEXELS_KEY else Reply(b'{"error":"Unauthorized"}', status=401,
                                                                content_type=JSON)))
    r = runner(network, store)
    assert search(r)[:2] == ("error", "HTTP error")
    assert paths(hosts)[0].startswith(API), "the cached key is used without reading the site"
    assert TokenCache(store).get("pexels", "") is None, "refused: dropped"
    assert search(r)[0] == "ok", "the next search reads the site's key again"
    assert paths(hosts)[1] == "/" and hosts.seen[-1].headers["secret-key"] == PEXELS_KEY


def test_an_operators_key_is_sent_and_the_site_never_read(hosts: UpstreamHosts, network: EngineNetwork) -> None:
    route_pexels(hosts)
    assert search(runner(network, MemoryStore(), api_key="OperatorsOwnKey"))[0] == "ok"
    assert [p.split("?")[0] for p in paths(hosts)] == [API]
    assert hosts.seen[0].headers["secret-key"] == "OperatorsOwnKey"


def test_no_script_holding_the_key_is_a_parsing_error(hosts: UpstreamHosts, network: EngineNetwork) -> None:
    route_pexels(hosts, app=Reply(NO_KEY, content_type=JS))
    outcome, reason, results, detail = search(runner(network, MemoryStore()))
    assert (outcome, reason, results) == ("error", "parsing error", 0)
    assert detail == "token pages: no token on the 4 of 6 pages the token page named"
    assert not any(p.startswith(API) for p in paths(hosts)), "no search without a key"


@pytest.mark.parametrize(("reply", "outcome", "reason"), [
    (Reply(fixture("synthetic/cloudflare_just_a_moment.html"), status=403, headers={"cf-mitigated": "challenge"}),
     "challenged", "CAPTCHA"),
    (Reply(b"Too many", status=429, content_type="text/plain"), "blocked", "too many requests"),
    (Reply(b"", status=404, content_type="text/plain"), "error", "HTTP error"),
])
def test_the_scripts_answers_say_why_there_is_no_key(hosts: UpstreamHosts, network: EngineNetwork, reply: Reply,
                                                    outcome: str, reason: str) -> None:
    route_pexels(hosts, chunks=reply, app=reply)
    assert search(runner(network, MemoryStore()))[:2] == (outcome, reason)


@pytest.mark.parametrize(("home", "outcome", "reason"), [
    (Reply(fixture("synthetic/cloudflare_just_a_moment.html"), status=403, headers={"cf-mitigated": "challenge"}),
     "challenged", "CAPTCHA"),
    (Reply(fixture("synthetic/anubis_generic.html")), "challenged", "CAPTCHA"),  # scripts of its own: not followed
    (Reply(b"<html><body>We moved things around</body></html>"), "error", "parsing error"),
    (Reply(b"", status=403), "blocked", "access denied"),
])
def test_the_home_pages_answers(hosts: UpstreamHosts, network: EngineNetwork, home: Reply, outcome: str,
                                reason: str) -> None:
    route_pexels(hosts, home=home)
    assert search(runner(network, MemoryStore()))[:2] == (outcome, reason)
    assert paths(hosts) == ["/"], "nothing else is asked"


def test_a_slow_script_ends_within_the_engines_timeout(hosts: UpstreamHosts, network: EngineNetwork) -> None:
    def slow(seen: object) -> Reply:
        hosts.release.wait(3)
        return Reply(NO_KEY, content_type=JS)

    route_pexels(hosts, chunks=slow, app=Reply(NO_KEY, content_type=JS))
    r = runner(network, MemoryStore(), timeout=1.0)
    outcome, reason, _, detail = search(r)
    assert (outcome, reason) == ("timeout", "timeout") and detail.startswith("token pages: ")


HOSTILE = b"""<html><head>
<script src="https://evil.example/steal.js"></script>
<script src="https://www.pexels.com.evil.example/x.js"></script>
<script src="http://www.pexels.com/downgrade.js"></script>
<script src="https://user:pw@www.pexels.com/creds.js"></script>
<script src="https://10.0.0.1/internal.js"></script>
<script src="https://[::1]/loopback.js"></script>
<script src="file:///etc/passwd"></script>
<script src="javascript:alert(1)"></script>
<script src="//attacker.example/protocol-relative.js"></script>
<script src="https://www.pexels.com:99999/bad-port.js"></script>
<script src="https://www.pexels.com:8443/other-port.js"></script>
<script src="https://www.pexels.com:443/own-port.js"></script>
<script src="https://loop.pexels.com/loopback.js"></script>
<script src="https://lan.pexels.com/lan.js"></script>
<script src="https://mixed.pexels.com/mixed.js"></script>
<script src="https://nowhere.pexels.com/unresolved.js"></script>
<script src="https://static.pexels.com/assets/ok.js"></script>
</head></html>"""


def test_a_home_page_cannot_send_the_runner_elsewhere(hosts: UpstreamHosts, network: EngineNetwork) -> None:
    route_pexels(hosts, home=HOSTILE)
    hosts.route("www.pexels.com", "/own-port.js", NO_KEY, content_type=JS)
    hosts.route("static.pexels.com", "/assets/ok.js", b'{"secret-key":"SiblingHostKey1"}', content_type=JS)
    assert search(runner(network, MemoryStore()))[0] == "ok"
    # no other port, and no other host of the site that resolves to loopback, the LAN or nothing
    assert sorted((s.host, s.path.split("?")[0]) for s in hosts.seen) == sorted([
        ("www.pexels.com", "/"), ("www.pexels.com", "/own-port.js"), ("static.pexels.com", "/assets/ok.js"),
        ("www.pexels.com", API)])  # fmt: skip
    assert hosts.seen[-1].headers["secret-key"] == "SiblingHostKey1"


def test_token_pages_rules() -> None:
    many = [f"/s{i}.js" for i in range(TOKEN_PAGES + 5)]
    assert len(token_pages("https://www.pexels.com/", many, True)) == TOKEN_PAGES
    assert token_pages("https://www.pexels.com/", ["/a.js", "/a.js#x", "https://pexels.com/b.js"], False, GUARD) == [
        "https://www.pexels.com/a.js", "https://pexels.com/b.js"]
    assert token_pages("http://127.0.0.1:8000/", ["/a.js", "http://127.0.0.2:8000/b.js"], True) == [
        "http://127.0.0.1:8000/a.js"], "an address names only itself"
    assert token_pages("http://127.0.0.1:8000/", ["/a.js"], False) == [], "http:// needs enable_http"
    # the page's own port only (the scheme's own counts for an upgrade to https)
    assert token_pages("http://127.0.0.1:8000/", ["http://127.0.0.1:8001/a.js", "http://127.0.0.1/b.js",
                                                  "http://127.0.0.1:8000/c.js"], True) == ["http://127.0.0.1:8000/c.js"]
    assert token_pages("http://x.example/", ["https://x.example/a.js", "https://x.example:8443/b.js",
                                             "http://x.example:80/c.js"], True) == [
        "https://x.example/a.js", "http://x.example:80/c.js"]
    # another host of the site only through the address guard: none without one
    named = ["https://static.pexels.com/a.js", "https://loop.pexels.com/b.js", "https://lan.pexels.com/c.js",
             "https://mixed.pexels.com/d.js", "https://nowhere.pexels.com/e.js", "https://www.pexels.com/f.js"]
    assert token_pages("https://www.pexels.com/", named, False, GUARD) == [
        "https://static.pexels.com/a.js", "https://www.pexels.com/f.js"]
    assert token_pages("https://www.pexels.com/", named, False) == ["https://www.pexels.com/f.js"]


def test_the_engine_kit_follows_token_pages_as_the_runner_does(upstream) -> None:  # noqa: ANN001
    ok = call_engine(make_engine("pexels", base_url=upstream.base("pexels-site"), enable_http=True), "cats")
    assert ok.outcome == "ok" and len(ok.results) == 2


def test_the_instances_guard_resolves_no_name_under_tor(monkeypatch: pytest.MonkeyPatch) -> None:
    from searx.network.guard import instance_guard
    from searx.services import upstream_guard
    from tests.conftest import make_settings

    looked_up: list[str] = []
    monkeypatch.setattr("socket.getaddrinfo", lambda host, *a, **k: looked_up.append(host) or [])
    tor = make_settings([], outgoing={"using_tor_proxy": True, "proxies": {"all://": "http://127.0.0.1:9"}})
    named = ["https://static.pexels.com/a.js", "/b.js"]
    assert token_pages("https://www.pexels.com/", named, False, upstream_guard(tor, instance_guard(tor))) == ["https://www.pexels.com/b.js"]
    assert looked_up == []  # no DNS leak: the other host is not asked
