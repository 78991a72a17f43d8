"""The music tab through the app: real music engines (mixcloud, radio_browser) asking the fake engine
over HTTP; the music layout (track, artist, length, plays, cover), the player offered only for
``ui.audio_embed_hosts`` and never loaded with the page, radio streams as links, every field
escaped, the pictures through ``image_url()``, and the page's content security policy."""

from __future__ import annotations

from typing import Any

import lxml.html
import pytest

from tests.conftest import json_engine_entry, make_settings

EVIL = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def music_engines(base: str) -> list[dict[str, Any]]:
    return [
        json_engine_entry(base, "web"),
        {"name": "mixcloud", "engine": "mixcloud", "base_url": f"{base}/mixcloud", "enable_http": True,
         "shortcut": "mc", "categories": ["music"]},
        {"name": "radio browser", "engine": "radio_browser", "base_url": f"{base}/radiobrowser", "enable_http": True,
         "shortcut": "rb", "categories": ["music", "radio"]},
    ]


@pytest.fixture
def music_app(app_factory: Any, fake_engine: Any) -> Any:
    return app_factory(make_settings(music_engines(fake_engine.url), search={"formats": ["html", "json"],
                                                                              "cache_ttl": 0}))


def page(client: Any, **params: str) -> tuple[Any, Any]:
    resp = client.get("/search", query_string=params)
    assert resp.status_code == 200, resp.data[:500]
    return resp, lxml.html.fromstring(resp.data)


def test_the_music_tab_shows_with_its_engines(music_app: Any) -> None:
    _, tree = page(music_app.test_client(), q="lofi", categories="music")
    links = tree.xpath('//nav[@class="tabs"]//a')
    assert [a.text for a in links] == ["General", "Music"] and links[1].get("aria-current") == "page"


def test_a_track_shows_its_artist_length_plays_and_cover(music_app: Any) -> None:
    _, tree = page(music_app.test_client(), q="lofi", categories="music", language="en")
    items = tree.xpath('//article[@class="result music"]')
    assert len(items) == 12
    show = next(i for i in items if i.xpath('.//h3/a[text()="lofi mix 1"]'))
    assert show.xpath('.//h3/a')[0].get("href") == "https://www.mixcloud.com/dj1/mixcloud-1/"
    facts = show.xpath('.//p[@class="track-facts"]')[0]
    assert facts.xpath('.//span[@class="artist"]/bdi')[0].text == "lofi DJ 1"
    assert facts.xpath('.//span[@class="length"]/bdi')[0].text == "10:42"
    assert facts.xpath('.//span[@class="plays"]')[0].text == "1,000 plays"
    assert facts.xpath(".//time")[0].get("datetime") == "2026-11-11T20:00:00Z"
    assert [s.text for s in facts.xpath('.//span[@class="visually-hidden"]')] == ["Artist: ", "Length: "]
    cover = show.xpath('.//a[@class="music-thumb"]/span[@class="thumb-box"]/img')[0]
    assert cover.get("src") == "https://img.example.org/music/1.png" and cover.get("loading") == "lazy"
    assert cover.get("referrerpolicy") == "no-referrer"
    none_played = next(i for i in items if i.xpath('.//h3/a[text()="lofi mix 0"]'))
    assert not none_played.xpath('.//span[@class="plays"]'), "no play count: none shown"


def test_players_only_on_click_from_allowed_hosts_and_streams_as_links(music_app: Any) -> None:
    resp, tree = page(music_app.test_client(), q="lofi", categories="music")
    assert not tree.xpath("//iframe") and not tree.xpath("//audio"), "nothing third-party loads with the page"
    buttons = tree.xpath('//button[@class="audio-play"]')
    assert len(buttons) == 6 and all(b.get("hidden") is not None for b in buttons), "shown only by the script"
    assert all(b.get("data-embed").startswith("https://www.mixcloud.com/widget/iframe/?feed=https%3A%2F%2F")
               for b in buttons)
    streams = tree.xpath('//a[@class="audio-stream"]')
    assert [a.get("href") for a in streams][:2] == ["https://stream.example.net/radiobrowser/0.mp3",
                                                    "https://stream.example.net/radiobrowser/1.mp3"]
    station = streams[0].xpath("ancestor::article")[0]
    assert not station.xpath(".//button"), "a stream on any host is never embedded"
    assert station.xpath('.//p[@class="meta" and @dir="auto"]')[0].text == "MP3 · 128 kbit/s"
    csp = resp.headers["Content-Security-Policy"]
    assert "frame-src https://www.mixcloud.com;" in csp and "stream.example.net" not in csp
    assert "img-src 'self' data: https://img.example.org;" in csp


def test_no_allowed_hosts_means_links_only(app_factory: Any, fake_engine: Any) -> None:
    app = app_factory(make_settings(music_engines(fake_engine.url), ui={"audio_embed_hosts": []}))
    resp, tree = page(app.test_client(), q="lofi", categories="music")
    assert not tree.xpath("//button[@class='audio-play']") and tree.xpath('//article[@class="result music"]')
    assert "frame-src 'none'" in resp.headers["Content-Security-Policy"]


def test_a_music_player_host_is_not_a_video_player_host(app_factory: Any, fake_engine: Any) -> None:
    """Each kind has its own list: the videos' hosts do not let a music player in, nor the other way."""
    app = app_factory(make_settings(music_engines(fake_engine.url),
                                    ui={"audio_embed_hosts": ["w.soundcloud.com"],
                                        "video_embed_hosts": ["www.mixcloud.com"]}))
    resp, tree = page(app.test_client(), q="lofi", categories="music")
    assert not tree.xpath("//button[@class='audio-play']")
    assert "frame-src 'none'" in resp.headers["Content-Security-Policy"]


def test_covers_go_through_the_image_proxy(music_app: Any) -> None:
    client = music_app.test_client()
    client.set_cookie("image_proxy", "1")
    resp, tree = page(client, q="lofi", categories="music")
    covers = tree.xpath('//a[@class="music-thumb"]//img/@src')
    assert covers and all(src.startswith("/image_proxy?url=https://img.example.org/") for src in covers)
    assert "img-src 'self' data:;" in resp.headers["Content-Security-Policy"], "no picture host named"


def test_every_music_field_is_escaped(music_app: Any) -> None:
    resp, tree = page(music_app.test_client(), q=EVIL, categories="music")
    body = resp.data.decode()
    assert "<script>alert" not in body and not tree.xpath("//img[@onerror]")
    assert not tree.xpath("//script[contains(., 'alert')]")
    titles = [a.text_content() for a in tree.xpath('//article[@class="result music"]//h3/a')]
    assert f"{EVIL} mix 0" in titles and f"{EVIL} radio 0" in titles, "the text is shown as text"
    assert f"{EVIL} DJ 0" in tree.text_content()


def test_music_json_carries_searxngs_fields(music_app: Any) -> None:
    results = music_app.test_client().get("/search?q=lofi&categories=music&format=json").get_json()["results"]
    mix = next(r for r in results if r["engine"] == "mixcloud")
    assert mix["author"] == "lofi DJ 0" and mix["length"] == "0:42" and "views" not in mix, "present when known"
    assert mix["iframe_src"].startswith("https://www.mixcloud.com/widget/iframe/?feed=")
    radio = next(r for r in results if r["engine"] == "radio browser")
    assert radio["audio_src"] == "https://stream.example.net/radiobrowser/0.mp3" and "iframe_src" not in radio


def test_the_music_layout_speaks_the_interface_language(music_app: Any) -> None:
    client = music_app.test_client()
    client.set_cookie("locale", "de")
    _, tree = page(client, q="lofi", categories="music")
    assert "2.000 Wiedergaben" in [s.text for s in tree.xpath('//span[@class="plays"]')]
    assert tree.xpath('//span[@class="artist"]/span[@class="visually-hidden"]')[0].text == "Künstler: "
    assert tree.xpath('//a[@class="audio-stream"]')[0].text == "Stream anhören"
    assert tree.xpath('//button[@class="audio-play"]')[0].text == "Hier abspielen"
