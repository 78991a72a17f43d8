"""The images, news and videos engines: what they ask, what they parse from
captured-shape pages (tests/engines/fixtures/reconstructed/, see SOURCES.md),
and that every item they return has the fields its kind requires."""

from __future__ import annotations

from functools import partial
from urllib.parse import parse_qs, urlsplit

import engine_kit
import pytest
from engine_kit import args, fake_response, fixture, make_engine, make_params, parse_fixture, typed

from searx.errors import EngineCaptcha, EngineParseError
from searx.results.types import from_engine_item

R = "reconstructed/"


build = partial(engine_kit.build, query="cats")


# --- requests ------------------------------------------------------------------------


def test_bing_images_request() -> None:
    p = build("bing_images", pageno=3, safesearch=2, time_range="week", language="de-DE")
    assert p["url"].startswith("https://www.bing.com/images/async?")
    a = args(p)
    assert a["first"] == "71" and a["count"] == "35" and a["adlt"] == "strict"
    assert a["qft"] == "+filterui:age-lt10080" and a["mkt"] == "de-DE"


def test_bing_news_request() -> None:
    a = args(build("bing_news", pageno=2, time_range="day", language="fr-CA"))
    assert a["format"] == "RSS" and a["first"] == "11" and a["qft"] == 'interval="7"' and a["setmkt"] == "fr-ca"
    assert build("bing_news", time_range="year")["url"] is None, "no year filter: not asked"


def test_wikicommons_request() -> None:
    a = args(build("wikicommons", pageno=2, language="de"))
    assert a["gsrsearch"] == "filetype:bitmap|drawing cats" and a["gsroffset"] == "20" and a["uselang"] == "de"
    assert a["gsrnamespace"] == "6" and "imageinfo" in a["prop"]


def test_dailymotion_request() -> None:
    a = args(build("dailymotion", pageno=2, safesearch=2, time_range="day", language="fr-FR"))
    assert a["page"] == "2" and a["family_filter"] == "true" and a["is_created_for_kids"] == "true"
    assert a["languages"] == "fr" and a["country"] == "fr" and int(a["created_after"]) > 1_700_000_000
    assert args(build("dailymotion"))["family_filter"] == "false"
    assert args(build("dailymotion", settings={"number_of_results": 25}))["limit"] == "25"
    assert args(build("wikicommons", pageno=3, settings={"number_of_results": 5}))["gsroffset"] == "10"


def test_sepiasearch_request() -> None:
    p = build("sepiasearch", pageno=3, safesearch=1, time_range="month", language="en-US")
    q = parse_qs(urlsplit(p["url"]).query)
    assert p["url"].startswith("https://sepiasearch.org/api/v1/search/videos?")
    assert q["start"] == ["20"] and q["nsfw"] == ["false"] and q["languageOneOf[]"] == ["en"] and "startDate" in q


def test_youtube_request() -> None:
    p = build("youtube_noapi", time_range="month")
    assert args(p) == {"search_query": "cats", "sp": "EgIIBA=="}
    assert p["cookies"]["CONSENT"] == "YES+"


@pytest.mark.parametrize("module", ["duckduckgo_images", "duckduckgo_news"])
def test_duckduckgo_extra_requests_need_the_vqd(module: str) -> None:
    assert build(module)["url"] is None, "without vqd DuckDuckGo is not asked"
    p = build(module, token="4-99", pageno=2, safesearch=2, language="de-DE", time_range="week")
    a = args(p)
    assert a["vqd"] == "4-99" and a["l"] == "de-de" and a["p"] == "1" and a["o"] == "json"
    if module == "duckduckgo_images":
        assert p["url"].startswith("https://duckduckgo.com/i.js?") and a["s"] == "100"
        assert a["f"].startswith("time:Week,")
    else:
        assert p["url"].startswith("https://duckduckgo.com/news.js?") and a["s"] == "30" and a["df"] == "w"
    engine = make_engine(module, base_url="http://127.0.0.1:9/ddg")
    token = make_params(engine, language="de-DE")
    assert engine.token_scope("cats", token) == "de-de//cats"
    engine.token_request("cats", token)
    assert token["url"].startswith("http://127.0.0.1:9/ddg/?q=cats")


# --- parsing ---------------------------------------------------------------------------


def test_bing_images_tiles() -> None:
    items = parse_fixture("bing_images", R + "bing_images_async_cats.html")
    results = typed("bing_images", items)
    assert [r.url for r in results] == ["https://www.example-cats.org/gallery/tabby", "https://en.wikipedia.org/wiki/Cat",
                                        "https://petblog.example.net/posts/kitten-care"]
    first = results[0]
    assert first.title == "Tabby cat sleeping in the sun"  # Bing's highlight characters removed
    assert first.img_src == "https://images.example-cats.org/full/tabby-cat.jpg"
    assert first.thumbnail_src.startswith("https://tse1.mm.bing.net/th?id=")
    assert (first.resolution, first.img_format, first.source) == ("1920 x 1280", "jpeg", "example-cats.org")
    assert results[2].title == "Kitten care <b>guide</b> & tips", "text stays text: the template escapes it"
    assert parse_fixture("bing_images", R + "bing_images_async_empty.html") == []


def test_bing_images_captcha() -> None:
    with pytest.raises(EngineCaptcha):
        parse_fixture("bing_images", "synthetic/bing_captcha.html")


def test_bing_news_rss() -> None:
    results = typed("bing_news", parse_fixture("bing_news", R + "bing_news_rss_cats.xml", content_type="application/rss+xml"))
    first, second = results
    assert first.url == "https://news.example.com/2026/11/30/cat-adoptions", "the click redirect is decoded"
    assert first.publishedDate == "2026-11-30T09:15:00+00:00" and first.source == "Example News"
    assert first.thumbnail == "https://www.bing.com/th?id=OVFT.AbCdEfGh123&pid=News"
    assert first.content.startswith("The city shelter reports record cat adoptions") and "&" in first.content
    assert second.thumbnail == "" and second.publishedDate == "2026-11-28T18:40:00+00:00"
    assert parse_fixture("bing_news", R + "bing_news_rss_empty.xml", content_type="application/rss+xml") == []
    with pytest.raises(EngineParseError):
        parse_fixture("bing_news", "synthetic/bing_captcha.html")


def test_wikicommons_images() -> None:
    items = parse_fixture("wikicommons", R + "wikicommons_search_cats.json", content_type="application/json")
    results = typed("wikicommons", items)
    assert [r.title for r in results] == ["Kittens in a basket", "Cat03"], "in the search's order"
    assert results[1].url == "https://commons.wikimedia.org/wiki/File:Cat03.jpg"
    assert results[1].thumbnail_src.endswith("/135px-Cat03.jpg") and results[1].resolution == "1200 x 1600"
    assert results[1].img_format == "JPEG" and results[0].content == "Three kittens & a basket"


def test_dailymotion_videos() -> None:
    results = typed("dailymotion", parse_fixture("dailymotion", R + "dailymotion_videos_cats.json",
                                         content_type="application/json"))
    first, second = results
    assert (first.length, second.length) == ("12:34", "1:02:05")
    assert first.iframe_src == "https://www.dailymotion.com/embed/video/x9abc12"
    assert second.iframe_src == "", "not embeddable: link only"
    assert second.thumbnail.startswith("https://"), "the http thumbnail is asked over https"
    assert first.author == "CatChannel" and first.publishedDate.startswith("2025-10-01")
    assert first.content == "Funny cats compilation, part 3. Subscribe!"
    with pytest.raises(EngineParseError):
        parse_fixture("dailymotion", R + "dailymotion_error.json", content_type="application/json")


def test_sepiasearch_videos() -> None:
    items = parse_fixture("sepiasearch", R + "sepiasearch_videos_cats.json", content_type="application/json")
    assert {"number_of_results": 312} in items
    hits = [i for i in items if "url" in i]
    assert len(hits) == 2
    results = [r for r in (from_engine_item(i, "sepiasearch", "videos") for i in hits) if r]
    assert len(results) == 1, "the live stream has no length and is dropped"
    video = results[0]
    assert (video.length, video.author, video.source) == ("7:01", "Alpine Films", "peertube.example.org")
    assert video.iframe_src.startswith("https://peertube.example.org/videos/embed/")
    assert video.content == "A short film about mountain cats."


def test_youtube_videos() -> None:
    items = parse_fixture("youtube_noapi", R + "youtube_results_cats.html")
    hits = [i for i in items if "url" in i]
    assert [h["url"] for h in hits] == ["https://www.youtube.com/watch?v=dQw4w9WgXcQ",
                                        "https://www.youtube.com/watch?v=9bZkp7q19f0",
                                        "https://www.youtube.com/watch?v=LiveCam0001"]
    results = [r for r in (from_engine_item(i, "youtube_noapi", "videos") for i in hits) if r]
    assert len(results) == 2, "the live stream (no length) is dropped"
    first = results[0]
    assert (first.title, first.author, first.length) == ("Cats being cats — funniest moments", "Cat Channel", "12:34")
    assert first.iframe_src == "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"
    assert first.thumbnail == "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"
    assert "<script>" in first.content, "text stays text: the template escapes it"
    with pytest.raises(EngineCaptcha):
        parse_fixture("youtube_noapi", R + "youtube_consent.html")


def test_duckduckgo_images_and_news() -> None:
    images = typed("duckduckgo_images", parse_fixture("duckduckgo_images", R + "duckduckgo_images_ijs_cats.json",
                                               content_type="application/json", token="4-1"))
    assert images[0].resolution == "1920 x 1280" and images[0].img_src.endswith("tabby-cat.jpg")
    news = typed("duckduckgo_news", parse_fixture("duckduckgo_news", R + "duckduckgo_news_cats.json",
                                           content_type="application/json", token="4-1"))
    assert news[0].publishedDate == "2026-11-30T10:53:20+00:00" and news[0].source == "Example News"
    assert news[0].content == "City shelter reports record cat adoptions this autumn."
    assert news[1].thumbnail == ""


def test_duckduckgo_vqd_from_its_result_page() -> None:
    engine = make_engine("duckduckgo_images")
    page = fake_response(engine, fixture(R + "duckduckgo_home_vqd_cats.html"), token="x")
    assert engine.token_response(page) == "4-231869813027094581262817390417839046733"
    challenge = fake_response(engine, fixture("duckduckgo/html_anomaly-challenge_shrooms_raw-http.html"), token="x")
    with pytest.raises(EngineCaptcha):
        engine.token_response(challenge)
    assert engine.token_response(fake_response(engine, b"<html><body>no results</body></html>", token="x")) == ""


def test_required_fields_are_enforced() -> None:
    base = {"url": "https://e.example/", "title": "t"}
    assert from_engine_item({**base, "template": "images.html", "img_src": "https://i.example/a.jpg"}, "e", "images") is None
    assert from_engine_item({**base, "template": "videos.html", "thumbnail": "https://i.example/t.jpg"}, "e", "videos") is None
    assert from_engine_item(base, "e", "news") is None, "news needs publishedDate"
    ok = from_engine_item({**base, "template": "images.html", "img_src": "javascript:alert(1)",
                           "thumbnail_src": "https://i.example/t.jpg"}, "e", "images")
    assert ok is None, "a non-http image is no image"
    assert from_engine_item({**base, "template": "x.html"}, "e", "general").template == "default.html"  # type: ignore[union-attr]
