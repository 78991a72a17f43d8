"""Startpage's ``sc`` and DuckDuckGo's ``vqd``: read from captured pages, fetched once
over real HTTP, cached in the store (shared by instances), and a token page's bot
check reported with the engine's outcome."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest
from engine_kit import call_engine, fake_response, fixture, make_engine

from searx.engines import load_engines
from searx.errors import EngineCaptcha
from searx.network.client import EngineNetwork
from searx.plugins import PluginManager
from searx.results.search import SearchQuery
from searx.search.health import EngineHealth
from searx.search.runner import SearchRunner
from searx.search.tokens import TokenCache
from searx.store import MemoryStore, Store
from searx.upstream.challenge import page_error

SP_RESULTS = "startpage/results_javascript-tutorial_2026-04_http_prettier.html"
DDG_FOO = "duckduckgo/html_results_foo_2025-04.html"


# --- the tokens on captured pages ------------------------------------------------


def test_startpage_sc_code_from_its_search_form() -> None:
    engine = make_engine("startpage")
    assert engine.token_response(fake_response(engine, fixture(SP_RESULTS))) == "wnEHetqY4mdm00"


@pytest.mark.parametrize("path", ["synthetic/anubis_startpage.html", "synthetic/startpage_captcha.html"])
def test_startpage_home_page_bot_check_is_a_captcha(path: str) -> None:
    engine = make_engine("startpage")
    with pytest.raises(EngineCaptcha):
        engine.token_response(fake_response(engine, fixture(path)))


@pytest.mark.parametrize(("path", "vqd"), [
    (DDG_FOO, "4-128689170714965609075396407614104177165"),
    ("duckduckgo/html_results_does-caffeine-affect-sleep_2026-07_browser-dom.html",
     "4-254660626027049202676687384605016276910"),
    ("duckduckgo/lite_results_godot-4.5-release-date_raw-http.html", "4-308512778328531380076087663937411400367"),
])
def test_duckduckgo_page_one_carries_the_vqd_of_page_two(path: str, vqd: str) -> None:
    engine = make_engine("duckduckgo")
    resp = fake_response(engine, fixture(path))
    assert engine.token_response(resp) == vqd
    items = engine.response(resp)
    assert {"token": vqd} in items, "the result page hands its vqd to the cache"
    assert sum(1 for i in items if "url" in i) >= 5


def test_duckduckgo_anomaly_page_has_no_vqd_but_a_captcha() -> None:
    engine = make_engine("duckduckgo")
    with pytest.raises(EngineCaptcha):
        engine.token_response(fake_response(engine, fixture("duckduckgo/html_anomaly-challenge_shrooms_raw-http.html")))


def test_duckduckgo_last_page_without_a_next_page_has_no_token() -> None:
    engine = make_engine("duckduckgo")
    assert engine.token_response(fake_response(engine, fixture("synthetic/ddg_no_results.html"))) == ""


# --- through the runner, over real HTTP --------------------------------------------


def runner_for(upstream, network: EngineNetwork, store: Store, **entries: tuple[str, str]) -> SearchRunner:  # noqa: ANN001
    conf = [{"name": name, "engine": module, "base_url": upstream.base(scenario), "enable_http": True,
             "timeout": 5.0, "shortcut": name} for name, (module, scenario) in entries.items()]
    return SearchRunner(load_engines(conf), network, PluginManager([], raise_errors=True),
                        health=EngineHealth(store), bot_check=page_error, tokens=TokenCache(store))


def calls_to(upstream, scenario: str) -> list[tuple[str, str, dict[str, str]]]:  # noqa: ANN001
    return [(method, path, {k: v[0] for k, v in parse_qs(body.decode()).items()})
            for method, path, body in list(upstream.calls) if path.startswith(f"/{scenario}/")]


def test_startpage_fetches_its_sc_code_once_and_posts_it(upstream, network: EngineNetwork) -> None:  # noqa: ANN001
    store = MemoryStore()
    runner = runner_for(upstream, network, store, sp=("startpage", "sp-results"))
    _, reports = runner.fetch(SearchQuery(query="javascript tutorial", engines=("sp",)))
    assert [(r.outcome, r.results > 5) for r in reports] == [("ok", True)]
    calls = calls_to(upstream, "sp-results")
    assert [(m, p) for m, p, _ in calls] == [("GET", "/sp-results/"), ("POST", "/sp-results/sp/search")]
    assert calls[1][2]["sc"] == "wnEHetqY4mdm00" and calls[1][2]["query"] == "javascript tutorial"

    # the next searches (another query, another instance on the same store) use the cached code
    other = runner_for(upstream, network, store, sp=("startpage", "sp-results"))
    for r in (runner, other):
        _, again = r.fetch(SearchQuery(query="second query", engines=("sp",)))
        assert again[0].outcome == "ok"
    later = calls_to(upstream, "sp-results")[2:]
    assert [(m, p) for m, p, _ in later] == [("POST", "/sp-results/sp/search")] * 2, "no extra request"
    assert all(body["sc"] == "wnEHetqY4mdm00" for _, _, body in later)


@pytest.mark.parametrize(("scenario", "outcome", "reason"), [
    ("sp-anubis", "challenged", "CAPTCHA"),           # Anubis wall on the home page
    ("captcha-redirect", "challenged", "CAPTCHA"),    # the home page redirects to /sp/captcha
    ("too-many-retry", "blocked", "too many requests"),
])
def test_startpage_token_page_outcomes(upstream, network: EngineNetwork, scenario: str, outcome: str,  # noqa: ANN001
                                       reason: str) -> None:
    store = MemoryStore()
    runner = runner_for(upstream, network, store, sp=("startpage", scenario))
    before = len(calls_to(upstream, scenario))
    _, reports = runner.fetch(SearchQuery(query="q", engines=("sp",)))
    assert [(r.outcome, r.reason) for r in reports] == [(outcome, reason)]
    assert reports[0].detail.startswith("token page: ")
    assert [m for m, _, _ in calls_to(upstream, scenario)[before:]] == ["GET"], "no search without a code"
    assert runner.health is not None and runner.health.admit("sp") == reason  # the engine cools down
    assert TokenCache(store).get("sp", "") is None


def test_duckduckgo_page_two_sends_the_vqd_page_one_left(upstream, network: EngineNetwork) -> None:  # noqa: ANN001
    store = MemoryStore()
    runner = runner_for(upstream, network, store, ddg=("duckduckgo", "ddg-results"))
    runner.fetch(SearchQuery(query="foo", engines=("ddg",)))
    _, reports = runner.fetch(SearchQuery(query="foo", engines=("ddg",), pageno=2))
    assert reports[0].outcome == "ok"
    page1, page2 = calls_to(upstream, "ddg-results")[-2:]
    assert "vqd" not in page1[2]
    assert page2[2]["vqd"] == "4-128689170714965609075396407614104177165" and page2[2]["s"] == "10"


def test_duckduckgo_page_two_without_a_cached_vqd_asks_page_one_first(upstream, network: EngineNetwork) -> None:  # noqa: ANN001
    runner = runner_for(upstream, network, MemoryStore(), ddg=("duckduckgo", "ddg-results"))
    before = len(calls_to(upstream, "ddg-results"))
    _, reports = runner.fetch(SearchQuery(query="bar", engines=("ddg",), pageno=3, language="de-DE"))
    assert reports[0].outcome == "ok"
    token_page, page3 = calls_to(upstream, "ddg-results")[before:]
    assert token_page[2] == {"q": "bar", "kl": "de-de", "kp": "-2"} and "s" not in token_page[2]
    assert page3[2]["vqd"] == "4-128689170714965609075396407614104177165" and page3[2]["s"] == "25"
    _, again = runner.fetch(SearchQuery(query="bar", engines=("ddg",), pageno=2, language="de-DE"))
    assert again[0].outcome == "ok"
    assert len(calls_to(upstream, "ddg-results")) == before + 3, "the cached vqd costs no request"


def test_a_bot_check_drops_the_cached_token(upstream, network: EngineNetwork) -> None:  # noqa: ANN001
    store = MemoryStore()
    tokens = TokenCache(store)
    tokens.put("ddg", "wt-wt//stale", "4-stale", 3600)
    runner = runner_for(upstream, network, store, ddg=("duckduckgo", "ddg-challenge"))
    _, reports = runner.fetch(SearchQuery(query="stale", engines=("ddg",), pageno=2))
    assert reports[0].outcome == "challenged"
    assert calls_to(upstream, "ddg-challenge")[-1][2]["vqd"] == "4-stale"
    assert tokens.get("ddg", "wt-wt//stale") is None, "the next search fetches a new vqd"


def test_a_cached_token_is_handed_over_even_when_none_is_required() -> None:
    """An engine that never asks for its token may still send back the one it last got (Qwant's
    datadome cookie); DuckDuckGo's page 1 requires none, page 2 does."""
    tokens = TokenCache(MemoryStore())
    ddg = make_engine("duckduckgo")
    page1: dict = {"pageno": 1, "language": "all"}
    assert tokens.lookup(ddg, "x", page1) is False and page1["token"] is None
    tokens.put("duckduckgo", "wt-wt//x", "4-cached", 3600)
    assert tokens.lookup(ddg, "x", page1) is False and page1["token"] == "4-cached"
    page2: dict = {"pageno": 2, "language": "all"}
    assert tokens.lookup(ddg, "y", page2) is True, "required and not cached: fetch one first"


def test_the_engine_kit_fetches_tokens_as_the_runner_does(upstream) -> None:  # noqa: ANN001
    ok = call_engine(make_engine("startpage", base_url=upstream.base("sp-results")), "javascript tutorial")
    assert ok.outcome == "ok" and len(ok.results) > 5
    blocked = call_engine(make_engine("startpage", base_url=upstream.base("sp-anubis")), "q")
    assert (blocked.outcome, blocked.reason) == ("challenged", "CAPTCHA")
    page2 = call_engine(make_engine("duckduckgo", base_url=upstream.base("ddg-results")), "foo", pageno=2)
    assert page2.outcome == "ok"


@pytest.mark.valkey
def test_instances_on_one_valkey_share_the_token(upstream, network: EngineNetwork, valkey_server) -> None:  # noqa: ANN001
    import uuid

    from searx.store.valkey import ValkeyStore

    prefix = f"test-tokens-{uuid.uuid4().hex[:8]}:"
    stores = [ValkeyStore(valkey_server.url, prefix=prefix, timeout=5.0) for _ in range(2)]
    try:
        before = len(calls_to(upstream, "sp-results"))
        for store in stores:  # one instance after the other, each with its own connection
            runner = runner_for(upstream, network, store, sp=("startpage", "sp-results"))
            assert runner.fetch(SearchQuery(query="shared", engines=("sp",)))[1][0].outcome == "ok"
        assert [m for m, _, _ in calls_to(upstream, "sp-results")[before:]] == ["GET", "POST", "POST"]
    finally:
        for store in stores:
            store.close()


def test_duckduckgo_images_fetch_the_query_vqd_once(upstream, network: EngineNetwork) -> None:  # noqa: ANN001
    store = MemoryStore()
    runner = runner_for(upstream, network, store, ddi=("duckduckgo_images", "ddg-img"))
    before = len(calls_to(upstream, "ddg-img"))
    for _ in range(2):
        parts, reports = runner.fetch(SearchQuery(query="cats", engines=("ddi",), categories=("images",)))
        assert reports[0].outcome == "ok" and parts[0].results[0].template == "images.html"
    calls = [(m, p.split("?")[0]) for m, p, _ in calls_to(upstream, "ddg-img")[before:]]
    assert calls == [("GET", "/ddg-img/"), ("GET", "/ddg-img/i.js"), ("GET", "/ddg-img/i.js")]
    api = calls_to(upstream, "ddg-img")[-1][1]
    assert "vqd=4-231869813027094581262817390417839046733" in api


def test_duckduckgo_images_token_page_challenge(upstream, network: EngineNetwork) -> None:  # noqa: ANN001
    runner = runner_for(upstream, network, MemoryStore(), ddi=("duckduckgo_images", "ddg-challenge"))
    _, reports = runner.fetch(SearchQuery(query="cats", engines=("ddi",), categories=("images",)))
    assert (reports[0].outcome, reports[0].reason) == ("challenged", "CAPTCHA")
    assert reports[0].detail.startswith("token page: ")


def test_the_engine_kit_covers_the_media_engines(upstream) -> None:  # noqa: ANN001
    images = call_engine(make_engine("duckduckgo_images", base_url=upstream.base("ddg-img")), "cats")
    assert images.outcome == "ok" and images.results[0]["img_src"].endswith("tabby-cat.jpg")
    commons = call_engine(make_engine("wikicommons", base_url=upstream.base("commons")), "cats")
    assert commons.outcome == "ok" and len(commons.results) == 2


def test_the_check_report_covers_a_category(upstream, network: EngineNetwork) -> None:  # noqa: ANN001
    from searx.search.check import run_check

    runner = runner_for(upstream, network, MemoryStore(), commons=("wikicommons", "commons"),
                        ddi=("duckduckgo_images", "ddg-img"), ddg=("duckduckgo", "ddg-results"))
    rows = {r["engine"]: r for r in run_check(runner, "cats", category="images")}
    assert set(rows) == {"commons", "ddi"}, "only the images engines"
    assert rows["commons"]["outcome"] == "ok" and rows["commons"]["results"] == 2
    assert rows["ddi"]["outcome"] == "ok" and rows["ddi"]["results"] == 2


def test_a_crashing_token_step_fails_only_its_engine(upstream, network: EngineNetwork, monkeypatch) -> None:  # noqa: ANN001
    runner = runner_for(upstream, network, MemoryStore(), sp=("startpage", "sp-results"),
                        ddg=("duckduckgo", "ddg-results"))
    monkeypatch.setattr(runner.engines["sp"].module, "token_request", lambda query, params: 1 / 0)
    _, reports = runner.fetch(SearchQuery(query="foo", engines=("sp", "ddg")))
    assert {r.name: r.outcome for r in reports} == {"sp": "error", "ddg": "ok"}
    monkeypatch.setattr(runner.engines["sp"].module, "token_scope", lambda query, params: 1 / 0)
    _, reports = runner.fetch(SearchQuery(query="foo", engines=("sp", "ddg")))
    assert {r.name: (r.outcome, r.reason) for r in reports} == {"sp": ("error", "unexpected crash"), "ddg": ("ok", "")}
