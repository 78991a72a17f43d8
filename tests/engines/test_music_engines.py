"""Genius, Mixcloud, SoundCloud, Bandcamp and Radio Browser: what they ask, what they parse (music
results with their players' links), how they report bad answers, and each default entry unchanged
against its real URL through the whole app (the upstream-hosts double).

Radio Browser's answer is a real capture; the others are reconstructed from the APIs' and pages'
public shape (tests/engines/fixtures/SOURCES.md, "Videos, news and music")."""

from __future__ import annotations

from typing import Any

import pytest
from engine_kit import args, build, fake_response, fixture, make_engine, make_params, parse, typed

from searx import settings as settings_mod
from searx.errors import EngineAccessDenied, EngineCaptcha, EngineParseError, SettingsError
from searx.search.tokens import TokenCache
from searx.upstream.challenge import page_error
from tests.upstream_hosts import Reply, UpstreamHosts

JSON = "application/json; charset=utf-8"
DEFAULTS = {e["name"]: e for e in settings_mod.load(settings_mod.DEFAULT_PATH).engines}
RADIO = "radio_browser/json-stations-search_limit10_2025-06_extracted-from-cassette.json"
SC_HOME = "soundcloud/home_hydration_reconstructed.html"
SC_SEARCH = "soundcloud/api-v2-search_lofi_reconstructed.json"
CLIENT_ID = "nYq3Zc8hTk2LwP7vXs4RmB6dJf9Ga1Ue"


def test_music_entries_are_searxngs() -> None:
    expected = {"genius": ("genius", "gen"), "mixcloud": ("mixcloud", "mc"), "soundcloud": ("soundcloud", "sc"),
                "bandcamp": ("bandcamp", "bc"), "radio browser": ("radio_browser", "rb")}
    for name, (module, shortcut) in expected.items():
        entry = DEFAULTS[name]
        assert (entry["engine"], entry["shortcut"], entry.get("disabled", False)) == (module, shortcut, False)
        assert "music" in entry["categories"]


# --- genius --------------------------------------------------------------------------------


def test_genius_request() -> None:
    p = build("genius", "shake it off", pageno=2)
    assert p["url"] == "https://genius.com/api/search/multi?q=shake+it+off&page=2&per_page=5"
    assert args(build("genius", settings={"page_size": 10}))["per_page"] == "10"


def test_genius_parse() -> None:
    items = parse("genius", fixture("genius/api-search-multi_shake-it-off_reconstructed.json"), content_type=JSON)
    results = typed("genius", items)
    assert all(r.kind == "music" for r in results)
    assert [r.url for r in results] == [
        "https://genius.com/Taylor-swift-shake-it-off-lyrics", "https://genius.com/Taylor-swift-shake-it-off-lyrics",
        "https://genius.com/Taylor-swift-anti-hero-lyrics", "https://genius.com/Taylor-swift-shake-it-off-lyrics",
        "https://genius.com/artists/Taylor-swift", "https://genius.com/albums/Taylor-swift/1989"]  # no articles
    song, _, anti_hero, lyric, artist, album = results
    assert (song.title, song.author) == ("Shake It Off by Taylor Swift", "Taylor Swift")
    assert song.iframe_src == "https://genius.com/songs/542389/apple_music_player"
    assert song.thumbnail.endswith(".300x300x1.png") and song.publishedDate.startswith("2024-07-30")
    assert anti_hero.publishedDate is None, "no lyrics date: none shown"
    assert lyric.content == "'Cause the players gonna play, play, play, play, play"
    assert artist.title == "Taylor Swift" and artist.iframe_src == "" and artist.thumbnail.endswith(".1000x1000x1.jpg")
    assert album.content == "2014 / 1989 (artist: Taylor Swift)" and album.title == "1989 by Taylor Swift"


def test_genius_bad_cases() -> None:
    assert parse("genius", fixture("genius/api-search-multi_no-results_reconstructed.json"), content_type=JSON) == []
    with pytest.raises(EngineParseError, match="genius"):
        parse("genius", b'{"meta": {"status": 200}, "response": {}}', content_type=JSON)
    with pytest.raises(EngineCaptcha):  # Cloudflare's check instead of the JSON: what the runner makes of it
        call_or_parse("genius", fixture("synthetic/cloudflare_just_a_moment.html"))


def call_or_parse(module: str, body: bytes, **settings: Any) -> list:
    """The parse as the runner classifies it: a parse error on a bot-check page is that bot check."""
    engine = make_engine(module, **settings)
    resp = fake_response(engine, body)
    try:
        return engine.response(resp)
    except EngineParseError as exc:
        raise page_error(resp) or exc from exc


def test_genius_through_the_app(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("genius.com", "/api/search/multi", Reply(
        fixture("genius/api-search-multi_shake-it-off_reconstructed.json"), content_type=JSON))
    body = engine_client([DEFAULTS["genius"]]).get("/search?q=shake+it+off&format=json&categories=music").get_json()
    urls = [r["url"] for r in body["results"]]
    assert urls[0] == "https://genius.com/Taylor-swift-shake-it-off-lyrics" and len(urls) == len(set(urls)) == 4
    (seen,) = hosts.seen
    assert seen.arg("q") == "shake it off" and seen.arg("per_page") == "5" and hosts.unrouted == []


# --- mixcloud ------------------------------------------------------------------------------


def test_mixcloud_request() -> None:
    p = build("mixcloud", "lofi beats", pageno=3)
    assert p["url"] == "https://api.mixcloud.com/search/?q=lofi+beats&type=cloudcast&limit=10&offset=20"


def test_mixcloud_parse() -> None:
    results = typed("mixcloud", parse("mixcloud", fixture("mixcloud/search_lofi_reconstructed.json"), content_type=JSON))
    first, second = results
    assert first.url == "https://www.mixcloud.com/chillhopmusic/lofi-hip-hop-study-session-vol-3/"
    assert (first.title, first.author, first.length, first.views) == (
        "Lofi Hip Hop Study Session Vol. 3", "Chillhop Music", "1:02:04", "18231")
    assert first.content == "Lofi, Hip Hop, Chillout" and first.publishedDate == "2025-09-14T18:02:11Z"
    assert first.iframe_src == ("https://www.mixcloud.com/widget/iframe/?feed=https%3A%2F%2Fwww.mixcloud.com"
                                "%2Fchillhopmusic%2Flofi-hip-hop-study-session-vol-3%2F")
    assert first.thumbnail == "https://thumbnailer.mixcloud.com/unsafe/100x100/extaudio/a/1/2/3/4b5c-6d7e-8f90-a1b2c3d4e5f6.jpg"
    assert second.author == "Night & Day Radio" and second.views == "" and second.content == ""


def test_mixcloud_bad_cases() -> None:
    assert parse("mixcloud", fixture("mixcloud/search_no-results_reconstructed.json"), content_type=JSON) == []
    with pytest.raises(EngineParseError, match="rate limited"):
        parse("mixcloud", fixture("mixcloud/error_rate-limit_reconstructed.json"), content_type=JSON)
    with pytest.raises(EngineParseError, match="not JSON"):
        parse("mixcloud", b"<html>changed</html>")


def test_mixcloud_through_the_app(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("api.mixcloud.com", "/search/", Reply(fixture("mixcloud/search_lofi_reconstructed.json"),
                                                      content_type=JSON))
    client = engine_client([DEFAULTS["mixcloud"]])
    body = client.get("/search?q=lofi&format=json&categories=music&pageno=2").get_json()
    assert body["results"][0]["author"] == "Chillhop Music" and body["results"][0]["length"] == "1:02:04"
    (seen,) = hosts.seen
    assert seen.arg("offset") == "10" and seen.arg("type") == "cloudcast" and hosts.unrouted == []
    hosts.clear()
    hosts.route("api.mixcloud.com", "/", Reply(fixture("mixcloud/error_rate-limit_reconstructed.json"), status=403,
                                               content_type=JSON))
    client.get("/search?q=house&format=json&categories=music")
    assert client.get("/stats").get_json()["engines"]["mixcloud"]["outcomes"]["blocked"] == 1


# --- soundcloud ----------------------------------------------------------------------------


def test_soundcloud_reads_its_client_id_from_the_home_page() -> None:
    engine = make_engine("soundcloud")
    params = make_params(engine)
    assert engine.token_scope("lofi", params) == "" and engine.token_required(params)
    engine.token_request("lofi", params)
    assert params["url"] == "https://soundcloud.com/"
    assert engine.token_response(fake_response(engine, fixture(SC_HOME), token="x")) == CLIENT_ID
    with pytest.raises(EngineParseError, match="no apiClient"):
        engine.token_response(fake_response(engine, fixture("soundcloud/home_no-api-client_reconstructed.html"),
                                            token="x"))
    with pytest.raises(EngineParseError, match="no hydration"):
        engine.token_response(fake_response(engine, b"<html><body><p>changed</p></body></html>", token="x"))
    with pytest.raises(EngineCaptcha):
        engine.token_response(fake_response(engine, fixture("synthetic/cloudflare_just_a_moment.html"), token="x"))


def test_soundcloud_request() -> None:
    assert build("soundcloud", "lofi")["url"] is None, "no client_id, no request"
    p = build("soundcloud", "lofi", token=CLIENT_ID, pageno=2, language="pt-BR")
    assert p["url"].startswith("https://api-v2.soundcloud.com/search?")
    a = args(p)
    assert (a["q"], a["offset"], a["limit"], a["facet"], a["client_id"], a["app_locale"]) == (
        "lofi", "10", "10", "model", CLIENT_ID, "pt_BR")
    assert args(build("soundcloud", "x", token="t", language="ja"))["app_locale"] == "en"
    assert p["raise_for_httperror"] is False


def test_soundcloud_parse() -> None:
    items = parse("soundcloud", fixture(SC_SEARCH), content_type=JSON, token=CLIENT_ID)
    track, playlist = typed("soundcloud", items)  # the user is no result
    assert (track.url, track.title, track.author, track.length, track.views) == (
        "https://soundcloud.com/chillhopdotcom/rainy-window", "Rainy Window", "Chillhop Music", "3:07", "1284410")
    assert track.content == "Beats to study & relax to / Chillhop Records" and track.kind == "music"
    assert track.iframe_src == "https://w.soundcloud.com/player/?url=https%3A%2F%2Fapi.soundcloud.com%2Ftracks%2F1765432101"
    assert track.thumbnail == "https://i1.sndcdn.com/artworks-kX8yZ2wQ1pLm-0-large.jpg"
    assert playlist.author == "dj-mara" and playlist.length == "42:00" and playlist.views == ""
    assert playlist.thumbnail.startswith("https://i1.sndcdn.com/avatars-"), "no artwork: the uploader's picture"


def test_soundcloud_bad_cases() -> None:
    assert parse("soundcloud", fixture("soundcloud/api-v2-search_no-results_reconstructed.json"), content_type=JSON,
                 token="t") == []
    with pytest.raises(EngineAccessDenied, match="client_id"):
        parse("soundcloud", b'{"error": null}', content_type=JSON, status=401, token="t")
    with pytest.raises(EngineParseError, match="no collection"):
        parse("soundcloud", b'{"items": []}', content_type=JSON, token="t")


def test_soundcloud_through_the_app_fetches_the_client_id_once(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("soundcloud.com", "/", fixture(SC_HOME))
    hosts.route("api-v2.soundcloud.com", "/search", Reply(fixture(SC_SEARCH), content_type=JSON))
    client = engine_client([DEFAULTS["soundcloud"]])
    for query in ("lofi", "rain"):
        body = client.get(f"/search?q={query}&format=json&categories=music").get_json()
        assert body["results"][0]["url"] == "https://soundcloud.com/chillhopdotcom/rainy-window"
    home, first, second = hosts.seen
    assert home.url == "https://soundcloud.com/" and first.arg("client_id") == second.arg("client_id") == CLIENT_ID
    assert (first.arg("q"), second.arg("q")) == ("lofi", "rain")
    tokens = TokenCache(client.application.extensions["searx"].store)
    assert tokens.get("soundcloud", "") == CLIENT_ID
    # a refused client_id is dropped (the next search after the cooldown reads a fresh one)
    hosts.clear()
    hosts.route("api-v2.soundcloud.com", "/search", Reply(b'{"error": "unauthorized"}', status=401, content_type=JSON))
    body = client.get("/search?q=jazz&format=json&categories=music").get_json()
    assert [n for n, _ in body["unresponsive_engines"]] == ["soundcloud"]
    assert [s.host for s in hosts.seen] == ["api-v2.soundcloud.com"]
    assert tokens.get("soundcloud", "") is None
    assert client.get("/stats").get_json()["engines"]["soundcloud"]["outcomes"]["blocked"] == 1
    assert hosts.unrouted == []


# --- bandcamp ------------------------------------------------------------------------------


def test_bandcamp_request() -> None:
    assert build("bandcamp", "lofi beats", pageno=2)["url"] == "https://bandcamp.com/search?q=lofi+beats&page=2"


def test_bandcamp_parse() -> None:
    results = typed("bandcamp", parse("bandcamp", fixture("bandcamp/search_lofi_reconstructed.html")))
    album, track, artist = results
    assert (album.url, album.title, album.author) == ("https://nujabes.bandcamp.com/album/modal-soul", "Modal Soul",
                                                      "Nujabes")
    assert album.publishedDate == "2005-11-11" and album.metadata == "14 tracks, 71 minutes"
    assert album.iframe_src == ("https://bandcamp.com/EmbeddedPlayer/album=1536541962/size=large/bgcol=000/"
                                "linkcol=fff/artwork=small")
    assert album.thumbnail == "https://f4.bcbits.com/img/a2870515236_7.jpg" and album.content == "by Nujabes"
    assert track.author == "Lofi Girl" and track.content == "from Winter Lofi by Lofi Girl"
    assert track.iframe_src.startswith("https://bandcamp.com/EmbeddedPlayer/track=3129817454/")
    assert artist.url == "https://lofigirl.bandcamp.com" and artist.iframe_src == "" and artist.author == ""


def test_bandcamp_bad_cases() -> None:
    assert parse("bandcamp", fixture("bandcamp/search_no-results_reconstructed.html")) == []
    with pytest.raises(EngineCaptcha):
        parse("bandcamp", fixture("synthetic/cloudflare_just_a_moment.html"))
    with pytest.raises(EngineParseError, match="bandcamp"):
        parse("bandcamp", b"<html><body><div class='new-search'>changed</div></body></html>")


def test_bandcamp_through_the_app(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("bandcamp.com", "/search", fixture("bandcamp/search_lofi_reconstructed.html"))
    body = engine_client([DEFAULTS["bandcamp"]]).get("/search?q=lofi&format=json&categories=music").get_json()
    assert [r["title"] for r in body["results"]] == ["Modal Soul", "Snowman", "Lofi Girl"]
    (seen,) = hosts.seen
    assert seen.url == "https://bandcamp.com/search?q=lofi&page=1" and hosts.unrouted == []


# --- radio_browser -------------------------------------------------------------------------


def test_radio_browser_request() -> None:
    p = build("radio_browser", "jazz", pageno=2, language="de-AT")
    assert p["url"].startswith("https://de1.api.radio-browser.info/json/stations/search?")
    a = args(p)
    assert (a["name"], a["order"], a["offset"], a["limit"], a["hidebroken"], a["reverse"]) == (
        "jazz", "votes", "10", "10", "true", "true")
    assert "language" not in a and "countrycode" not in a, "no filters unless station_filters names them"
    filtered = args(build("radio_browser", "jazz", settings={"station_filters": ["language", "countrycode"]},
                          language="de-AT"))
    assert filtered["language"] == "german" and filtered["countrycode"] == "AT"
    servers = ["https://at1.api.radio-browser.info", "https://nl1.api.radio-browser.info/"]
    many = {build("radio_browser", "x", settings={"base_url": servers})["url"].split("/json/")[0] for _ in range(40)}
    assert many <= {s.rstrip("/") for s in servers} and many
    with pytest.raises(SettingsError, match="station_filters"):
        make_engine("radio_browser", station_filters=["genre"])
    with pytest.raises(SettingsError, match="base_url"):
        make_engine("radio_browser", base_url=["javascript:alert(1)"])


def test_radio_browser_parses_the_real_answer() -> None:
    items = parse("radio_browser", fixture(RADIO), content_type=JSON)
    results = typed("radio_browser", items)
    assert len(results) == 10 and all(r.kind == "music" for r in results)
    arrow = results[0]
    assert (arrow.url, arrow.title) == ("https://www.arrow.nl/", "Arrow Classic Rock"), "the name's tab is trimmed"
    assert arrow.audio_src == "http://stream.gal.io/arrow" and arrow.iframe_src == "", "a stream is a link, not a frame"
    assert arrow.metadata == "MP3 · 192 kbit/s" and arrow.content == "The Netherlands"
    assert arrow.thumbnail == "https://www.arrow.nl/wp-content/uploads/2020/08/logo.png"
    assert all(r.audio_src for r in results)


def test_radio_browser_bad_cases() -> None:
    empty = fixture("radio_browser/json-stations-search_no-results_reconstructed.json")
    assert parse("radio_browser", empty, content_type=JSON) == []
    with pytest.raises(EngineParseError, match="not a list"):
        parse("radio_browser", b'{"error": "x"}', content_type=JSON)
    with pytest.raises(EngineParseError, match="not JSON"):
        parse("radio_browser", b"<html>maintenance</html>")


def test_radio_browser_through_the_app(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("de1.api.radio-browser.info", "/json/stations/search", Reply(fixture(RADIO), content_type=JSON))
    body = engine_client([DEFAULTS["radio browser"]]).get("/search?q=rock&format=json&categories=music").get_json()
    assert body["results"][0]["title"] == "Arrow Classic Rock"
    assert body["results"][0]["audio_src"] == "http://stream.gal.io/arrow"
    (seen,) = hosts.seen
    assert seen.arg("name") == "rock" and seen.arg("limit") == "10" and hosts.unrouted == []
