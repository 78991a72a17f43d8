"""The Google engines (google, google_images, google_videos, google_news, google_scholar,
google_cse): what they ask, what they parse, how they report Google's bot checks, and
each one unchanged against its real URL through the whole app (the upstream-hosts double).

Real captures: google/ (the /sorry/ page, the enablejs JavaScript shell, a desktop result
page) and google_news/ (an RSS answer); the WML, Scholar and CSE answers are reconstructed
(tests/engines/fixtures/SOURCES.md)."""

from __future__ import annotations

import datetime
import json
from typing import Any

import httpx
import pytest
from engine_kit import args, build, fixture, make_engine, make_params, parse, typed

from searx.errors import EngineAccessDenied, EngineCaptcha, EngineParseError
from tests.upstream_hosts import Reply, UpstreamHosts

WML = "google/wml_ai-tools_reconstructed.html"
SHELL = "google/enablejs-js-shell_ru_2026-07_raw-http_truncated-at-30000-bytes.html"
SORRY = "google/sorry-recaptcha_search-q-weather_2026-07_raw-http_redacted.html"
DESKTOP = "google/search_react-github_en-BE_2025-10_browser-dom_prettier.html"
RSS = "google_news/rss-search_caffeine-sleep_2026-07_raw-http.xml"
CSE_TOKEN = json.dumps({"cse_tok": "AB1-tok:1", "cselibv": "f71e4ed980f4c082", "exp": "cc,apo"})


# --- requests ----------------------------------------------------------------------------


def test_google_request_asks_the_wml_page_with_language_time_safe_search_and_page() -> None:
    p = build("google", pageno=3, safesearch=2, time_range="week", language="de-AT")
    assert p["url"].startswith("https://www.google.com/wml/search?")
    a = args(p)
    assert a["q"] == "ai tools" and a["start"] == "20" and a["tbs"] == "qdr:w" and a["safe"] == "high"
    assert (a["hl"], a["lr"], a["cr"], a["ie"], a["oe"]) == ("de", "lang_de", "countryAT", "utf8", "utf8")
    assert p["headers"]["User-Agent"].startswith("Nokia")
    plain = args(build("google"))
    assert plain["hl"] == "en" and plain["lr"] == "" and plain["cr"] == ""
    assert "start" not in plain and "safe" not in plain and "tbs" not in plain
    assert args(build("google", language="zh-TW"))["lr"] == "lang_zh-TW"
    assert args(build("google", language="he"))["hl"] == "iw"  # Google's own code
    assert build("google", pageno=51)["url"] is None  # Google serves 50 pages


def test_google_verticals_send_their_tbm_and_no_language_restriction() -> None:
    images = args(build("google_images", safesearch=0, language="fr-FR"))
    assert images["tbm"] == "isch" and images["hl"] == "fr" and "lr" not in images and "cr" not in images
    assert args(build("google_images", safesearch=1))["safe"] == "active"
    videos = args(build("google_videos", time_range="day", pageno=2))
    assert videos["tbm"] == "vid" and videos["tbs"] == "qdr:d" and videos["start"] == "10"


def test_google_news_asks_the_rss_edition_of_the_locale() -> None:
    p = build("google_news", language="en-GB")
    assert p["url"].startswith("https://news.google.com/rss/search?")
    assert {k: args(p)[k] for k in ("q", "hl", "gl", "ceid")} == {"q": "ai tools", "hl": "en-GB", "gl": "GB",
                                                                  "ceid": "GB:en"}
    assert {k: args(build("google_news"))[k] for k in ("hl", "gl", "ceid")} == {"hl": "en-US", "gl": "US",
                                                                                "ceid": "US:en"}
    assert {k: args(build("google_news", language="de"))[k] for k in ("hl", "gl", "ceid")} == {
        "hl": "de", "gl": "DE", "ceid": "DE:de"}
    assert args(build("google_news", language="zh-TW"))["ceid"] == "TW:zh-Hant"
    assert build("google_news", pageno=2)["url"] is None  # one feed


def test_google_scholar_request() -> None:
    p = build("google_scholar", pageno=2, time_range="month", language="fr-CA")
    assert p["url"].startswith("https://scholar.google.com/scholar?")
    a = args(p)
    assert a["start"] == "10" and a["as_sdt"] == "2007" and a["as_vis"] == "0"
    assert a["as_ylo"] == str(datetime.date.today().year - 1)  # Scholar filters by year only
    assert (a["hl"], a["lr"], a["cr"]) == ("fr", "lang_fr", "countryCA")
    assert p["cookies"]["CONSENT"] == "YES+"
    assert "as_ylo" not in args(build("google_scholar"))


def test_google_cse_request_carries_its_token_and_vertical() -> None:
    p = build("google_cse", token=CSE_TOKEN, pageno=2, safesearch=1, time_range="week", language="en-GB")
    assert p["url"].startswith("https://cse.google.com/cse/element/v1?")
    a = args(p)
    assert a["cx"] == "partner-pub-8993703457585266:4862972284" and a["cse_tok"] == "AB1-tok:1"
    assert a["cselibv"] == "f71e4ed980f4c082" and a["exp"] == "cc,apo" and a["searchtype"] == ""
    assert a["start"] == "20" and a["num"] == "20" and a["safe"] == "medium" and a["gl"] == "GB" and a["hl"] == "en"
    assert a["sort"].startswith("date:r:") and a["callback"] == "_"
    assert p["headers"]["Referer"] == "https://cse.google.com/"
    assert args(build("google_cse", token=CSE_TOKEN, settings={"google_categ": "image"}))["searchtype"] == "image"
    assert build("google_cse")["url"] is None, "no token: not asked"
    assert build("google_cse", token=CSE_TOKEN, pageno=6)["url"] is None
    engine = make_engine("google_cse", cx="my-own-cx")
    params = make_params(engine)
    engine.token_request("x", params)
    assert params["url"] == "https://www.google.com/cse/cse.js?cx=my-own-cx"


def test_google_cse_refuses_a_bad_vertical_or_a_missing_cx() -> None:
    from searx.errors import SettingsError

    with pytest.raises(SettingsError, match="google_categ"):
        make_engine("google_cse", google_categ="news")
    with pytest.raises(SettingsError, match="cx"):
        make_engine("google_cse", cx="")


# --- parsing -------------------------------------------------------------------------------


def test_google_parses_the_wml_page_into_real_urls_thumbnails_and_suggestions() -> None:
    items = parse("google", fixture(WML))
    hits = [i for i in items if "url" in i]
    assert [h["url"] for h in hits[:3]] == ["https://www.synthesia.io/post/ai-tools", "https://aitoolsdirectory.com/",
                                            "https://zapier.com/blog/best-ai-productivity-tools/"]
    assert len(hits) == 6, "the 'People also ask' block is not a result"
    assert hits[0]["title"] == "The 50 Best AI Tools in 2025 (Tried & Tested)"
    assert hits[0]["content"].startswith("7 days ago · Explore 50 top AI tools")
    assert hits[4]["thumbnail"].startswith("https://encrypted-tbn0.gstatic.com/images?q=tbn:")
    assert [i["suggestion"] for i in items if "suggestion" in i] == ["ai tools free", "ai tools list"]
    assert all(r.url.startswith("https://") for r in typed("google", items))


def test_google_empty_page_is_no_results_and_a_changed_page_is_a_parse_error() -> None:
    assert parse("google", fixture("google/wml_no-results_reconstructed.html")) == []
    # a desktop result page (real capture): results, but in markup the WML parser does not know
    with pytest.raises(EngineParseError, match="google: result links in markup the parser does not know"):
        parse("google", fixture(DESKTOP))
    with pytest.raises(EngineParseError, match="google: no Google result page"):
        parse("google", b"<html><body><p>maintenance</p></body></html>")


@pytest.mark.parametrize("module", ["google", "google_images", "google_videos", "google_news", "google_scholar"])
def test_google_bot_checks_are_captcha(module: str) -> None:
    with pytest.raises(EngineCaptcha):
        parse(module, fixture(SORRY))  # the real "unusual traffic" page, served with 200
    if module != "google_scholar":  # Scholar does not serve the JavaScript shell
        with pytest.raises(EngineCaptcha, match="JavaScript shell|not an RSS"):
            parse(module, fixture(SHELL))


def test_google_images_parse() -> None:
    items = parse("google_images", fixture("google_images/wml_tbm-isch_red-panda_reconstructed.html"))
    assert len(items) == 3, "a tile without its picture URL is left out"
    first = items[0]
    assert first["url"] == "https://en.wikipedia.org/wiki/Red_panda"
    assert first["img_src"] == "https://upload.wikimedia.org/wikipedia/commons/e/e6/Red_Panda_(24986761703).jpg"
    assert first["thumbnail_src"] == "https://encrypted-tbn0.gstatic.com/images?q=tbn:kQ8mV3rXy2b1nM"
    assert first["resolution"] == "3456 x 2304" and first["title"] == "Red_Panda_(24986761703).jpg"
    assert items[2]["resolution"] == ""
    assert all(r.kind == "images.html" for r in typed("google_images", items))


def test_google_videos_parse() -> None:
    items = parse("google_videos", fixture("google_videos/wml_tbm-vid_sourdough_reconstructed.html"))
    assert [i["url"] for i in items] == ["https://www.youtube.com/watch?v=2FVfJTGpXnU",
                                         "https://www.youtube.com/watch?v=sTAiDki7ajs", "https://vimeo.com/912345678"]
    assert items[0]["length"] == "12:47" and items[1]["length"] == "1:02:05"
    assert items[0]["thumbnail"] == "https://i.ytimg.com/vi/2FVfJTGpXnU/hqdefault.jpg"
    assert items[0]["iframe_src"] == "https://www.youtube-nocookie.com/embed/2FVfJTGpXnU"
    assert items[2]["iframe_src"] == "" and items[2]["content"] == "Vimeo · The Bread Lab"
    assert all(r.kind == "videos.html" for r in typed("google_videos", items))


def test_google_news_parses_the_real_rss_answer() -> None:
    items = parse("google_news", fixture(RSS), content_type="application/xml; charset=utf-8")
    assert len(items) == 100
    first = items[0]
    assert first["title"] == "Caffeine reversed memory problems caused by sleep deprivation"
    assert first["source"] == "ScienceDaily"
    assert first["url"].startswith("https://news.google.com/rss/articles/CBMi")
    assert first["publishedDate"] == "2026-05-30T07:00:00+00:00"
    out = typed("google_news", items)
    assert all(r.kind == "news" and r.publishedDate for r in out)
    empty = b'<?xml version="1.0"?><rss version="2.0"><channel><title>"x" - Google News</title></channel></rss>'
    assert parse("google_news", empty) == []
    with pytest.raises(EngineParseError, match="google_news"):
        parse("google_news", b'{"not": "rss"}', content_type="application/json")


def test_google_scholar_parses_papers() -> None:
    items = parse("google_scholar", fixture("google_scholar/scholar_transformer-attention_reconstructed.html"))
    papers = [i for i in items if "url" in i]
    assert [p["title"] for p in papers] == ["Attention is all you need", "A survey on vision transformer",
                                            "Natural language processing with transformers"]  # no [CITATION]
    first = papers[0]
    assert first["authors"] == ["A Vaswani", "N Shazeer", "N Parmar…"] and first["journal"] == "Advances in neural …"
    assert first["publisher"] == "" and first["publishedDate"] == "2017-01-01"  # the publisher is the link's host
    assert first["pdf_url"].endswith("-Paper.pdf") and first["html_url"] == "" and first["type"] == "pdf"
    assert first["comments"] == "Cited by 187526"
    assert papers[1]["html_url"] == "https://ieeexplore.ieee.org/document/9716741/" and papers[1]["pdf_url"] == ""
    assert papers[2]["journal"] == "" and papers[2]["publishedDate"] == "2022-01-01"
    assert papers[1]["journal"] == "IEEE transactions on pattern analysis and machine intelligence"
    assert [i["suggestion"] for i in items if "suggestion" in i] == ["transformer self attention",
                                                                     "vision transformer attention"]
    assert [i["correction"] for i in items if "correction" in i] == ["transformer attention mechanism"]
    out = typed("google_scholar", items)
    assert out[0].kind == "paper.html" and out[0].authors == ["A Vaswani", "N Shazeer", "N Parmar…"]  # type: ignore[attr-defined]


def test_google_scholar_bad_cases() -> None:
    assert parse("google_scholar", fixture("google_scholar/scholar_no-results_reconstructed.html")) == []
    with pytest.raises(EngineCaptcha, match="gs_captcha_f"):
        parse("google_scholar", fixture("google_scholar/scholar_captcha-form_reconstructed.html"))
    with pytest.raises(EngineParseError, match="google_scholar"):
        parse("google_scholar", b"<html><body><div id='gs_top'></div></body></html>")


def test_google_cse_token_and_answers() -> None:
    engine = make_engine("google_cse")
    resp = httpx.Response(200, content=fixture("google_cse/cse-js_blackle_reconstructed.js"),
                          request=httpx.Request("GET", "https://www.google.com/cse/cse.js"))
    assert json.loads(engine.token_response(resp)) == {
        "cse_tok": "AB1-RNWQ6b5h3kPz0nY8u2mJc4vT7xLq:1764450000123", "cselibv": "f71e4ed980f4c082", "exp": "cc,apo"}
    with pytest.raises(EngineParseError, match="cse_token"):
        engine.token_response(httpx.Response(200, content=b"(function(){})();", request=resp.request))
    web = parse("google_cse", fixture("google_cse/element-v1_web_sourdough_reconstructed.js"), token=CSE_TOKEN)
    assert [i["url"] for i in web][:2] == ["https://www.kingarthurbaking.com/recipes/sourdough-bread-recipe",
                                           "https://en.wikipedia.org/wiki/Sourdough"]
    assert web[0]["title"] == "Basic Sourdough Bread Recipe | King Arthur Baking"
    assert web[0]["thumbnail"].startswith("https://encrypted-tbn0.gstatic.com/")
    assert len(typed("google_cse", web)) == 2, "the item without a URL is dropped"
    images = parse("google_cse", fixture("google_cse/element-v1_image_sourdough_reconstructed.js"),
                   settings={"google_categ": "image"}, token=CSE_TOKEN)
    assert images[0]["url"] == "https://www.kingarthurbaking.com/recipes/sourdough-bread-recipe"
    assert images[0]["img_src"].endswith("the-easiest-loaf-of-bread-youll-ever-bake.jpg")
    assert images[0]["resolution"] == "1620 x 1080" and images[0]["img_format"] == "jpeg"
    assert typed("google_cse", images, {"google_categ": "image"})[0].kind == "images.html"
    assert parse("google_cse", fixture("google_cse/element-v1_empty_reconstructed.js"), token=CSE_TOKEN) == []
    with pytest.raises(EngineAccessDenied, match="missing a valid token"):
        parse("google_cse", fixture("google_cse/element-v1_error-403_reconstructed.js"), token=CSE_TOKEN)
    with pytest.raises(EngineParseError, match="google_cse"):
        parse("google_cse", b"<html>oops</html>", token=CSE_TOKEN)


# --- the whole app, each engine unchanged against its real URL --------------------------------

GOOGLE = {"name": "google", "engine": "google", "shortcut": "go", "categories": ["general", "web"]}


def _names(body: dict) -> list[str]:
    return [name for name, _ in body["unresponsive_engines"]]


def test_google_through_the_app(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("www.google.com", "/wml/search", fixture(WML))
    body = engine_client([GOOGLE]).get("/search?q=AI+Tools&format=json&language=en-US&pageno=2").get_json()
    assert body["unresponsive_engines"] == []
    assert body["results"][0]["url"] == "https://www.synthesia.io/post/ai-tools"
    assert "ai tools free" in body["suggestions"]
    (seen,) = hosts.seen
    assert seen.url.startswith("https://www.google.com/wml/search?")
    assert seen.arg("q") == "AI Tools" and seen.arg("start") == "10" and seen.arg("cr") == "countryUS"
    assert seen.headers["user-agent"].startswith("Nokia")
    assert hosts.unrouted == []


@pytest.mark.parametrize("answer", [
    Reply(fixture(SHELL)),  # what plain clients get from /search today
    Reply(fixture(SORRY)),
    Reply("", status=302, headers={"Location": "https://www.google.com/sorry/index?continue=https://www.google.com/"}),
    Reply("", status=302, headers={"Location": "https://consent.google.com/ml?continue=https://www.google.com/"}),
], ids=["enablejs-shell", "sorry-page", "sorry-redirect", "consent-redirect"])
def test_google_bot_checks_through_the_app_are_challenged(engine_client: Any, hosts: UpstreamHosts,
                                                          answer: Reply) -> None:
    hosts.route("www.google.com", "/wml/search", answer)
    client = engine_client([GOOGLE])
    body = client.get("/search?q=weather&format=json").get_json()
    assert body["results"] == [] and _names(body) == ["google"]
    stats = client.get("/stats").get_json()["engines"]["google"]
    assert stats["outcomes"]["challenged"] == 1 and stats["outcomes"]["no_results"] == 0
    assert hosts.unrouted == []


def test_google_media_engines_through_the_app(engine_client: Any, hosts: UpstreamHosts) -> None:
    def wml(seen: Any) -> bytes:
        tbm = seen.arg("tbm")
        return fixture({"isch": "google_images/wml_tbm-isch_red-panda_reconstructed.html",
                        "vid": "google_videos/wml_tbm-vid_sourdough_reconstructed.html"}[tbm])

    hosts.route("www.google.com", "/wml/search", wml)
    hosts.route("news.google.com", "/rss/search", fixture(RSS), content_type="application/rss+xml; charset=utf-8")
    client = engine_client([
        {"name": "google images", "engine": "google_images", "shortcut": "goi", "categories": ["images", "web"]},
        {"name": "google videos", "engine": "google_videos", "shortcut": "gov", "categories": ["videos", "web"]},
        {"name": "google news", "engine": "google_news", "shortcut": "gon", "categories": ["news"]},
    ])
    images = client.get("/search?q=red+panda&format=json&categories=images").get_json()
    assert images["results"][0]["img_src"].startswith("https://upload.wikimedia.org/")
    videos = client.get("/search?q=sourdough&format=json&categories=videos").get_json()
    assert {r["length"] for r in videos["results"]} == {"12:47", "1:02:05", "8:15"}
    news = client.get("/search?q=caffeine+sleep&format=json&categories=news&language=en-US").get_json()
    assert len(news["results"]) > 50 and news["results"][0]["publishedDate"]
    assert [s.host for s in hosts.seen] == ["www.google.com", "www.google.com", "news.google.com"]
    assert hosts.seen[2].arg("ceid") == "US:en"
    assert hosts.unrouted == []


def test_google_scholar_through_the_app(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("scholar.google.com", "/scholar",
                fixture("google_scholar/scholar_transformer-attention_reconstructed.html"))
    entry = {"name": "google scholar", "engine": "google_scholar", "shortcut": "gos",
             "categories": ["science", "scientific publications"]}
    body = engine_client([entry]).get("/search?q=transformer+attention&format=json&categories=science").get_json()
    first = body["results"][0]
    assert first["template"] == "paper.html" and first["authors"][0] == "A Vaswani"
    assert first["pdf_url"].startswith("https://proceedings.neurips.cc/")
    (seen,) = hosts.seen
    assert seen.path == "/scholar" and seen.arg("as_sdt") == "2007" and "CONSENT=YES+" in seen.headers["cookie"]
    assert hosts.unrouted == []


def test_google_cse_fetches_its_token_once_through_the_app(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("www.google.com", "/cse/cse.js", fixture("google_cse/cse-js_blackle_reconstructed.js"),
                content_type="text/javascript; charset=utf-8")
    hosts.route("cse.google.com", "/cse/element/v1", fixture("google_cse/element-v1_web_sourdough_reconstructed.js"),
                content_type="application/javascript; charset=utf-8")
    client = engine_client([{"name": "google cse", "engine": "google_cse", "shortcut": "goc",
                             "categories": ["general", "web"]}])
    for query in ("sourdough", "sourdough bread"):
        body = client.get(f"/search?q={query}&format=json").get_json()
        assert body["results"][0]["url"] == "https://www.kingarthurbaking.com/recipes/sourdough-bread-recipe"
    assert [s.path for s in hosts.seen] == ["/cse/cse.js", "/cse/element/v1", "/cse/element/v1"]
    assert hosts.seen[0].arg("cx") == "partner-pub-8993703457585266:4862972284"
    assert hosts.seen[2].arg("cse_tok") == "AB1-RNWQ6b5h3kPz0nY8u2mJc4vT7xLq:1764450000123"
    assert hosts.unrouted == []
