"""Qwant, Yahoo, Yandex and Wolfram|Alpha: what they ask, what they parse, how they report
blocks and bot checks, and each one unchanged against its real URL through the whole app.

Qwant's geo-block page is a real capture; the other answers are reconstructed
(tests/engines/fixtures/SOURCES.md)."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from engine_kit import args, build, call_engine, fixture, make_engine, parse, typed

from searx.errors import EngineAccessDenied, EngineCaptcha, EngineParseError, EngineTooManyRequests, SettingsError
from tests.upstream_hosts import Reply, UpstreamHosts

JSON = "application/json; charset=utf-8"
GEO_BLOCK = "qwant/www_geo-block-service-unavailable_2026-04_http_prettier.html"
QWANT = {"name": "qwant", "engine": "qwant", "qwant_categ": "web", "shortcut": "qw", "categories": ["general", "web"]}


# --- qwant ---------------------------------------------------------------------------------


def test_qwant_request_per_vertical() -> None:
    p = build("qwant", "rust", settings={"qwant_categ": "web"}, pageno=2, safesearch=2, language="de-CH")
    assert p["url"].startswith("https://api.qwant.com/v3/search/web?")
    a = args(p)
    assert (a["q"], a["count"], a["offset"], a["locale"], a["safesearch"]) == ("rust", "10", "10", "de_CH", "2")
    assert a["device"] == "desktop" and a["displayed"] == "true" and a["tgp"] in ("1", "2", "3")
    assert p["headers"]["Origin"] == "https://www.qwant.com" and p["headers"]["Accept"] == "application/json"
    assert p["raise_for_httperror"] is False and "datadome" not in p["cookies"]
    images = build("qwant", "x", settings={"qwant_categ": "images"}, pageno=3)
    assert images["url"].startswith("https://api.qwant.com/v3/search/images?")
    assert args(images)["count"] == "50" and args(images)["offset"] == "100"
    assert args(build("qwant", "x", settings={"qwant_categ": "news"}, language="ja-JP"))["locale"] == "en_US"
    assert args(build("qwant", "x", settings={"qwant_categ": "news"}, language="fr"))["locale"] == "fr_FR"
    assert build("qwant", "x", pageno=6)["url"] is None  # Qwant serves 5 pages
    assert build("qwant", "x", token="dd-cookie")["cookies"]["datadome"] == "dd-cookie"
    with pytest.raises(SettingsError, match="qwant_categ"):
        make_engine("qwant", qwant_categ="music")


def test_qwant_parses_each_vertical() -> None:
    web = parse("qwant", fixture("qwant/api-v3-web_rust-programming_reconstructed.json"), content_type=JSON,
                settings={"qwant_categ": "web"})
    assert [r["url"] for r in web] == ["https://www.rust-lang.org/", "https://doc.rust-lang.org/book/",
                                       "https://en.wikipedia.org/wiki/Rust_(programming_language)"]  # no ads, no boxes
    news = parse("qwant", fixture("qwant/api-v3-news_climate_reconstructed.json"), content_type=JSON,
                 settings={"qwant_categ": "news"})
    assert news[0]["publishedDate"] == 1784633400 and news[0]["source"] == "The Guardian"  # milliseconds in the API
    assert news[0]["thumbnail"].startswith("https://s1.qwant.com/thumbr/") and news[1]["thumbnail"] == ""
    assert all(r.kind == "news" for r in typed("qwant", news, {"qwant_categ": "news", "categories": ["news"]}))
    images = parse("qwant", fixture("qwant/api-v3-images_red-panda_reconstructed.json"), content_type=JSON,
                   settings={"qwant_categ": "images"})
    assert images[0]["img_src"].startswith("https://upload.wikimedia.org/") and images[0]["resolution"] == "3456 x 2304"
    assert all(r.kind == "images.html" for r in typed("qwant", images, {"qwant_categ": "images"}))
    videos = parse("qwant", fixture("qwant/api-v3-videos_sourdough_reconstructed.json"), content_type=JSON,
                   settings={"qwant_categ": "videos"})
    assert videos[0]["length"] == 767.0 and videos[0]["author"] == "Joshua Weissman"
    assert videos[0]["thumbnail"].startswith("https://s1.qwant.com/")  # s2 thumbnails often never arrive
    assert videos[0]["iframe_src"] == "https://www.youtube-nocookie.com/embed/2FVfJTGpXnU"
    assert [r.length for r in typed("qwant", videos, {"qwant_categ": "videos"})] == ["12:47", "8:15"]


def test_qwant_bad_cases() -> None:
    assert parse("qwant", fixture("qwant/api-v3-web_empty_reconstructed.json"), content_type=JSON) == []
    with pytest.raises(EngineTooManyRequests):
        parse("qwant", fixture("qwant/api-v3_error-24-rate-limited_reconstructed.json"), content_type=JSON,
              status=429)
    with pytest.raises(EngineCaptcha, match="DataDome"):
        parse("qwant", fixture("qwant/api-v3_datadome-captcha_reconstructed.json"), content_type=JSON, status=403)
    with pytest.raises(EngineAccessDenied, match="geo-block"):
        parse("qwant", fixture(GEO_BLOCK))  # the real "not yet available in your country" page, HTTP 200
    with pytest.raises(EngineParseError, match="qwant"):
        parse("qwant", b"<html><body>changed</body></html>")


def test_qwant_keeps_the_datadome_cookie_as_its_token() -> None:
    engine = make_engine("qwant", qwant_categ="web")
    resp = httpx.Response(200, content=fixture("qwant/api-v3-web_empty_reconstructed.json"),
                          headers={"content-type": JSON, "set-cookie": "datadome=AbC123~x; Path=/; Domain=.qwant.com"},
                          request=httpx.Request("GET", "https://api.qwant.com/v3/search/web?q=x"))
    resp.search_params = {"engine": engine}  # type: ignore[attr-defined]
    assert engine.response(resp) == [{"token": "AbC123~x"}]
    assert engine.token_scope("x", {}) == "" and not engine.token_required({})


def test_qwant_through_the_app_sends_back_its_datadome_cookie(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("api.qwant.com", "/v3/search/web", Reply(
        fixture("qwant/api-v3-web_rust-programming_reconstructed.json"), content_type=JSON,
        headers={"Set-Cookie": "datadome=FirstCookie; Path=/; Domain=.qwant.com"}))
    client = engine_client([QWANT])
    for _ in range(2):
        body = client.get("/search?q=rust+programming&format=json&language=en-US").get_json()
        assert [r["url"] for r in body["results"]][0] == "https://www.rust-lang.org/"
    first, second = hosts.seen
    assert first.path == "/v3/search/web" and first.arg("locale") == "en_US" and "cookie" not in first.headers
    assert second.headers["cookie"] == "datadome=FirstCookie"
    assert hosts.unrouted == []


def test_qwant_geo_block_through_the_app_is_blocked(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("api.qwant.com", "/", fixture(GEO_BLOCK))
    client = engine_client([QWANT])
    body = client.get("/search?q=x&format=json").get_json()
    assert body["results"] == [] and [n for n, _ in body["unresponsive_engines"]] == ["qwant"]
    assert client.get("/stats").get_json()["engines"]["qwant"]["outcomes"]["blocked"] == 1


# --- yahoo ---------------------------------------------------------------------------------


def test_yahoo_request_picks_the_country_host_and_cookie() -> None:
    p = build("yahoo", "python", pageno=3, safesearch=2, time_range="month", language="de-DE")
    assert p["url"].startswith("https://de.search.yahoo.com/search?")
    a = args(p)
    assert (a["p"], a["b"], a["pz"], a["btf"]) == ("python", "15", "7", "m")
    assert p["cookies"]["sB"] == "v=1&vm=r&fl=1&vl=lang_de&pn=10&rw=new&userset=1"
    first = build("yahoo", "python")
    assert first["url"].startswith("https://search.yahoo.com/search?") and args(first)["iscqry"] == ""
    assert "vl=lang_any" in first["cookies"]["sB"] and "vm=p" in first["cookies"]["sB"]
    assert build("yahoo", "x", language="en-GB")["url"].startswith("https://uk.search.yahoo.com/")
    assert build("yahoo", "x", language="it")["url"].startswith("https://it.search.yahoo.com/")
    assert build("yahoo", "x", language="ja")["url"].startswith("https://search.yahoo.com/")
    assert build("yahoo", "x", language="zh-TW")["url"].startswith("https://tw.search.yahoo.com/")
    assert "btf" not in args(build("yahoo", "x", time_range="year"))


def test_yahoo_parse_and_bad_cases() -> None:
    items = parse("yahoo", fixture("yahoo/search_python-tutorial_reconstructed.html"))
    hits = [i for i in items if "url" in i]
    assert [h["url"] for h in hits] == ["https://docs.python.org/3/tutorial/index.html", "https://www.w3schools.com/python/",
                                        "https://realpython.com/"]  # the /RU=…/RK= redirects decoded
    assert hits[0]["title"] == "The Python Tutorial — Python 3.13 documentation"
    assert hits[0]["content"].startswith("Python is an easy to learn")
    assert [i["suggestion"] for i in items if "suggestion" in i] == ["python tutorial for beginners",
                                                                     "python tutorial pdf"]
    assert parse("yahoo", fixture("yahoo/search_no-results_reconstructed.html")) == []
    with pytest.raises(EngineCaptcha, match="consent"):
        parse("yahoo", fixture("yahoo/consent-collectConsent_reconstructed.html"))
    with pytest.raises(EngineParseError, match="yahoo"):
        parse("yahoo", b"<html><body><div id='doc'></div></body></html>")


def test_yahoo_through_the_app(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("fr.search.yahoo.com", "/search", fixture("yahoo/search_python-tutorial_reconstructed.html"))
    body = engine_client([{"name": "yahoo", "engine": "yahoo", "shortcut": "yh"}]).get(
        "/search?q=python+tutorial&format=json&language=fr-FR").get_json()
    assert body["results"][0]["url"] == "https://docs.python.org/3/tutorial/index.html"
    (seen,) = hosts.seen
    assert seen.arg("p") == "python tutorial" and "vl=lang_fr" in seen.headers["cookie"]
    assert hosts.unrouted == []


def test_yahoo_consent_redirect_through_the_app_is_challenged(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("search.yahoo.com", "/search", Reply("", status=302, headers={
        "Location": "https://guce.yahoo.com/consent?brandType=nonEu&gcrumb=xyz&done=https%3A%2F%2Fsearch.yahoo.com"}))
    client = engine_client([{"name": "yahoo", "engine": "yahoo", "shortcut": "yh"}])
    assert [n for n, _ in client.get("/search?q=x&format=json").get_json()["unresponsive_engines"]] == ["yahoo"]
    assert client.get("/stats").get_json()["engines"]["yahoo"]["outcomes"]["challenged"] == 1


# --- yandex --------------------------------------------------------------------------------


def test_yandex_requests() -> None:
    p = build("yandex", "python", pageno=2, language="tr-TR")
    assert p["url"].startswith("https://yandex.com/search/site/?")
    a = args(p)
    assert (a["text"], a["searchid"], a["web"], a["frame"], a["lang"], a["p"]) == ("python", "3131712", "1", "1",
                                                                                   "tr", "1")
    assert p["cookies"]["yp"].startswith("1716337604.sp.family%3A0")
    assert "lang" not in args(build("yandex", "x", language="ja"))  # Yandex offers a few languages only
    images = build("yandex", "red panda", settings={"search_type": "images"})
    assert images["url"].startswith("https://yandex.com/images/search?") and args(images)["text"] == "red panda"
    with pytest.raises(SettingsError, match="search_type"):
        make_engine("yandex", search_type="video")


def test_yandex_parse_and_bad_cases() -> None:
    web = parse("yandex", fixture("yandex/search-site_python_reconstructed.html"))
    assert [r["url"] for r in web][:2] == ["https://www.python.org/", "https://docs.python.org/3/"]
    assert web[0]["title"] == "Welcome to Python.org" and web[0]["content"].startswith("The official home")
    assert parse("yandex", fixture("yandex/search-site_no-results_reconstructed.html")) == []
    images = parse("yandex", fixture("yandex/images-search_red-panda_reconstructed.html"),
                   settings={"search_type": "images"})
    assert images[0]["url"] == "https://en.wikipedia.org/wiki/Red_panda"
    assert images[0]["img_src"].startswith("https://upload.wikimedia.org/") and images[0]["resolution"] == "3456 x 2304"
    assert images[0]["filesize"] == "1768.8 KiB" and images[1]["filesize"] == ""
    out = typed("yandex", images, {"search_type": "images", "categories": ["images"]})
    assert out[0].thumbnail_src.startswith("https://avatars.mds.yandex.net/")
    for module_settings in ({}, {"search_type": "images"}):
        with pytest.raises(EngineCaptcha):
            parse("yandex", fixture("yandex/showcaptcha_reconstructed.html"), settings=module_settings)
    with pytest.raises(EngineParseError, match="yandex"):
        parse("yandex", b"<html><body><p>new design</p></body></html>")
    with pytest.raises(EngineParseError, match="yandex images"):
        parse("yandex", b"<html><body><p>new design</p></body></html>", settings={"search_type": "images"})


def test_yandex_through_the_app(engine_client: Any, hosts: UpstreamHosts) -> None:
    captcha = Reply("", status=302, headers={
        "Location": "https://yandex.com/showcaptcha?cc=1&mt=0A1B2C&retpath=aHR0cHM6Ly95YW5kZXguY29t_0123&t=2/1764450000/abc"})

    def answer(seen: Any) -> Any:
        return captcha if "robot" in (seen.arg("text") or "") else fixture("yandex/search-site_python_reconstructed.html")

    hosts.route("yandex.com", "/search/site/", answer)
    client = engine_client([{"name": "yandex", "engine": "yandex", "search_type": "web", "shortcut": "yd"}])
    body = client.get("/search?q=python&format=json&language=en").get_json()
    assert body["results"][0]["url"] == "https://www.python.org/"
    assert hosts.seen[0].arg("lang") == "en" and hosts.seen[0].arg("searchid") == "3131712"
    body = client.get("/search?q=python+robot&format=json").get_json()
    assert [n for n, _ in body["unresponsive_engines"]] == ["yandex"]
    assert client.get("/stats").get_json()["engines"]["yandex"]["outcomes"]["challenged"] == 1
    assert hosts.unrouted == []


# --- wolframalpha_noapi -----------------------------------------------------------------------


def test_wolframalpha_request_and_token() -> None:
    p = build("wolframalpha_noapi", "100 km in miles", token="code-1")
    assert p["url"].startswith("https://www.wolframalpha.com/input/json.jsp?")
    a = args(p)
    assert a["input"] == "100 km in miles" and a["proxycode"] == "code-1" and a["output"] == "JSON"
    assert p["headers"]["Referer"] == "https://www.wolframalpha.com/input/?i=100+km+in+miles"
    engine = make_engine("wolframalpha_noapi")
    resp = httpx.Response(200, content=fixture("wolframalpha_noapi/api-v1-code_reconstructed.json"),
                          headers={"content-type": JSON}, request=httpx.Request("GET", "https://www.wolframalpha.com/"))
    assert engine.token_response(resp) == "3f0a8c1e5b7d9f2a4c6e8b0d1f3a5c7e"
    with pytest.raises(EngineParseError, match="wolframalpha_noapi"):
        engine.token_response(httpx.Response(200, content=b"{}", request=resp.request))


def test_wolframalpha_answers_as_an_infobox() -> None:
    items = parse("wolframalpha_noapi", fixture("wolframalpha_noapi/json-jsp_100-km-in-miles_reconstructed.json"),
                  content_type=JSON, query="100 km in miles", token="code-1")
    infobox, result = items
    assert infobox["infobox"] == "convert 100 km (kilometers) to miles"
    assert infobox["content"] == "Result: 62.14 miles"  # the primary pod
    assert {"label": "Result", "value": "62.14 miles"} in infobox["attributes"]
    assert all(a["value"] != "(requires interactivity)" for a in infobox["attributes"])
    assert infobox["img_src"].startswith("https://www6b3.wolframalpha.com/Calculate/MSP/MSP1236")
    assert result == {"url": "https://www.wolframalpha.com/input/?i=100+km+in+miles",
                      "title": "Wolfram|Alpha (convert 100 km (kilometers) to miles)", "content": "Result: 62.14 miles"}
    assert parse("wolframalpha_noapi", fixture("wolframalpha_noapi/json-jsp_not-understood_reconstructed.json"),
                 content_type=JSON) == []
    with pytest.raises(EngineParseError, match="wolframalpha_noapi"):
        parse("wolframalpha_noapi", b"<html>moved</html>")


def test_wolframalpha_token_page_that_is_a_bot_check_is_challenged(upstream: Any) -> None:
    engine = make_engine("wolframalpha_noapi", base_url=upstream.base("cloudflare"))
    outcome = call_engine(engine, "1+1")
    assert outcome.outcome == "challenged"


def test_wolframalpha_through_the_app_fetches_its_token_once(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("www.wolframalpha.com", "/input/api/v1/code", fixture("wolframalpha_noapi/api-v1-code_reconstructed.json"),
                content_type=JSON)
    hosts.route("www.wolframalpha.com", "/input/json.jsp",
                fixture("wolframalpha_noapi/json-jsp_100-km-in-miles_reconstructed.json"), content_type=JSON)
    client = engine_client([{"name": "wolframalpha", "engine": "wolframalpha_noapi", "shortcut": "wa",
                             "timeout": 6.0}])
    for query in ("100 km in miles", "100 km to miles"):
        body = client.get(f"/search?q={query}&format=json").get_json()
        assert body["infoboxes"][0]["infobox"] == "convert 100 km (kilometers) to miles"
    assert [s.path for s in hosts.seen] == ["/input/api/v1/code", "/input/json.jsp", "/input/json.jsp"]
    assert hosts.seen[2].arg("proxycode") == "3f0a8c1e5b7d9f2a4c6e8b0d1f3a5c7e"
    assert json.loads(json.dumps(body["results"][0]))["url"].startswith("https://www.wolframalpha.com/input/?i=")
    assert hosts.unrouted == []


# --- the group's settings entries and the engine test report ----------------------------------

# SearXNG's entries for these modules: engine, shortcut, categories, disabled (settings.yml upstream)
ENTRIES = {
    "google": ("google", "go", ["general", "web"], True),
    "google images": ("google_images", "goi", ["images", "web"], True),
    "google news": ("google_news", "gon", ["news"], False),
    "google videos": ("google_videos", "gov", ["videos", "web"], False),
    "google cse": ("google_cse", "goc", ["general", "web"], False),
    "google cse images": ("google_cse", "goci", ["images", "web"], False),
    "google scholar": ("google_scholar", "gos", ["science", "scientific publications"], False),
    "qwant": ("qwant", "qw", ["general", "web"], True),
    "qwant news": ("qwant", "qwn", ["news"], True),
    "qwant images": ("qwant", "qwi", ["images", "web"], True),
    "qwant videos": ("qwant", "qwv", ["videos", "web"], True),
    "yahoo": ("yahoo", "yh", ["general", "web"], True),
    "yandex": ("yandex", "yd", ["general"], True),
    "yandex images": ("yandex", "ydi", ["images"], True),
    "wolframalpha": ("wolframalpha_noapi", "wa", ["general"], True),
}


def test_the_default_settings_carry_searxngs_entries_and_name_only_references_enable_them(tmp_path: Any) -> None:
    from searx import settings as settings_mod

    user = tmp_path / "settings.yml"
    user.write_text("use_default_settings: true\nserver:\n  secret_key: 'a-secret-of-the-test-suite'\n"
                    "engines:\n  - name: google\n    disabled: false\n  - name: qwant news\n    disabled: false\n")
    loaded = settings_mod.load(user)
    entries = {e["name"]: e for e in loaded.engines if e["name"] in ENTRIES}
    assert set(entries) == set(ENTRIES)
    for name, (engine, shortcut, categories, disabled) in ENTRIES.items():
        entry = entries[name]
        assert (entry["engine"], entry["shortcut"], list(entry["categories"])) == (engine, shortcut, categories), name
        expected = False if name in ("google", "qwant news") else disabled
        assert bool(entry.get("disabled", False)) is expected, name
    assert entries["wolframalpha"]["timeout"] == 6.0
    assert entries["google cse images"]["google_categ"] == "image" and entries["yandex images"]["search_type"] == "images"


def test_the_engine_report_lists_every_engine_of_the_group(tmp_path: Any, hosts: UpstreamHosts) -> None:
    import subprocess
    import sys
    from pathlib import Path

    import yaml

    from tests.conftest import SECRET

    hosts.route("www.google.com", "/wml/search", fixture("google/wml_ai-tools_reconstructed.html"))
    hosts.route("api.qwant.com", "/", fixture("qwant/api-v3-web_rust-programming_reconstructed.json"),
                content_type=JSON)
    entries = [{"name": name, "engine": engine, "shortcut": shortcut, "categories": categories,
                **({"google_categ": "image"} if name == "google cse images" else {}),
                **({"qwant_categ": name.split()[-1] if " " in name else "web"} if engine == "qwant" else {}),
                **({"search_type": "images" if "images" in name else "web"} if engine == "yandex" else {})}
               for name, (engine, shortcut, categories, _) in ENTRIES.items()]
    path = tmp_path / "settings.yml"
    path.write_text(yaml.safe_dump({"server": {"secret_key": SECRET}, "engines": entries, **hosts.settings()}))
    args = [a for name in ENTRIES for a in ("--engine", name)]
    out = subprocess.run([sys.executable, "-m", "searx.check", "--json", *args, "ai tools"],
                         env={"SEARX_SETTINGS_PATH": str(path), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path.cwd())},
                         cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    rows = {r["engine"]: r for r in json.loads(out.stdout)}
    assert set(rows) == set(ENTRIES)
    assert rows["google"]["outcome"] == "ok" and rows["qwant"]["outcome"] == "ok"
    assert all(r["outcome"] in ("ok", "no_results", "error", "challenged", "blocked") for r in rows.values())
