"""Bing Videos, DuckDuckGo's images/videos/news (``duckduckgo_extra``), Vimeo and Reuters: what they
ask, what they parse, how they report bot checks and changed pages, and each default entry unchanged
against its real URL through the whole app (the upstream-hosts double).

No capture of these answers exists: the fixtures are reconstructed from the pages' and APIs' public
shape (tests/engines/fixtures/SOURCES.md, "Videos, news and music")."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest
from engine_kit import args, build, fake_response, fixture, make_engine, make_params, parse, typed

from searx import settings as settings_mod
from searx.errors import EngineCaptcha, EngineParseError, SettingsError
from tests.upstream_hosts import Reply, UpstreamHosts

JSON = "application/json; charset=utf-8"
DEFAULTS = {e["name"]: e for e in settings_mod.load(settings_mod.DEFAULT_PATH).engines}
VQD_PAGE = fixture("reconstructed/duckduckgo_home_vqd_cats.html")
DDG_VIDEOS = {"ddg_category": "videos"}


# --- bing_videos ---------------------------------------------------------------------------


def test_bing_videos_request() -> None:
    p = build("bing_videos", "aurora", pageno=3, safesearch=2, time_range="week", language="de-DE")
    assert p["url"].startswith("https://www.bing.com/videos/asyncv2?")
    a = args(p)
    assert (a["q"], a["async"], a["first"], a["count"], a["adlt"]) == ("aurora", "content", "71", "35", "strict")
    assert a["form"] == "VRFLTR" and a["qft"] == " filterui:videoage-lt10080"
    assert (a["mkt"], a["setlang"], p["headers"]["Accept-Language"]) == ("de-DE", "de", "de-DE")
    plain = args(build("bing_videos", "aurora"))
    assert plain["first"] == "1" and "qft" not in plain and "mkt" not in plain and plain["adlt"] == "off"


def test_bing_videos_parse() -> None:
    items = parse("bing_videos", fixture("bing_videos/asyncv2_aurora_reconstructed.html"))
    results = typed("bing_videos", items)
    assert [r.url for r in results] == ["https://www.youtube.com/watch?v=ZQ8m2kJbB1o", "https://vimeo.com/284501234",
                                        "https://www.dailymotion.com/video/x8p2k1q"]
    first, second, third = results
    assert first.title == "Aurora borealis over Tromsø — real time 4K" and first.length == "12:04"
    assert first.content == "1.2M views - 2 years ago - YouTube › Norway Lights"
    assert first.thumbnail.startswith("https://tse1.mm.bing.net/th?id=OVP.k3vJt5fQ0n1Yp2mZr8sXQwHgFo&w=608")
    assert first.iframe_src == "https://www.youtube-nocookie.com/embed/ZQ8m2kJbB1o"
    assert second.title == "Northern Lights & <Auroras> explained", "text stays text: the template escapes it"
    assert second.length == "1:02:05" and second.iframe_src == ""
    assert third.thumbnail.startswith("https://www.bing.com/th?id="), "a thumbnail on Bing's own host"


def test_bing_videos_bad_cases() -> None:
    assert parse("bing_videos", b"  \n") == [], "the list past its last page is empty"
    with pytest.raises(EngineCaptcha):
        parse("bing_videos", fixture("synthetic/bing_captcha.html"))
    with pytest.raises(EngineParseError, match="Bing video cards"):
        parse("bing_videos", fixture("bing_videos/asyncv2_changed-markup_reconstructed.html"))


def test_bing_videos_through_the_app(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("www.bing.com", "/videos/asyncv2", fixture("bing_videos/asyncv2_aurora_reconstructed.html"))
    body = engine_client([DEFAULTS["bing videos"]]).get(
        "/search?q=aurora&format=json&categories=videos&language=en-GB").get_json()
    assert [r["url"] for r in body["results"]][:2] == ["https://www.youtube.com/watch?v=ZQ8m2kJbB1o",
                                                      "https://vimeo.com/284501234"]
    assert body["results"][0]["length"] == "12:04" and body["results"][0]["template"] == "videos.html"
    (seen,) = hosts.seen
    assert seen.path == "/videos/asyncv2" and seen.arg("q") == "aurora" and seen.arg("mkt") == "en-GB"
    assert hosts.unrouted == []


# --- duckduckgo_extra ----------------------------------------------------------------------


def test_duckduckgo_extra_refuses_an_unknown_category() -> None:
    with pytest.raises(SettingsError, match="ddg_category"):
        make_engine("duckduckgo_extra", ddg_category="maps")
    with pytest.raises(SettingsError, match="ddg_category"):
        make_engine("duckduckgo_extra")  # SearXNG's module default is "" too


@pytest.mark.parametrize(("category", "path", "offset"), [("images", "i.js", "100"), ("videos", "v.js", "60"),
                                                         ("news", "news.js", "30")])
def test_duckduckgo_extra_request_per_category(category: str, path: str, offset: str) -> None:
    settings = {"ddg_category": category}
    assert build("duckduckgo_extra", "cats", settings=settings)["url"] is None, "no vqd, no request"
    p = build("duckduckgo_extra", "cats", settings=settings, token="4-99", pageno=2, safesearch=2, language="fr-CA")
    assert p["url"].startswith(f"https://duckduckgo.com/{path}?")
    a = args(p)
    assert (a["vqd"], a["l"], a["p"], a["o"], a["s"]) == ("4-99", "ca-fr", "1", "json", offset)
    assert p["cookies"]["l"] == "ca-fr" and p["headers"]["Referer"] == "https://duckduckgo.com/"
    engine = make_engine("duckduckgo_extra", ddg_category=category)
    token = make_params(engine, language="fr-CA")
    engine.token_request("cats", token)
    assert token["url"] == f"https://duckduckgo.com/?q=cats&ia={category}&iax={category}"
    assert engine.token_scope("cats", token) == "ca-fr//cats"


def test_duckduckgo_extra_time_ranges() -> None:
    week = {c: args(build("duckduckgo_extra", settings={"ddg_category": c}, token="4-1", time_range="week"))
            for c in ("images", "videos", "news")}
    assert week["images"]["f"].startswith("time:Week,") and week["videos"]["f"] == "publishedAfter:w,,,"
    assert week["news"]["df"] == "w"
    assert args(build("duckduckgo_extra", settings=DDG_VIDEOS, token="4-1"))["f"] == ",,,"
    for category in ("videos", "news"):  # DuckDuckGo has no year filter there: not asked
        assert build("duckduckgo_extra", settings={"ddg_category": category}, token="4-1",
                     time_range="year")["url"] is None
    assert build("duckduckgo_extra", "x" * 500, settings=DDG_VIDEOS, token="4-1")["url"] is None


def test_duckduckgo_extra_parses_each_category() -> None:
    videos = parse("duckduckgo_extra", fixture("duckduckgo_extra/v-js_aurora_reconstructed.json"),
                   settings=DDG_VIDEOS, content_type=JSON, token="4-1")
    assert len(videos) == 3
    first, second = typed("duckduckgo_extra", videos[:2], DDG_VIDEOS)
    assert (first.url, first.length, first.author, first.source) == (
        "https://www.youtube.com/watch?v=ZQ8m2kJbB1o", "12:04", "Norway Lights", "YouTube")
    assert first.iframe_src == "https://www.youtube-nocookie.com/embed/ZQ8m2kJbB1o"
    assert first.content == "Real-time footage of the aurora borealis over Tromsø, Norway, filmed in 4K."
    assert first.publishedDate == "2023-02-27T19:04:11.0000000"
    assert second.thumbnail.startswith("https://tse2.mm.bing.net/"), "the medium picture when there is no small one"
    assert second.iframe_src == ""
    assert videos[2]["length"] == "", "the live stream has no length (the runner drops it)"
    images = parse("duckduckgo_extra", fixture("reconstructed/duckduckgo_images_ijs_cats.json"),
                   settings={"ddg_category": "images"}, content_type=JSON, token="4-1")
    assert typed("duckduckgo_extra", images, {"ddg_category": "images"})[0].resolution == "1920 x 1280"
    news = parse("duckduckgo_extra", fixture("reconstructed/duckduckgo_news_cats.json"),
                 settings={"ddg_category": "news"}, content_type=JSON, token="4-1")
    assert news[0]["source"] == "Example News" and isinstance(news[0]["publishedDate"], int)


def test_duckduckgo_extra_bad_cases() -> None:
    empty = fixture("duckduckgo_extra/v-js_no-results_reconstructed.json")
    assert parse("duckduckgo_extra", empty, settings=DDG_VIDEOS, content_type=JSON, token="4-1") == []
    with pytest.raises(EngineParseError, match="not JSON"):
        parse("duckduckgo_extra", b"<html><body>changed</body></html>", settings=DDG_VIDEOS, token="4-1")
    engine = make_engine("duckduckgo_extra", ddg_category="videos")
    challenge = fake_response(engine, fixture("duckduckgo/html_anomaly-challenge_shrooms_raw-http.html"), token="x")
    with pytest.raises(EngineCaptcha):
        engine.token_response(challenge)


@pytest.mark.parametrize("name", ["duckduckgo images", "duckduckgo videos", "duckduckgo news"])
def test_duckduckgo_entries_through_the_app(engine_client: Any, hosts: UpstreamHosts, name: str) -> None:
    """SearXNG's three entries as they stand (``engine: duckduckgo_extra``): the vqd page once, then the JSON."""
    entry = DEFAULTS[name]
    assert entry["engine"] == "duckduckgo_extra" and not entry.get("disabled")
    category = entry["ddg_category"]
    answers = {"images": "reconstructed/duckduckgo_images_ijs_cats.json", "news": "reconstructed/duckduckgo_news_cats.json",
               "videos": "duckduckgo_extra/v-js_aurora_reconstructed.json"}
    path = {"images": "/i.js", "videos": "/v.js", "news": "/news.js"}[category]
    hosts.route("duckduckgo.com", "/", VQD_PAGE)
    hosts.route("duckduckgo.com", path, Reply(fixture(answers[category]), content_type=JSON))
    client = engine_client([entry])
    for _ in range(2):
        body = client.get(f"/search?q=cats&format=json&categories={category}").get_json()
        assert body["results"] and body["unresponsive_engines"] == []
    token_page, first, second = hosts.seen
    assert token_page.path == "/" and token_page.arg("ia") == category
    assert first.path == second.path == path and first.arg("vqd") == "4-231869813027094581262817390417839046733"
    assert second.arg("vqd") == first.arg("vqd"), "the vqd is asked once and cached"
    assert hosts.unrouted == []


# --- vimeo ---------------------------------------------------------------------------------


def test_vimeo_request() -> None:
    assert build("vimeo", "aurora borealis", pageno=2)["url"] == "https://vimeo.com/search/page:2?q=aurora+borealis"
    assert build("vimeo", "x", settings={"base_url": "http://127.0.0.1:9/v/"})["url"] == \
        "http://127.0.0.1:9/v/search/page:1?q=x"


def test_vimeo_parse() -> None:
    items = parse("vimeo", fixture("vimeo/search-page-1_aurora_reconstructed.html"))
    results = typed("vimeo", items)
    assert [r.url for r in results] == ["https://vimeo.com/284501234", "https://vimeo.com/912345678"], "clips only"
    first = results[0]
    assert (first.length, first.author, first.source) == ("1:02:05", "SkyFilms", "Vimeo")
    assert first.title == "Northern Lights & <Auroras> explained" and first.publishedDate.startswith("2025-06-02")
    assert first.thumbnail == "https://i.vimeocdn.com/video/1487654321-0a1b2c3d4e5f-d_640x360", "the largest size"
    assert first.iframe_src == "https://player.vimeo.com/video/284501234"


def test_vimeo_bad_cases() -> None:
    assert parse("vimeo", fixture("vimeo/search-page-1_no-results_reconstructed.html")) == []
    with pytest.raises(EngineCaptcha):
        parse("vimeo", fixture("synthetic/cloudflare_just_a_moment.html"))
    with pytest.raises(EngineParseError, match="vimeo: no search data"):
        parse("vimeo", b"<html><body><div id='app'></div></body></html>")
    with pytest.raises(EngineParseError, match="not JSON"):
        parse("vimeo", b"<script>var data = {broken;\n</script>")


def test_vimeo_through_the_app(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("vimeo.com", "/search/", fixture("vimeo/search-page-1_aurora_reconstructed.html"))
    body = engine_client([DEFAULTS["vimeo"]]).get("/search?q=aurora&format=json&categories=videos&pageno=1").get_json()
    assert [r["iframe_src"] for r in body["results"]] == ["https://player.vimeo.com/video/284501234",
                                                          "https://player.vimeo.com/video/912345678"]
    (seen,) = hosts.seen
    assert seen.url == "https://vimeo.com/search/page:1?q=aurora" and hosts.unrouted == []


# --- reuters -------------------------------------------------------------------------------


def reuters_query(params: dict) -> dict:
    return json.loads(args(params)["query"])


def test_reuters_request() -> None:
    p = build("reuters", "climate", pageno=3, time_range="week")
    assert p["url"].startswith("https://www.reuters.com/pf/api/v3/content/fetch/articles-by-search-v2?query=")
    q = reuters_query(p)
    assert {k: q[k] for k in ("keyword", "offset", "orderby", "size", "website")} == {
        "keyword": "climate", "offset": 40, "orderby": "relevance", "size": 20, "website": "reuters"}
    age = datetime.datetime.now(datetime.UTC) - datetime.datetime.fromisoformat(q["start_date"])
    assert datetime.timedelta(days=6) < age < datetime.timedelta(days=8)
    assert p["raise_for_httperror"] is False
    sorted_ = reuters_query(build("reuters", "x", settings={"sort_order": "display_date:desc", "results_per_page": 5},
                                  pageno=2))
    assert sorted_["orderby"] == "display_date:desc" and sorted_["offset"] == 5 and "start_date" not in sorted_


def test_reuters_parse() -> None:
    items = parse("reuters", fixture("reuters/articles-by-search-v2_climate_reconstructed.json"), content_type=JSON)
    first, second = typed("reuters", items)
    assert first.kind == "news"
    assert first.url == ("https://www.reuters.com/sustainability/climate-energy/"
                         "un-climate-talks-open-pledges-fall-short-2026-11-30/")
    assert first.title == "UN climate talks open as pledges fall short" and first.publishedDate.startswith("2026-11-30")
    assert first.thumbnail.startswith("https://www.reuters.com/resizer/v2/R4N7QZ5L2JKB7HXA3WTYV6OQ2E.jpg?auth=")
    assert first.thumbnail.endswith("&height=80") and first.metadata == "Climate & Energy"
    assert second.thumbnail == "" and first.source == "Reuters"


def test_reuters_bad_cases() -> None:
    assert parse("reuters", fixture("reuters/articles-by-search-v2_no-results_reconstructed.json"),
                 content_type=JSON) == []
    with pytest.raises(EngineCaptcha, match="DataDome"):
        parse("reuters", fixture("reuters/datadome-captcha_401_reconstructed.json"), content_type=JSON, status=401)
    with pytest.raises(EngineParseError, match="reuters"):
        parse("reuters", b'{"statusCode_": 1}', content_type=JSON)
    with pytest.raises(EngineParseError, match="not JSON"):
        parse("reuters", b"<html><body>changed</body></html>")


def test_reuters_through_the_app(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("www.reuters.com", "/pf/api/v3/content/fetch/", Reply(
        fixture("reuters/articles-by-search-v2_climate_reconstructed.json"), content_type=JSON))
    client = engine_client([DEFAULTS["reuters"]])
    body = client.get("/search?q=climate&format=json&categories=news").get_json()
    assert body["results"][0]["publishedDate"].startswith("2026-11-30") and body["results"][0]["engine"] == "reuters"
    (seen,) = hosts.seen
    assert seen.path == "/pf/api/v3/content/fetch/articles-by-search-v2" and '"keyword": "climate"' in seen.arg("query")
    hosts.clear()
    hosts.route("www.reuters.com", "/", Reply(fixture("reuters/datadome-captcha_401_reconstructed.json"),
                                              status=401, content_type=JSON))
    body = client.get("/search?q=floods&format=json&categories=news").get_json()
    assert body["results"] == [] and [n for n, _ in body["unresponsive_engines"]] == ["reuters"]
    assert client.get("/stats").get_json()["engines"]["reuters"]["outcomes"]["challenged"] == 1
    assert hosts.unrouted == []
