"""The images, news and videos tabs through the app: real engines asking the fake
engine over HTTP, the tabs, the templates (every field untrusted), the JSON
fields and the content security policy of those pages."""

from __future__ import annotations

import re
from typing import Any

import lxml.html
import pytest

from tests.conftest import json_engine_entry, make_settings

EVIL = '<script>alert("x")</script><img src=x onerror=alert(1)>'


@pytest.fixture
def media_app(app_factory: Any, fake_engine: Any) -> Any:
    base = fake_engine.url
    engines = [
        json_engine_entry(base, "web"),
        {"name": "commons", "engine": "wikicommons", "base_url": f"{base}/commons", "enable_http": True,
         "shortcut": "wc", "categories": ["images"]},
        {"name": "news", "engine": "bing_news", "base_url": f"{base}/bingnews", "enable_http": True,
         "shortcut": "bin", "categories": ["news"]},
        {"name": "tube", "engine": "dailymotion", "base_url": f"{base}/dailymotion", "enable_http": True,
         "shortcut": "dm", "categories": ["videos"], "embed_url": "https://www.youtube-nocookie.com/embed/"},
        {"name": "elsewhere", "engine": "dailymotion", "base_url": f"{base}/dailymotion2", "enable_http": True,
         "shortcut": "dm2", "categories": ["videos"], "embed_url": "https://player.example.net/embed/", "weight": 0.5},
        {"name": "off", "engine": "sepiasearch", "shortcut": "sep", "categories": ["music"], "disabled": True},
    ]
    # the page dates the fake's news by the fake's own clock: "3 hours ago" on any day the tests run
    return app_factory(make_settings(engines, search={"formats": ["html", "json"], "cache_ttl": 0}),
                       clock=fake_engine.clock)


def page(client: Any, **params: str) -> tuple[Any, Any]:
    resp = client.get("/search", query_string=params)
    assert resp.status_code == 200, resp.data[:500]
    return resp, lxml.html.fromstring(resp.data)


def test_tabs_are_the_categories_with_engines_in_settings_order(media_app: Any) -> None:
    _, tree = page(media_app.test_client(), q="cats", categories="images", language="de-DE", time_range="",
                   safesearch="1")
    links = tree.xpath('//nav[@class="tabs"]//a')
    assert [a.text for a in links] == ["General", "Images", "Videos", "News"], "music's only engine is off"
    assert [a.get("aria-current") for a in links] == [None, "page", None, None]
    news = links[3].get("href")
    assert "q=cats" in news and "categories=news" in news and "language=de-DE" in news and "safesearch=1" in news
    assert "pageno" not in news


def test_images_grid_lazy_fixed_boxes_and_detail_panels(media_app: Any) -> None:
    resp, tree = page(media_app.test_client(), q="cats", categories="images")
    tiles = tree.xpath('//ul[@class="image-grid"]/li/a[@class="image-tile"]')
    assert len(tiles) == 6
    img = tiles[0].xpath('.//span[@class="thumb-box"]/img')[0]
    assert img.get("loading") == "lazy" and img.get("src") == "https://img.example.org/thumb/0.png"
    assert tiles[0].get("href") == "#image-1"
    detail = tree.get_element_by_id("image-1")
    assert detail.xpath('.//a[@class="image-full"]/img')[0].get("src") == "https://img.example.org/full/0.png"
    assert "1600 x 1200" in detail.text_content() and "commons.example.org" in detail.text_content()
    assert detail.xpath('.//a[@rel="next"]')[0].get("href") == "#image-2"
    assert not tree.xpath('//section[@id="ai-summary"]'), "the AI summary stays on the general tab"
    csp = resp.headers["Content-Security-Policy"]
    assert "img-src 'self' data: https://img.example.org;" in csp and "frame-src 'none'" in csp


def test_news_relative_dates_localised_and_sources(media_app: Any) -> None:
    client = media_app.test_client()
    _, tree = page(client, q="cats", categories="news")
    items = tree.xpath('//article[contains(@class, "news")]')
    assert len(items) == 6
    times = [t.text for t in tree.xpath('//article[contains(@class, "news")]//time')]
    assert all(re.fullmatch(r"\d+ (hours?|days?|months?|years?) ago", t) for t in times), times
    assert "Paper 0" in items[0].text_content() or "Paper" in items[0].text_content()
    assert items[0].xpath('.//span[@class="thumb-box"]/img')[0].get("loading") == "lazy"
    client.set_cookie("locale", "de")
    _, german = page(client, q="cats", categories="news")
    assert all(t.text.startswith("vor ") for t in german.xpath("//time")), [t.text for t in german.xpath("//time")]


def test_videos_embed_only_on_click_and_only_for_allowed_hosts(media_app: Any) -> None:
    resp, tree = page(media_app.test_client(), q="cats", categories="videos")
    assert not tree.xpath("//iframe"), "no third-party player on page load"
    videos = tree.xpath('//article[contains(@class, "video")]')
    assert len(videos) == 12
    buttons = tree.xpath('//button[@class="video-play"]')
    assert len(buttons) == 6 and all(b.get("data-embed").startswith("https://www.youtube-nocookie.com/embed/")
                                     for b in buttons), "player.example.net is not an allowed host"
    assert all(b.get("hidden") is not None for b in buttons), "the button appears only with JavaScript"
    durations = [d.text for d in tree.xpath('//span[@class="duration"]')]
    assert "0:05" in durations and "5:05" in durations
    csp = resp.headers["Content-Security-Policy"]
    assert "frame-src https://www.youtube-nocookie.com;" in csp and "player.example.net" not in csp


def test_every_field_is_escaped(media_app: Any) -> None:
    client = media_app.test_client()
    for category in ("images", "news", "videos"):
        resp, tree = page(client, q=EVIL, categories=category)
        body = resp.data.decode()
        assert "<script>alert" not in body and "onerror=alert" not in body.replace("onerror=alert(1)&gt;", "")
        assert not tree.xpath("//script[contains(., 'alert')]") and not tree.xpath("//img[@onerror]")
        assert EVIL in tree.text_content(), f"{category}: the text is shown as text"


def test_json_carries_searxng_fields_and_the_client_contract(media_app: Any) -> None:
    from pathlib import Path

    import yaml

    from tests.apispec import check

    doc = yaml.safe_load((Path(__file__).parents[2] / "searx" / "webapp" / "openapi.yaml").read_text())
    client = media_app.test_client()
    for category in ("images", "news", "videos"):  # the documented schema, field types included
        check(doc, "/search", "get", client.get(f"/search?q=cats&categories={category}&format=json"))
    images = client.get("/search?q=cats&categories=images&format=json").get_json()["results"]
    assert images and all({"title", "url", "content"} <= set(r) for r in images)
    first = images[0]
    assert first["template"] == "images.html" and first["img_src"] == "https://img.example.org/full/0.png"
    assert first["thumbnail_src"] == "https://img.example.org/thumb/0.png" and first["resolution"] == "1600 x 1200"
    assert first["img_format"] == "PNG" and "source" in first
    news = client.get("/search?q=cats&categories=news&format=json").get_json()["results"]
    assert all(r["template"] == "default.html" and r["publishedDate"] and "source" in r for r in news)
    dates = [r["publishedDate"] for r in news]
    assert dates[:2] == sorted(dates[:2], reverse=True) or news[0]["score"] > news[1]["score"]
    videos = client.get("/search?q=cats&categories=videos&format=json").get_json()["results"]
    assert all(r["template"] == "videos.html" and r["length"] and r["thumbnail"] and "iframe_src" in r
               and "author" in r and {"title", "url", "content"} <= set(r) for r in videos)


def test_the_general_tab_keeps_the_default_policy(media_app: Any) -> None:
    resp, tree = page(media_app.test_client(), q="cats")
    assert "img-src 'self' data:;" in resp.headers["Content-Security-Policy"]
    assert tree.xpath('//nav[@class="tabs"]//a[@aria-current="page"]')[0].text == "General"
