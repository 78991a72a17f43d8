"""Ahmia and Torch (onion services, only through Tor) and Chefkoch (bang only): when they load, what they
ask, what they parse, their bad cases, and each one unchanged against its real URL through the
whole app. The answers are reconstructed (tests/engines/fixtures/SOURCES.md)."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from engine_kit import args, build, call_engine, fake_response, fixture, make_engine, parse, typed

from searx.engines import load_engines, unsupported
from searx.errors import EngineCaptcha, EngineParseError, SettingsError
from searx.network.outgoing import tor_proxy
from searx.settings import DEFAULT_PATH, Outgoing
from tests.conftest import make_settings
from tests.upstream_hosts import UpstreamHosts

JSON = "application/json; charset=utf-8"
ONION = "juhanurmihxlp77nkq76byazcldy2hlmovfu2epvl5ankdibsot4csyd.onion"
HOME = "ahmia/home_reconstructed.html"
RESULTS = "ahmia/search_tor-browser_reconstructed.html"
CLOUDFLARE = "synthetic/cloudflare_just_a_moment.html"
RECIPES = "chefkoch/search-gateway-recipes_kaesespaetzle_reconstructed.json"
AHMIA = {"name": "ahmia", "engine": "ahmia", "timeout": 20.0, "categories": "onions", "enable_http": True,
         "shortcut": "ah"}
CHEFKOCH = {"name": "chefkoch", "engine": "chefkoch", "shortcut": "chef"}


# --- ahmia: only through Tor ---------------------------------------------------------------


def test_onion_engines_load_only_when_the_engine_traffic_goes_through_tor() -> None:
    entries = [AHMIA, {"name": "ahmia too", "engine": "ahmia", "shortcut": "ah2"}]  # the module's category counts
    assert load_engines(entries) == {} and unsupported(entries) == ()  # skipped silently, as SearXNG does
    assert list(load_engines(entries, tor=True)) == ["ahmia", "ahmia too"]
    assert not tor_proxy(Outgoing())
    assert tor_proxy(Outgoing(using_tor_proxy=True, proxies="http://127.0.0.1:8118"))
    with pytest.raises(SettingsError, match=r"^outgoing\.using_tor_proxy: .*outgoing\.proxies"):
        tor_proxy(Outgoing(using_tor_proxy=True))


def test_the_app_lists_ahmia_only_with_a_tor_proxy(app_factory: Any) -> None:
    from searx.services import check

    plain = app_factory(make_settings([AHMIA, CHEFKOCH])).test_client().get("/config").get_json()
    assert [e["name"] for e in plain["engines"]] == ["chefkoch"] and plain["unsupported_engines"] == []
    tor = make_settings([AHMIA], outgoing={"using_tor_proxy": True, "proxies": "http://127.0.0.1:8118"})
    config = app_factory(tor).test_client().get("/config").get_json()
    assert [(e["name"], e["categories"]) for e in config["engines"]] == [("ahmia", ["onions"])]
    with pytest.raises(SettingsError, match="outgoing.using_tor_proxy"):
        check(make_settings([AHMIA], outgoing={"using_tor_proxy": True}))


def test_ahmia_takes_its_form_field_as_a_token() -> None:
    engine = make_engine("ahmia")
    assert engine.uses_tokens and engine.token_scope("x", {}) == "" and engine.token_ttl == 3600.0
    p = build("ahmia", "tor browser", token="5a5f0e:b7c1d2e3f4a5", time_range="week", pageno=2)
    assert p["url"].startswith(f"http://{ONION}/search/?")
    assert args(p) == {"q": "tor browser", "5a5f0e": "b7c1d2e3f4a5", "d": "7"}  # every page is the same answer
    assert "d" not in args(build("ahmia", "x", token="a:b"))
    assert build("ahmia", "x", token="a:b", time_range="year")["url"] is None  # no year filter
    assert build("ahmia", "x", token=None)["url"] is None
    home = make_engine("ahmia")
    params: dict[str, Any] = {"engine": home, "headers": {}}
    home.token_request("x", params)
    assert params["url"] == f"http://{ONION}/"
    assert home.token_response(fake_response(home, fixture(HOME), token="a:b")) == "5a5f0e:b7c1d2e3f4a5"


def test_ahmia_results_are_onion_addresses_with_a_fresh_token() -> None:
    items = parse("ahmia", fixture(RESULTS), token="a:b")
    hits = [i for i in items if "url" in i]
    assert [h["url"] for h in hits] == ["http://2gzyxa5ihm7nsggfxnu52rck2vv4rvmdlkiu3zzui5du4xyclen53wid.onion/",
                                        "http://duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion/",
                                        "http://xmh57jrknzkhv6y3ls3ubitzfqnkrwxhopf5aygthi7d6rplyvk3noyd.onion/"]
    assert hits[0]["title"] == "The Tor Project" and hits[1]["title"] == "DuckDuckGo <onion>"
    assert hits[0]["content"].startswith("Browse privately.")
    assert {"correction": "tor browsers"} in items and items[-1] == {"token": "8e9f10:c2d3e4f5a6b7"}
    second = parse("ahmia", fixture(RESULTS), settings={"page_size": 2}, token="a:b", pageno=2)
    assert [i["title"] for i in second if "url" in i] == ["Torch search"]  # a slice of the one answer
    assert len(typed("ahmia", hits)) == 3


def test_ahmia_bad_cases(upstream: Any) -> None:
    empty = parse("ahmia", fixture("ahmia/search_no-results_reconstructed.html"), token="a:b")
    assert empty == [{"token": "1a2b3c:d4e5f6a7b8c9"}]
    with pytest.raises(EngineCaptcha):
        parse("ahmia", fixture(CLOUDFLARE), token="a:b")
    with pytest.raises(EngineParseError, match="ahmia"):
        parse("ahmia", b"<html><body><div id='results'></div></body></html>", token="a:b")
    engine = make_engine("ahmia")
    with pytest.raises(EngineParseError, match="ahmia: no search form"):
        engine.token_response(fake_response(engine, b"<html><body><h1>Ahmia</h1></body></html>", token="a:b"))
    # the token page itself behind a bot check: challenged, as its result page would be
    assert call_engine(make_engine("ahmia", base_url=upstream.base("cloudflare"), enable_http=True), "x").outcome \
        == "challenged"


def test_ahmia_through_tor_asks_its_home_page_once(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route(ONION, "/search/", fixture(RESULTS))
    hosts.route(ONION, "/", fixture(HOME))
    client = engine_client([AHMIA], outgoing={"using_tor_proxy": True})  # the double is the Tor proxy here
    for _ in range(2):
        body = client.get("/search?q=!ah+tor+browser&format=json").get_json()
        assert body["results"][0]["url"].startswith("http://2gzyxa5ihm7nsggfxnu52rck2vv4rvmdlkiu3zzui5du4xyclen53wid")
    home, first, second = hosts.seen
    assert home.url == f"http://{ONION}/"
    assert first.path == "/search/" and first.arg("q") == "tor browser" and first.arg("5a5f0e") == "b7c1d2e3f4a5"
    assert second.arg("8e9f10") == "c2d3e4f5a6b7", "the field of the last result page, not a new home page"
    assert body["corrections"] == ["tor browsers"]
    assert hosts.unrouted == []


# --- torch: SearXNG's xpath entry, only through Tor ---------------------------------------

TORCH = "xmh57jrknzkhv6y3ls3ubitzfqnkrwxhopf5aygthi7d6rplyvk3noyd.onion"


def _default_entry(name: str) -> dict[str, Any]:
    return next(e for e in yaml.safe_load(DEFAULT_PATH.read_text())["engines"] if e["name"] == name)


def test_torch_the_default_entry_loads_only_through_tor() -> None:
    torch = _default_entry("torch")
    assert torch["engine"] == "xpath" and torch["categories"] == "onions"
    assert load_engines([torch]) == {}  # skipped silently, as SearXNG does, and not listed as unsupported
    assert unsupported([torch]) == ()
    assert list(load_engines([torch], tor=True)) == ["torch"]
    assert not torch.get("paging")  # its URL has no page: a page 2 would repeat page 1


def test_torch_through_tor_asks_omega_and_reads_its_table(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route(TORCH, "/cgi-bin/omega/omega", fixture("torch/omega_tor-browser_reconstructed.html"))
    client = engine_client([_default_entry("torch")], outgoing={"using_tor_proxy": True})  # the double is Tor here
    body = client.get("/search?q=!tch+tor+browser&format=json").get_json()
    (seen,) = hosts.seen
    assert seen.url.startswith(f"http://{TORCH}/cgi-bin/omega/omega?")
    assert seen.arg("P") == "tor browser" and seen.arg("DEFAULTOP") == "and"
    assert [(r["url"], r["title"]) for r in body["results"]] == [
        ("http://2gzyxa5ihm7nsggfxnu52rck2vv4rvmdlkiu3zzui5du4xyclen53wid.onion/",
         "The Tor Project | Privacy & Freedom Online"),
        (f"http://{TORCH}/docs/browser.html", "Tor Browser manual"),  # a site-relative link, made absolute
    ]  # the row without a link is left out
    assert body["results"][1]["content"] == "How to install, configure and use the browser."
    assert body["unresponsive_engines"] == [] and hosts.unrouted == []


# --- chefkoch: bang only -------------------------------------------------------------------


def test_chefkoch_request_and_its_bang_only_category() -> None:
    p = build("chefkoch", "Käsespätzle", pageno=3)
    assert p["url"].startswith("https://api.chefkoch.de/v2/search-gateway/recipes?")
    assert args(p) == {"query": "Käsespätzle", "limit": "20", "offset": "40"}
    assert make_engine("chefkoch").categories == ("other",)  # SearXNG's category of an engine without a tab


def test_chefkoch_recipes() -> None:
    first, second = parse("chefkoch", fixture(RECIPES), content_type=JSON)  # the premium recipe is left out
    assert first["url"] == "https://www.chefkoch.de/rezepte/866710350/Kaesespaetzle.html"
    assert first["title"] == "Käsespätzle"
    assert first["content"] == ("Allgäuer Art | Schwierigkeitsstufe (1-3): 1 | Zubereitungszeit: 20 min"
                                " | Anzahl der Zutaten: 6")
    assert first["thumbnail"] == "https://img.chefkoch-cdn.de/rezepte/866710350/bilder/1/crop-240x300/kaesespaetzle.jpg"
    assert first["publishedDate"] == "2014-02-18T10:22:44+01:00" and second["publishedDate"] is None
    everything = parse("chefkoch", fixture(RECIPES), content_type=JSON, settings={"skip_premium": False,
                                                                                   "thumbnail_format": "crop-480x600"})
    assert len(everything) == 3 and "/crop-480x600/" in everything[0]["thumbnail"]
    assert [r.category for r in typed("chefkoch", [first, second])] == ["other", "other"]


def test_chefkoch_bad_cases() -> None:
    assert parse("chefkoch", fixture("chefkoch/search-gateway-recipes_empty_reconstructed.json"), content_type=JSON) == []
    with pytest.raises(EngineParseError, match="chefkoch"):
        parse("chefkoch", b'{"recipes": []}', content_type=JSON)
    with pytest.raises(EngineCaptcha):
        parse("chefkoch", fixture(CLOUDFLARE))


def test_chefkoch_answers_its_bang_only(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("api.chefkoch.de", "/v2/search-gateway/recipes", fixture(RECIPES), content_type=JSON)
    client = engine_client([CHEFKOCH, {"name": "wikipedia", "engine": "wikipedia", "shortcut": "wp",
                                       "disabled": True}])
    assert client.get("/search?q=Käsespätzle&format=json").get_json()["results"] == []
    assert hosts.seen == [], "a search without the bang does not ask Chefkoch"
    body = client.get("/search?q=!chef+Käsespätzle&format=json").get_json()
    assert [r["title"] for r in body["results"]] == ["Käsespätzle", "Schnelle Käsespätzle"]
    (seen,) = hosts.seen
    assert seen.arg("query") == "Käsespätzle" and seen.arg("offset") == "0"
    assert hosts.unrouted == []
