"""/openapi.json stays true: every route is described, and real answers match the documented schemas."""

from __future__ import annotations

import base64
import json
import re
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from searx.webapp.views.openapi import spec
from tests.apispec import check, flask_routes, spec_routes, validator
from tests.collections.collection_kit import openapi_samples
from tests.conftest import json_engine_entry, make_settings
from tests.reader.fakes import fake_reader, site
from utils.fakes.llm import FakeLLM, Reply

PLACEHOLDER = re.compile(r'<script type="application/json" id="ai-summary-data">(.*?)</script>', re.S)
TOKEN = "admin-token-for-tests"
METRICS_AUTH = base64.b64encode(b"prometheus:metrics-password").decode()


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    return spec()


def test_the_description_is_served_and_valid_json_schema(client, doc):
    resp = client.get("/openapi.json")
    assert resp.status_code == 200 and resp.mimetype == "application/json"
    assert resp.get_json() == doc
    assert doc["openapi"].startswith("3.1")
    for schema in doc["components"]["schemas"].values():
        Draft202012Validator.check_schema(schema)


def test_every_route_is_described_and_nothing_else(three_engine_app, doc):
    routes, described = flask_routes(three_engine_app), spec_routes(doc)
    assert routes - described == set(), "routes missing from openapi.yaml"
    assert described - routes == set(), "openapi.yaml describes routes the app does not have"


def test_every_preference_and_search_parameter_is_described(three_engine_app, doc):
    prefs = doc["components"]["schemas"]["PreferencesForm"]["properties"]
    assert set(three_engine_app.extensions["searx"].pref_defs) <= prefs.keys()
    params = {p["$ref"].rsplit("/", 1)[1] for p in doc["paths"]["/search"]["get"]["parameters"]}
    assert {"q", "format", "pageno", "language", "safesearch", "time_range", "categories", "engines"} <= params
    assert params <= doc["components"]["schemas"]["SearchForm"]["properties"].keys()


def test_the_error_schemas_refuse_other_shapes(doc):
    assert not validator(doc, {"$ref": "#/components/schemas/Error"}).is_valid({"error": {"code": "x"}})
    assert not validator(doc, {"$ref": "#/components/schemas/SummaryError"}).is_valid({"error": "x"})
    result = validator(doc, {"$ref": "#/components/schemas/SearchResponse"})
    assert not result.is_valid({"query": "x"}), "every key is required"


@pytest.fixture
def full_app(app_factory, fake_engine):
    with FakeLLM(default=Reply.tokens(["Alpha", " is", " first", " [1]."])) as llm:
        engines = [json_engine_entry(fake_engine.url, n) for n in ("alpha", "beta")]
        engines.append(json_engine_entry(fake_engine.url, "broken", path="/status/500"))
        settings = make_settings(
            engines, search={"formats": ["html", "json", "csv", "rss"]}, general={"admin_token": TOKEN, "open_metrics": "metrics-password"},
            ai_summary={"base_url": llm.base_url, "model": "fake-model"},
        )
        app = app_factory(settings)
        page = (200, {"content-type": "text/plain"}, b"A page read by the reader.\n" * 20)
        svc = app.extensions["searx"]
        svc.reader.close()
        svc.reader = fake_reader(settings, site({"https://example.org/page": page}))
        yield app


def samples(app: Any) -> tuple[list[tuple[str, str, Any]], dict[str, Any]]:
    """Real answers for the documented (path, method, status), and a signed summary request."""
    c = app.test_client()
    page = c.get("/search?q=what+is+alpha").get_data(as_text=True)
    data = json.loads(PLACEHOLDER.search(page).group(1))  # type: ignore[union-attr]
    summary = {"query": data["evidence"]["query"], **data}
    out = [
        ("/", "get", c.get("/")),
        ("/", "get", c.get("/?q=x")),
        ("/search", "get", c.get("/search?q=alpha&format=json")),
        ("/search", "get", c.get("/search?q=alpha&format=csv")),
        ("/search", "get", c.get("/search?q=alpha&format=rss")),
        ("/search", "get", c.get("/search?q=alpha")),
        ("/search", "get", c.get("/search?q=alpha&format=json&pageno=0")),
        ("/search", "get", c.get("/search?q=alpha&pageno=0")),
        ("/search", "post", c.post("/search", data={"q": "alpha", "format": "json"})),
        ("/search", "post", c.post("/search", data={"format": "json"})),
        ("/search", "post", c.post("/search", data={"q": "x", "format": "json", "big": "x" * 300_000})),
        ("/preferences", "get", c.get("/preferences")),
        ("/preferences", "post", c.post("/preferences", data={"safesearch": "2"})),
        ("/preferences", "post", c.post("/preferences", data={"x": "x" * 300_000})),
        ("/preferences", "post", c.post("/preferences", data={"ai_summary_api_key": "k\u00e9y"})),
        ("/preferences", "post", c.post("/preferences", data={"safesearch": "2"}, headers={"Origin": "https://evil.example"})),
        ("/preferences", "get", c.get("/preferences?preferences=%%%")),
        ("/config", "get", c.get("/config")),
        ("/healthz", "get", c.get("/healthz")),
        ("/autocompleter", "get", c.get("/autocompleter?q=al")),
        ("/autocompleter", "post", c.post("/autocompleter", data={"q": "al"})),
        ("/autocompleter", "post", c.post("/autocompleter", data={"q": "x" * 300_000})),
        ("/autocompleter", "get", c.get("/autocompleter?q=!!g")),
        ("/autocompleter", "get", c.get("/autocompleter", query_string={"q": "x" * 1001})),
        ("/autocompleter", "post", c.post("/autocompleter", data={"q": "x" * 1001})),
        ("/search", "get", c.get("/search?q=!!w+paris")),
        ("/search", "post", c.post("/search", data={"q": "!!gh flask", "format": "json"})),
        ("/opensearch.xml", "get", c.get("/opensearch.xml")),
        ("/favicon.ico", "get", c.get("/favicon.ico")),
        ("/stats", "get", c.get("/stats")),
        ("/admin/engines/check", "get", c.get("/admin/engines/check?q=x", headers={"Authorization": f"Bearer {TOKEN}"})),
        ("/admin/engines/check", "get", c.get("/admin/engines/check?q=", headers={"Authorization": f"Bearer {TOKEN}"})),
        ("/admin/engines/check", "get", c.get("/admin/engines/check?q=x")),
        ("/ai_summary", "post", c.post("/ai_summary", json=summary)),
        ("/ai_summary", "post", c.post("/ai_summary", data="{", content_type="application/json")),
        ("/ai_summary", "post", c.post("/ai_summary", json=summary, headers={"Origin": "https://evil.example"})),
        ("/openapi.json", "get", c.get("/openapi.json")),
        ("/fetch", "get", c.get("/fetch?url=https://example.org/page&max_chars=100")),
        ("/fetch", "post", c.post("/fetch", json={"url": "https://example.org/page", "format": "text"})),
        ("/fetch", "get", c.get("/fetch?url=")),
        ("/fetch", "post", c.post("/fetch", data={"url": "https://example.org/", "max_lines": "0"})),
        ("/fetch", "get", c.get("/fetch?url=http://127.0.0.1/")),
        ("/fetch", "post", c.post("/fetch", data={"url": "http://169.254.169.254/latest/meta-data/"})),
        ("/fetch", "get", c.get("/fetch?url=https://example.org/missing")),
        ("/metrics", "get", c.get("/metrics", headers={"Authorization": "Basic " + METRICS_AUTH})),
        ("/metrics", "get", c.get("/metrics", headers={"Authorization": "Basic " + METRICS_AUTH,
                                                        "Accept": "application/openmetrics-text; version=1.0.0"})),
        ("/metrics", "get", c.get("/metrics")),
        *((path, "get", c.get(path, headers={"Host": "rebound.example"}))
          for path in ("/favicon.ico", "/opensearch.xml", "/openapi.json")),
    ]
    return out, summary


def picture_answers(app: Any, limited: Any, doc: dict[str, Any]) -> set[tuple[str, str, str]]:
    """/image_proxy: a picture, a missing parameter, a bad signature, a page that is not a picture;
    over the limit (``limited`` allows one picture a minute)."""
    from searx.proxy.images import proxied_url
    from tests.conftest import SECRET
    from tests.proxy.conftest import BASE, Pictures, make_fetcher

    c, over = app.test_client(), limited.test_client()
    app.extensions["searx"].images = limited.extensions["searx"].images = make_fetcher(Pictures())
    answers = [c.get(proxied_url(SECRET, f"{BASE}/cat.png")), c.get("/image_proxy?url=x"),
               c.get("/image_proxy?url=x&e=1&h=" + "0" * 64), c.get(proxied_url(SECRET, f"{BASE}/page.html")),
               *(over.get(proxied_url(SECRET, f"{BASE}/cat.png")) for _ in range(2))]
    assert [r.status_code for r in answers] == [200, 400, 403, 415, 200, 429]
    return {check(doc, "/image_proxy", "get", r) for r in answers}


def tile_answers(app: Any, limited: Any, doc: dict[str, Any]) -> set[tuple[str, str, str]]:
    """/map_tile: a tile, no such tile, a tile server on a refused address; over the limit
    (``limited`` allows one picture a minute)."""
    import msgspec

    from searx.proxy.tiles import TileFetcher
    from tests.proxy.conftest import Pictures, make_fetcher

    fetcher = make_fetcher(Pictures())
    conf = msgspec.structs.replace(app.extensions["searx"].settings.map,
                                   tile_url="http://pictures.test/cat.png?tile={z}-{x}-{y}")
    for svc in (app.extensions["searx"], limited.extensions["searx"]):
        svc.tiles = TileFetcher(conf, fetcher, svc.store)
    c, over = app.test_client(), limited.test_client()
    answers = [c.get("/map_tile/1/0/0"), c.get("/map_tile/1/2/0")]
    refused = msgspec.structs.replace(conf, tile_url="http://127.0.0.1/{z}/{x}/{y}.png")
    app.extensions["searx"].tiles = TileFetcher(refused, fetcher, app.extensions["searx"].store)
    answers += [c.get("/map_tile/1/0/1"), *(over.get("/map_tile/2/0/0") for _ in range(2))]
    assert [r.status_code for r in answers] == [200, 404, 403, 200, 429]
    return {check(doc, "/map_tile/{z}/{x}/{y}", "get", r) for r in answers}


def page_answers(app_factory: Any, fake_engine: Any, doc: dict[str, Any]) -> set[tuple[str, str, str]]:
    """/stats (JSON and HTML), /stats/errors, /robots.txt, /about, /info, /clear_cookies,
    /engine_descriptions.json and /favicon_proxy: every documented answer."""
    import httpx

    from searx.network.guard import AddressGuard
    from searx.proxy.favicons import MAX_BYTES, FaviconFetcher, proxied_url
    from searx.proxy.images import ImageFetcher
    from tests.conftest import SECRET
    from tests.proxy.test_favicons import Resolvers, resolve

    engines = [json_engine_entry(fake_engine.url, "a")]
    app = app_factory(make_settings(engines, search={"favicon_resolver": "duckduckgo"}, server={"limiter": True},
                                    limiter={"image_proxy": {"limit": 3, "window": 60}}))  # the 4th icon: 429
    svc = app.extensions["searx"]
    site = Resolvers({"a.example": (200, "image/png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 32)})
    fetcher = ImageFetcher(AddressGuard(resolver=resolve, own_addresses=()), user_agent="t", timeout=5.0,
                           max_bytes=MAX_BYTES, transport=lambda: httpx.MockTransport(site))
    svc.favicons = FaviconFetcher(fetcher, svc.store)
    svc.health.record("a", "timeout")
    c = app.test_client()
    off = app_factory(make_settings(engines)).test_client()
    html = {"Accept": "text/html"}
    answers = [
        ("/stats", c.get("/stats")), ("/stats", c.get("/stats", headers=html)), ("/stats", c.get("/stats?sort=x")),
        ("/stats/errors", c.get("/stats/errors")), ("/stats/errors", c.get("/stats/errors?x=1")),
        ("/robots.txt", c.get("/robots.txt")), ("/about", c.get("/about")),
        ("/info/{locale}/about", c.get("/info/de/about")), ("/info/{locale}/about", c.get("/info/xx/about")),
        ("/engine_descriptions.json", c.get("/engine_descriptions.json")),
        ("/favicon_proxy", c.get(proxied_url(SECRET, "duckduckgo", "a.example"))),
        ("/favicon_proxy", c.get("/favicon_proxy?authority=a.example")),
        ("/favicon_proxy", c.get("/favicon_proxy?authority=a.example&resolver=duckduckgo&h=" + "0" * 32)),
        ("/favicon_proxy", off.get(proxied_url(SECRET, "duckduckgo", "a.example"))),
        ("/favicon_proxy", c.get(proxied_url(SECRET, "duckduckgo", "b.example"))),
    ]
    assert [r.status_code for _, r in answers][-5:] == [200, 400, 403, 404, 429]
    covered = {check(doc, path, "get", r) for path, r in answers}
    for method in ("get", "post"):
        for headers in ({"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "cross-site"}):
            covered.add(check(doc, "/clear_cookies", method, getattr(c, method)("/clear_cookies", headers=headers)))
    return covered


INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}


def mcp_samples(app_factory: Any, fake_engine: Any) -> list[tuple[str, str, Any]]:
    """Every documented answer of /mcp."""
    engines = [json_engine_entry(fake_engine.url, "a")]
    c = app_factory(make_settings(engines)).test_client()
    init = c.post("/mcp", json=INIT)
    sid = {"Mcp-Session-Id": init.headers["Mcp-Session-Id"]}
    locked = app_factory(make_settings(engines, mcp={"tokens": ["t" * 32]})).test_client()
    off = app_factory(make_settings(engines, mcp={"enabled": False})).test_client()
    return [
        ("/mcp", "post", init),
        ("/mcp", "post", c.post("/mcp", json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=sid)),
        ("/mcp", "post", c.post("/mcp", json={"jsonrpc": "2.0", "id": 2, "method": "tools/list"}, headers=sid)),
        ("/mcp", "post", c.post("/mcp", data="{", content_type="application/json")),
        ("/mcp", "post", locked.post("/mcp", json=INIT)),
        ("/mcp", "post", c.post("/mcp", json=INIT, headers={"Origin": "https://evil.example"})),
        ("/mcp", "post", off.post("/mcp", json=INIT)),
        ("/mcp", "post", c.post("/mcp", json=INIT, headers={"Accept": "text/html"})),
        ("/mcp", "post", c.post("/mcp", data=b"x" * (1024 * 1024 + 1), content_type="application/json")),
        ("/mcp", "post", c.post("/mcp", data="{}", content_type="text/plain")),
        ("/mcp", "get", c.get("/mcp")),
        ("/mcp", "delete", c.delete("/mcp", headers=sid)),
        ("/mcp", "delete", c.delete("/mcp", headers=sid)),
        ("/mcp", "delete", c.delete("/mcp")),
    ]


def conversation_samples(app: Any, summary: dict[str, Any], app_factory: Any, fake_engine: Any,
                         limited: Any) -> list[tuple[str, str, Any]]:
    """Every documented answer of /ai_summary/follow_up, /ai_summary/share and /shared/<id>
    (``limited``: an app whose client has spent its summary and search budgets)."""
    from searx.store import MemoryStore, StoreError

    c = app.test_client()
    lines = [json.loads(line) for line in c.post("/ai_summary", json=summary).get_data(as_text=True).splitlines()]
    conversation = next(line["conversation"]["id"] for line in lines if "conversation" in line)
    ask = {"conversation": conversation, "question": "and in winter?", "turn": 2}
    engines = [json_engine_entry(fake_engine.url, "a")]
    one_turn = app_factory(make_settings(engines, ai_summary={"max_turns": 1})).test_client()
    no_llm = app_factory(make_settings(engines))
    svc = app.extensions["searx"]
    no_llm.extensions["searx"].summary.conversations.save(conversation, svc.summary.conversations.load(conversation))
    made = c.post("/ai_summary/share", json={"conversation": conversation})
    url = made.get_json()["url"].removeprefix("http://localhost")
    public = app_factory(make_settings(engines, server={"public_instance": True})).test_client()

    class Refusing:
        def get(self, key: str) -> None:
            return None

        def add(self, *args: Any, **kw: Any) -> bool:
            raise StoreError("down")

    out = [
        ("/ai_summary/follow_up", "post", c.post("/ai_summary/follow_up", json=ask)),
        ("/ai_summary/follow_up", "post", c.post("/ai_summary/follow_up", json={"conversation": conversation})),
        ("/ai_summary/follow_up", "post", c.post("/ai_summary/follow_up", json={**ask, "conversation": "A" * 22})),
        ("/ai_summary/follow_up", "post", one_turn.post("/ai_summary/follow_up", json=ask)),
        ("/ai_summary/follow_up", "post", limited.post("/ai_summary/follow_up", json=ask)),
        ("/ai_summary/follow_up", "post", no_llm.test_client().post("/ai_summary/follow_up", json=ask)),
        ("/ai_summary/share", "post", made),
        ("/ai_summary/share", "post", c.post("/ai_summary/share", json={"conversation": 1})),
        ("/ai_summary/share", "post", c.post("/ai_summary/share", json={"conversation": "A" * 22})),
        ("/ai_summary/share", "post", public.post("/ai_summary/share", json={"conversation": conversation})),
        ("/ai_summary/share", "post", limited.post("/ai_summary/share", json={"conversation": conversation})),
        ("/shared/{share_id}", "get", c.get(url)),
        ("/shared/{share_id}", "get", c.get("/shared/" + "A" * 22)),
        ("/shared/{share_id}", "get", limited.get(url)),
    ]
    svc.summary.conversations.shares = Refusing()  # the store would not keep a share
    out.append(("/ai_summary/share", "post", c.post("/ai_summary/share", json={"conversation": conversation})))
    svc.summary.conversations.shares = MemoryStore(max_bytes=1, refuse=True)  # the share links' pool is full
    out.append(("/ai_summary/share", "post", c.post("/ai_summary/share", json={"conversation": conversation})))
    return out


def test_real_answers_match_the_documented_schemas(engine_app, full_app, app_factory, fake_engine, doc, coll_factory):
    covered = set()
    answers, summary = samples(full_app)
    for path, method, resp in answers:
        covered.add(check(doc, path, method, resp))
    json_search = full_app.test_client().get("/search?q=alpha&format=json").get_json()
    assert ["broken", "HTTP error"] in json_search["unresponsive_engines"] or any(
        r.startswith("Suspended") for _, r in json_search["unresponsive_engines"])
    # the answers that need another configuration: no token, no LLM, a limiter, a disabled format
    plain = engine_app("a", server={"limiter": True},
                       limiter={"search": {"limit": 2, "window": 60},
                                "ai_summary": {"limit": 1, "window": 60},
                                "autocompleter": {"limit": 2, "window": 60}})
    c = plain.test_client()
    covered.add(check(doc, "/admin/engines/check", "get", c.get("/admin/engines/check?q=x")))
    covered.add(check(doc, "/metrics", "get", c.get("/metrics")))
    covered.add(check(doc, "/search", "get", c.get("/search?q=x&format=csv")))
    covered.add(check(doc, "/search", "post", c.post("/search", data={"q": "y", "format": "rss"})))
    covered.add(check(doc, "/search", "get", c.get("/search?q=y&format=json")))
    covered.add(check(doc, "/search", "post", c.post("/search", data={"q": "y", "format": "json"})))
    # the same secret key signed the evidence, but this instance has no LLM
    covered.add(check(doc, "/ai_summary", "post", c.post("/ai_summary", json=summary)))
    covered.add(check(doc, "/ai_summary", "post", c.post("/ai_summary", json=summary)))
    for path, method, resp in conversation_samples(full_app, summary, app_factory, fake_engine, c):
        covered.add(check(doc, path, method, resp))
    for method in ("get", "post", "get"):  # the third of a budget of two
        covered.add(check(doc, "/autocompleter", method, getattr(c, method)("/autocompleter", data={"q": "!!g"})))
    covered.add(check(doc, "/autocompleter", "post", c.post("/autocompleter", data={"q": "!!w"})))
    limited = engine_app("a", server={"limiter": True},
                         limiter={"image_proxy": {"limit": 1, "window": 60}})
    covered |= picture_answers(full_app, limited, doc)
    covered |= tile_answers(full_app, app_factory(make_settings(
        [json_engine_entry(fake_engine.url, "a")], server={"limiter": True},
        limiter={"image_proxy": {"limit": 1, "window": 60}})), doc)
    covered |= page_answers(app_factory, fake_engine, doc)
    for path, method, resp in [*mcp_samples(app_factory, fake_engine), *openapi_samples(coll_factory)]:
        covered.add(check(doc, path, method, resp))
    public = engine_app("a", server={"public_instance": True})
    for method in ("get", "post"):
        covered.add(check(doc, "/fetch", method, getattr(public.test_client(), method)("/fetch?url=https://a.example/")))
    documented = {(path, method, key) for path, method in spec_routes(doc)
                  for key in doc["paths"][path][method]["responses"] if key != "default"}
    assert documented - covered == set(), "documented answers no sample produced"
    assert {("/search", "get", "429"), ("/ai_summary", "post", "503"), ("/admin/engines/check", "get", "404")} <= covered
