"""The torrent engines (piratebay, bt4g, kickass, solidtorrents): what they ask, the torrents they
parse (size, seeders, leechers, date, magnet and .torrent links in SearXNG's fields), how they
report Cloudflare-style bot checks and changed pages, and each one unchanged against its real
URL through the whole app. The answers are reconstructed (tests/engines/fixtures/SOURCES.md)."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from engine_kit import args, build, fixture, make_engine, parse, typed

from searx.errors import EngineCaptcha, EngineParseError
from searx.results.types import TorrentResult
from tests.upstream_hosts import Reply, UpstreamHosts

JSON = "application/json; charset=utf-8"
RSS = "application/rss+xml; charset=utf-8"
CLOUDFLARE = "synthetic/cloudflare_just_a_moment.html"
TPB = "piratebay/q-php_ubuntu_reconstructed.json"
BT4G = "bt4g/search-rss_ubuntu_reconstructed.xml"
KAT = "kickass/usearch_ubuntu_reconstructed.html"
SOLID = "solidtorrents/search_ubuntu_reconstructed.html"
KAT_MIRRORS = ["https://kickasstorrents.to", "https://kickasstorrents.cr", "https://kickasstorrent.cr",
               "https://kickass.sx", "https://kat.am"]


def torrents(module: str, items: list[dict[str, Any]]) -> list[TorrentResult]:
    out = typed(module, items)
    assert all(isinstance(r, TorrentResult) and r.kind == "torrent.html" for r in out)
    return out  # type: ignore[return-value]


# --- requests ------------------------------------------------------------------------------


def test_piratebay_asks_apibay_with_the_tabs_category() -> None:
    p = build("piratebay", "ubuntu 24.04", category="files", pageno=1, safesearch=1, language="de")
    assert p["url"] == "https://apibay.org/q.php?q=ubuntu%2024.04&cat=0"
    assert args(build("piratebay", "x", category="music"))["cat"] == "100"
    assert args(build("piratebay", "x", category="videos"))["cat"] == "200"
    assert not make_engine("piratebay").paging


def test_bt4g_asks_the_rss_feed_with_its_order_category_and_page() -> None:
    p = build("bt4g", "ubuntu iso", pageno=2)
    assert p["url"].startswith("https://bt4gprx.com/search?")
    assert args(p) == {"q": "ubuntu iso", "orderby": "relevance", "category": "all", "p": "2", "page": "rss"}
    movies = args(build("bt4g", "x", settings={"bt4g_order_by": "seeders", "bt4g_category": "movie"}))
    assert (movies["orderby"], movies["category"]) == ("seeders", "movie")
    assert args(build("bt4g", "x", time_range="week"))["orderby"] == "time"  # BT4G cannot filter by date
    assert build("bt4g", "x", settings={"url": "https://bt4g.example.org/"})["url"].startswith(
        "https://bt4g.example.org/search?")


def test_kickass_asks_one_of_its_mirrors() -> None:
    p = build("kickass", "ubuntu 24/04", pageno=2)
    assert p["url"] == "https://kickasstorrents.to/usearch/ubuntu%2024%2F04/2/"
    hosts = {urlsplit(build("kickass", "x", settings={"base_url": KAT_MIRRORS})["url"]).hostname for _ in range(60)}
    assert hosts <= {urlsplit(m).hostname for m in KAT_MIRRORS} and len(hosts) > 1  # SearXNG's list, at random


def test_solidtorrents_asks_its_search_page() -> None:
    p = build("solidtorrents", "ubuntu desktop", pageno=3)
    assert p["url"] == "https://solidtorrents.to/search?q=ubuntu+desktop&page=3"
    mirrors = ["https://solidtorrents.to", "https://bitsearch.to"]
    assert urlsplit(build("solidtorrents", "x", settings={"base_url": mirrors})["url"]).hostname in (
        "solidtorrents.to", "bitsearch.to")


# --- parse ---------------------------------------------------------------------------------


def test_piratebay_torrents_with_magnet_links_sorted_by_seeders() -> None:
    items = parse("piratebay", fixture(TPB), content_type=JSON)
    assert [i["seed"] for i in items] == [1530, 412, 5]
    server = items[0]
    assert server["url"] == "https://thepiratebay.org/description.php?id=71234599"
    assert (server["leech"], server["files"], server["filesize"]) == (2, 3, "2.6 GB")
    magnet = urlsplit(server["magnetlink"])
    assert magnet.scheme == "magnet"
    query = parse_qs(magnet.query)
    assert query["xt"] == ["urn:btih:a1b2c3d4e5f60718293a4b5c6d7e8f9012345678"]
    assert query["dn"] == ["Ubuntu Server 24.04 & tools [x86_64]"] and len(query["tr"]) == 7
    out = torrents("piratebay", items)
    assert out[0].magnetlink == server["magnetlink"] and out[0].publishedDate == "2024-08-30T12:00:00+00:00"
    safe = parse("piratebay", fixture(TPB), content_type=JSON, safesearch=1)
    assert "ubuntu adult stuff" not in [i["title"] for i in safe]  # category 5xx
    proxied = parse("piratebay", fixture(TPB), content_type=JSON, settings={"url": "https://tpb.example.org"})
    assert proxied[0]["url"] == "https://tpb.example.org/description.php?id=71234599"


def test_bt4g_torrents_from_the_feed() -> None:
    first, second = parse("bt4g", fixture(BT4G), content_type=RSS)  # the entry without a magnet link is left out
    assert first["url"] == "https://bt4gprx.com/magnet/3b245504cf5f11bbdbe1201cea6a6bf45aee1bc0"
    assert first["title"] == "ubuntu-24.04.1-desktop-amd64.iso" and first["filesize"] == "5.78GB"
    assert first["magnetlink"] == ("magnet:?xt=urn:btih:3b245504cf5f11bbdbe1201cea6a6bf45aee1bc0"
                                   "&dn=ubuntu-24.04.1-desktop-amd64.iso")
    assert first["publishedDate"] == "2024-08-29T12:00:00+00:00"
    assert second["magnetlink"].endswith("&dn=Ubuntu%20Kurs%20f%C3%BCr%20Einsteiger%202025")  # kept as a magnet link
    out = torrents("bt4g", [first, second])
    assert out[1].magnetlink == second["magnetlink"] and out[0].seed is None  # the feed has no peer counts


def test_kickass_torrents_from_the_table() -> None:
    items = parse("kickass", fixture(KAT))
    assert [i["seed"] for i in items] == [2301, 1204, 0]
    server, desktop, book = items
    assert server["url"] == "https://kickasstorrents.to/ubuntu-server-24-04-t6012399.html"
    assert server["title"] == "Ubuntu Server 24.04 <LTS>" and server["magnetlink"] == ""
    assert (desktop["leech"], desktop["filesize"]) == (56, "5.8 GB")
    assert desktop["content"] == "Posted by canonical in Applications > UNIX"
    assert desktop["magnetlink"].startswith("magnet:?xt=urn:btih:3B245504CF5F11BBDBE1201CEA6A6BF45AEE1BC0&dn=Ubuntu%20")
    assert book["filesize"] == "48.3 MB"
    torrents("kickass", items)


def test_solidtorrents_torrents_with_both_links() -> None:
    desktop, book = parse("solidtorrents", fixture(SOLID))  # the anime listing is not a torrent
    assert desktop["url"] == "https://solidtorrents.to/torrent/66d0a1b2c3d4e5f607182930"
    assert (desktop["seed"], desktop["leech"], desktop["filesize"]) == (1412, 31, "5.78 GB")
    assert desktop["publishedDate"] == "2024-08-29" and desktop["metadata"] == "Software"
    assert desktop["torrentfile"] == "https://itorrents.org/torrent/3B245504CF5F11BBDBE1201CEA6A6BF45AEE1BC0.torrent"
    assert desktop["magnetlink"].startswith("magnet:?xt=urn:btih:3b245504cf5f11bbdbe1201cea6a6bf45aee1bc0&dn=Ubuntu%20")
    assert book["torrentfile"] == "https://solidtorrents.to/download/66d0a1b2c3d4e5f607182931.torrent"
    assert book["publishedDate"] is None and book["title"] == "Ubuntu Linux Bible & Guide (2025)"
    out = torrents("solidtorrents", [desktop, book])
    assert out[0].torrentfile.endswith(".torrent") and out[0].magnetlink.startswith("magnet:?")


def test_a_hostile_magnet_link_is_kept_only_as_a_magnet_link() -> None:
    item = {"template": "torrent.html", "url": "https://x.example.org/t/1", "title": "t",
            "magnetlink": "javascript:alert(1)", "torrentfile": "javascript:alert(2)"}
    (out,) = torrents("piratebay", [item])
    assert out.magnetlink == "" and out.torrentfile == ""


# --- bad cases -----------------------------------------------------------------------------


@pytest.mark.parametrize(("module", "body", "content_type"), [
    ("piratebay", fixture("piratebay/q-php_no-results_reconstructed.json"), JSON),
    ("bt4g", fixture("bt4g/search-rss_empty_reconstructed.xml"), RSS),
    ("kickass", fixture("kickass/usearch_nothing-found_reconstructed.html"), "text/html"),
    ("solidtorrents", fixture("solidtorrents/search_no-results_reconstructed.html"), "text/html"),
])
def test_an_empty_answer_is_no_results(module: str, body: bytes, content_type: str) -> None:
    assert parse(module, body, content_type=content_type) == []


@pytest.mark.parametrize("module", ["piratebay", "bt4g", "kickass", "solidtorrents"])
def test_a_cloudflare_check_is_a_captcha(module: str) -> None:
    with pytest.raises(EngineCaptcha, match="cloudflare"):
        parse(module, fixture(CLOUDFLARE), status=200)
    with pytest.raises(EngineCaptcha):  # its script alone, under another title
        parse(module, fixture(CLOUDFLARE).replace(b"Just a moment...", b"bt4g"))


@pytest.mark.parametrize(("module", "body"), [
    ("piratebay", b'{"error": "gone"}'),
    ("bt4g", b"<html><body><p>BT4G has a new design</p></body></html>"),
    ("kickass", b"<html><body><div id='main'><ul class='torrents'></ul></div></body></html>"),
    ("solidtorrents", b"<html><body><main><div class='results'></div></main></body></html>"),
])
def test_a_changed_page_is_a_parse_error_naming_the_engine(module: str, body: bytes) -> None:
    with pytest.raises(EngineParseError, match=module):
        parse(module, body, content_type=JSON if body.startswith(b"{") else "text/html")


# --- through the app -----------------------------------------------------------------------


ENTRIES = [
    {"name": "piratebay", "engine": "piratebay", "shortcut": "tpb", "categories": ["files"],
     "url": "https://thepiratebay.org/"},
    {"name": "bt4g", "engine": "bt4g", "shortcut": "bt4g", "categories": ["files"]},
    {"name": "kickass", "engine": "kickass", "shortcut": "kc", "categories": ["files"], "base_url": KAT_MIRRORS},
    {"name": "solidtorrents", "engine": "solidtorrents", "shortcut": "solid", "categories": ["files"],
     "base_url": ["https://solidtorrents.to", "https://bitsearch.to"]},
]


def test_the_files_tab_asks_every_torrent_engine_at_its_real_url(engine_client: Any, hosts: UpstreamHosts) -> None:
    hosts.route("apibay.org", "/q.php", fixture(TPB), content_type=JSON)
    hosts.route("bt4gprx.com", "/search", fixture(BT4G), content_type=RSS)
    for mirror in KAT_MIRRORS:
        hosts.route(urlsplit(mirror).hostname or "", "/usearch/", fixture(KAT))
    for mirror in ("solidtorrents.to", "bitsearch.to"):
        hosts.route(mirror, "/search", fixture(SOLID))
    body = engine_client(ENTRIES).get("/search?q=ubuntu&categories=files&format=json").get_json()
    assert body["unresponsive_engines"] == []
    by_engine = {e: [r for r in body["results"] if e in r["engines"]] for e in ("piratebay", "bt4g", "kickass",
                                                                               "solidtorrents")}
    assert all(by_engine.values()), {e: len(r) for e, r in by_engine.items()}
    assert all(r["template"] == "torrent.html" for r in body["results"])
    assert any(r["magnetlink"].startswith("magnet:?xt=urn:btih:") for r in by_engine["bt4g"])
    kat = next(s for s in hosts.seen if s.path.startswith("/usearch/"))
    solid = next(s for s in hosts.seen if s.path == "/search" and s.host != "bt4gprx.com")
    assert kat.path == "/usearch/ubuntu/1/" and solid.arg("q") == "ubuntu" and solid.arg("page") == "1"
    tpb = hosts.requests_to("apibay.org")[0]
    assert tpb.arg("q") == "ubuntu" and tpb.arg("cat") == "0"
    assert hosts.requests_to("bt4gprx.com")[0].arg("page") == "rss"
    # kickass links point at the mirror that answered
    assert {urlsplit(r["url"]).hostname for r in by_engine["kickass"]} == {kat.host}
    assert hosts.unrouted == []


@pytest.mark.parametrize("status", [200, 403])  # Cloudflare sends its check with 403 and cf-mitigated
def test_a_cloudflare_check_through_the_app_is_challenged(engine_client: Any, hosts: UpstreamHosts,
                                                          status: int) -> None:  # fmt: skip
    for mirror in ("solidtorrents.to", "bitsearch.to"):
        hosts.route(mirror, "/search", Reply(fixture(CLOUDFLARE), status=status,
                                             headers={"cf-mitigated": "challenge"} if status == 403 else {}))
    client = engine_client([ENTRIES[3]])
    body = client.get("/search?q=ubuntu&categories=files&format=json").get_json()
    assert [n for n, _ in body["unresponsive_engines"]] == ["solidtorrents"]
    assert client.get("/stats").get_json()["engines"]["solidtorrents"]["outcomes"]["challenged"] == 1
