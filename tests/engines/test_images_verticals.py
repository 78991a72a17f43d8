"""The verticals of startpage (``startpage_categ``), brave (``brave_category``) and wikicommons
(``wc_search_type``): each entry asks its own vertical and parses it into its kind, and the
page data they read is decoded once per page (``searx/enginelib/embedded_data.py``).

All answers are reconstructed (tests/engines/fixtures/SOURCES.md, "Images")."""

from __future__ import annotations

import datetime

import httpx
import pytest
from engine_kit import args, build, fixture, make_engine, parse, typed

from searx.enginelib.embedded_data import js_after, js_to_json, json_after
from searx.enginelib.html_parse import age_date, feed_date, file_size, json_body
from searx.errors import EngineCaptcha, EngineParseError, SettingsError

JSON = "application/json; charset=utf-8"
SP_NEWS, SP_IMAGES = {"startpage_categ": "news"}, {"startpage_categ": "images"}
WC = {kind: {"wc_search_type": kind} for kind in ("image", "video", "audio", "file")}


# --- startpage -------------------------------------------------------------------------


def test_startpage_posts_the_vertical_of_its_entry() -> None:
    for vertical in ("web", "news", "images"):
        p = build("startpage", "climate", settings={"startpage_categ": vertical}, token="sc-1", pageno=2)
        assert p["data"]["cat"] == vertical and p["data"]["sc"] == "sc-1" and p["data"]["page"] == "2"
    assert build("startpage", "x")["data"]["cat"] == "web"  # an entry without the key: web, as before
    with pytest.raises(SettingsError, match="startpage_categ"):
        make_engine("startpage", startpage_categ="videos")


def test_startpage_news_from_the_hydration_data() -> None:
    items = parse("startpage", fixture("startpage/news_climate_reconstructed.html"), settings=SP_NEWS)
    assert [i["url"] for i in items] == [
        "https://www.theguardian.com/environment/2026/nov/30/cop31-climate-talks-deal",
        "https://www.reuters.com/sustainability/climate-energy/record-ocean-heat-2026-11-29/"]  # no undated story
    first = items[0]
    assert first["title"] == "COP31 climate talks end with a deal on adaptation"  # markup and marker characters off
    assert first["publishedDate"] == 1796032800.0 and first["thumbnail"].startswith(
        "https://www.startpage.com/av/proxy-image?piurl=")
    assert items[1]["thumbnail"] == ""
    news = typed("startpage", items, {"startpage_categ": "news", "categories": ["news", "web"]})
    assert [r.kind for r in news] == ["news", "news"] and news[0].publishedDate.startswith("2026-11-30T")


def test_startpage_images_from_the_hydration_data() -> None:
    items = parse("startpage", fixture("startpage/images_red-panda_reconstructed.html"), settings=SP_IMAGES)
    assert [i["url"] for i in items] == ["https://en.wikipedia.org/wiki/Red_panda",
                                         "https://www.zoo.example.org/animals/red-panda"]  # not the tile without a page
    first = items[0]
    assert first["img_src"] == "https://upload.wikimedia.org/wikipedia/commons/b/b2/Red_Panda.jpg"
    assert first["thumbnail_src"].startswith("https://www.startpage.com/av/proxy-image?")
    assert (first["resolution"], first["img_format"], first["filesize"]) == ("2048 x 1365", "JPEG", "403.2 KB")
    assert items[1]["img_format"] == "" and items[1]["filesize"] == ""  # "unknown" format, no size
    assert len(typed("startpage", items, SP_IMAGES)) == 2


def test_startpage_verticals_bad_cases() -> None:
    assert parse("startpage", fixture("startpage/images_empty_reconstructed.html"), settings=SP_IMAGES) == []
    for page in ("synthetic/anubis_startpage.html", "synthetic/startpage_captcha.html"):
        with pytest.raises(EngineCaptcha):
            parse("startpage", fixture(page), settings=SP_NEWS)
    with pytest.raises(EngineParseError, match="startpage: no images data"):
        # the web result page is not what the images vertical reads
        parse("startpage", fixture("startpage/results_javascript-tutorial_2026-04_http_prettier.html"),
              settings=SP_IMAGES)


# --- brave ---------------------------------------------------------------------------------


def test_brave_asks_the_path_of_its_vertical_and_pages_only_web() -> None:
    for vertical in ("images", "videos", "news"):
        p = build("brave", "red panda", settings={"brave_category": vertical}, safesearch=2, language="de-DE")
        assert p["url"].startswith(f"https://search.brave.com/{vertical}?")
        assert args(p) == {"q": "red panda", "source": "web", "spellcheck": "0"}
        assert p["cookies"]["safesearch"] == "strict" and p["cookies"]["country"] == "de"
        assert build("brave", "x", settings={"brave_category": vertical}, pageno=2)["url"] is None
        assert build("brave", "x", settings={"brave_category": vertical}, time_range="day")["url"] is None
    assert args(build("brave", "x", pageno=3, time_range="week"))["offset"] == "2"  # web
    goggle = "https://raw.githubusercontent.com/brave/goggles-quickstart/main/goggles/rust_programming.goggle"
    p = build("brave", "x", settings={"brave_category": "goggles", "Goggles": goggle}, pageno=2)
    assert p["url"].startswith("https://search.brave.com/goggles?") and args(p)["goggles_id"] == goggle
    assert args(p)["offset"] == "1"


def test_brave_refuses_an_unknown_vertical_and_goggles_without_a_url() -> None:
    with pytest.raises(SettingsError, match="brave_category"):
        make_engine("brave", brave_category="music")
    with pytest.raises(SettingsError, match="Goggles"):
        make_engine("brave", brave_category="goggles")


def test_brave_images_from_the_page_data() -> None:
    items = parse("brave", fixture("brave/images_red-panda_reconstructed.html"), settings={"brave_category": "images"})
    assert [i["img_src"] for i in items] == ["https://upload.wikimedia.org/wikipedia/commons/b/b2/Red_Panda.jpg",
                                             "https://i.natgeofe.com/n/red-panda.jpg"]  # not the tile without one
    assert items[0]["url"] == "https://en.wikipedia.org/wiki/Red_panda" and items[0]["source"] == "en.wikipedia.org"
    assert items[0]["thumbnail_src"].startswith("https://imgs.search.brave.com/")
    assert items[1]["title"] == "Red Panda <facts> & pictures" and items[1]["resolution"] == "3072 x 2048"
    assert len(typed("brave", items, {"brave_category": "images"})) == 2


def test_brave_videos_from_the_page_data() -> None:
    items = parse("brave", fixture("brave/videos_sourdough_reconstructed.html"), settings={"brave_category": "videos"})
    assert [i["url"] for i in items] == ["https://www.youtube.com/watch?v=2FVfJTGpXnU", "https://vimeo.com/123456789"]
    first = items[0]
    assert first["iframe_src"] == "https://www.youtube-nocookie.com/embed/2FVfJTGpXnU" and items[1]["iframe_src"] == ""
    assert first["author"] == "Joshua Weissman" and first["publishedDate"] == "2024-03-03T14:00:00"
    assert items[1]["publishedDate"] is None  # undefined in the data (void 0)
    assert [r.length for r in typed("brave", items, {"brave_category": "videos"})] == ["12:47", "1:02:03"]


def test_brave_news_from_the_markup_with_dates_from_the_age_line() -> None:
    items = parse("brave", fixture("brave/news_climate_reconstructed.html"), settings={"brave_category": "news"})
    assert [i["url"] for i in items] == ["https://www.bbc.com/news/science-environment-cop31",
                                         "https://www.nytimes.com/2026/11/28/climate/ocean-heat.html"]
    first = items[0]
    assert first["source"] == "bbc.com" and first["content"] == "Talks in Belém closed with a new goal <for adaptation>."
    assert first["thumbnail"].startswith("https://imgs.search.brave.com/") and items[1]["thumbnail"] == ""
    age = datetime.datetime.now(datetime.UTC) - first["publishedDate"]
    assert datetime.timedelta(hours=1, minutes=59) < age < datetime.timedelta(hours=2, minutes=1)
    assert items[1]["publishedDate"] == datetime.datetime(2026, 11, 28)
    assert len(typed("brave", items, {"brave_category": "news", "categories": ["news"]})) == 2


def test_brave_verticals_bad_cases() -> None:
    assert parse("brave", fixture("brave/images_empty_reconstructed.html"), settings={"brave_category": "images"}) == []
    assert parse("brave", fixture("brave/news_empty_reconstructed.html"), settings={"brave_category": "news"}) == []
    for vertical in ("images", "videos", "news"):
        with pytest.raises(EngineCaptcha):
            parse("brave", fixture("synthetic/brave_captcha.html"), settings={"brave_category": vertical})
        with pytest.raises(EngineParseError, match="brave|Brave"):
            parse("brave", b"<html><body><p>changed</p></body></html>", settings={"brave_category": vertical})
    broken = fixture("brave/images_red-panda_reconstructed.html").replace(b"type:\"data\"", b"type:new Date(1)", 1)
    with pytest.raises(EngineParseError, match="not a plain literal"):
        parse("brave", broken, settings={"brave_category": "images"})


# --- wikicommons ------------------------------------------------------------------------


def test_wikicommons_asks_the_file_types_of_its_search_type() -> None:
    expected = {"image": "bitmap|drawing", "video": "video", "audio": "audio", "file": "multimedia|office|archive|3d"}
    for kind, types in expected.items():
        assert args(build("wikicommons", "cats", settings=WC[kind]))["gsrsearch"] == f"filetype:{types} cats"
    assert args(build("wikicommons", "cats"))["gsrsearch"].startswith("filetype:bitmap|drawing")  # the old entries
    p = build("wikicommons", "x", settings={"wc_api_url": "https://commons.example.org/api.php"})
    assert p["url"].startswith("https://commons.example.org/api.php?")
    with pytest.raises(SettingsError, match="wc_search_type"):
        make_engine("wikicommons", wc_search_type="pictures")


def test_wikicommons_videos() -> None:
    items = parse("wikicommons", fixture("wikicommons/search_filetype-video_cats_reconstructed.json"),
                  settings=WC["video"], content_type=JSON)
    first = items[0]
    assert first["url"] == "https://commons.wikimedia.org/wiki/File:Cat_playing_with_a_ball.webm"
    assert first["thumbnail"].endswith("320px--Cat_playing_with_a_ball.webm.jpg")
    assert first["iframe_src"] == "https://upload.wikimedia.org/wikipedia/commons/4/4d/Cat_playing_with_a_ball.webm"
    results = typed("wikicommons", items, {**WC["video"], "categories": ["videos"]})
    assert [(r.kind, r.length) for r in results] == [("videos.html", "1:33"), ("videos.html", "0:12")]


def test_wikicommons_audio_is_a_music_result() -> None:
    items = parse("wikicommons", fixture("wikicommons/search_filetype-audio_cats_reconstructed.json"),
                  settings=WC["audio"], content_type=JSON)
    results = typed("wikicommons", items, {**WC["audio"], "categories": ["music"]})
    assert [r.kind for r in results] == ["music", "music"]
    assert results[0].audio_src == "https://upload.wikimedia.org/wikipedia/commons/6/62/Meow_of_a_cat.ogg"
    assert results[0].length == "0:02" and results[1].title == "Cat purr (Felis catus)"


def test_wikicommons_files_are_file_results() -> None:
    items = parse("wikicommons", fixture("wikicommons/search_filetype-file_cats_reconstructed.json"),
                  settings=WC["file"], content_type=JSON)
    pdf, stl = typed("wikicommons", items, {**WC["file"], "categories": ["files"]})
    assert type(pdf).__name__ == "FileResult" and pdf.kind == "file.html"
    assert (pdf.filename, pdf.size, pdf.mimetype) == ("The_domestic_cat_(1921).pdf", "23.0 MB", "application/pdf")
    assert pdf.embedded.endswith("/9/9e/The_domestic_cat_%281921%29.pdf") and pdf.thumbnail.endswith(".pdf.jpg")
    assert stl.filename == "Cat_skull.stl" and stl.thumbnail == ""


def test_wikicommons_empty_and_error_answers() -> None:
    for kind in WC:
        assert parse("wikicommons", fixture("wikicommons/search_empty_reconstructed.json"), settings=WC[kind],
                     content_type=JSON) == []
    with pytest.raises(EngineParseError, match="Commons API error"):
        parse("wikicommons", b'{"error": {"code": "internal_api_error"}}', settings=WC["audio"], content_type=JSON)


# --- the page data decoders --------------------------------------------------------------


def test_js_to_json_quotes_keys_and_undefined_only_outside_strings() -> None:
    source = '{a:1,b:"x,y:z void 0",c:void 0,"d-e":[{f:true,g:null}],h:undefined, i :"\\"q\\""}'
    assert js_to_json(source) == '{"a":1,"b":"x,y:z void 0","c":null,"d-e":[{"f":true,"g":null}],"h":null, "i" :"\\"q\\""}'
    assert js_after('<script>kit.start(x, {data: [null, {k: "\\u003Cb>"}]}) // {tail:', "data:") == [None, {"k": "<b>"}]


def test_json_after_and_its_errors() -> None:
    assert json_after('create(App, {"a": [1, {"b": 2}]}), more', "create(App,") == {"a": [1, {"b": 2}]}
    with pytest.raises(EngineParseError, match="no 'missing:' data"):
        json_after("{}", "missing:")
    with pytest.raises(EngineParseError, match="not JSON"):
        json_after("m: {broken", "m:")


def test_json_body_names_a_bot_check_unless_the_api_serves_none() -> None:
    page = httpx.Response(200, content=fixture("synthetic/cloudflare_just_a_moment.html"), headers={"content-type": "text/html"})
    assert json_body(httpx.Response(200, content=b'{"a": [1]}'), "x") == {"a": [1]}
    with pytest.raises(EngineCaptcha):
        json_body(page, "x")
    with pytest.raises(EngineParseError, match="x: the answer is not JSON") as caught:
        json_body(page, "x", bot_pages=False)
    assert type(caught.value) is EngineParseError


def test_file_size_and_age_date() -> None:
    assert [file_size(v) for v in (512, "412876", "1,234,567 bytes", 3 * 1024**3, None, "", 0)] == [
        "512 B", "403.2 KB", "1.2 MB", "3.0 GB", "", "", ""]
    now = datetime.datetime(2026, 12, 1, 12, 0, tzinfo=datetime.UTC)
    assert age_date("bbc.com • 3 hours ago", now) == datetime.datetime(2026, 12, 1, 9, 0, tzinfo=datetime.UTC)
    assert age_date("1 week ago", now) == now - datetime.timedelta(days=7)
    assert age_date("November 28, 2026", now) is None and age_date("", now) is None


def test_feed_date_reads_an_rss_date_or_gives_none() -> None:
    assert feed_date("Sat, 21 Dec 2024 06:38:56 +0000") == "2024-12-21T06:38:56+00:00"
    assert [feed_date(v) for v in ("", "yesterday", "Sat, 99 Dec 2024 06:38:56 +0000")] == [None, None, None]
