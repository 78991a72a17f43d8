"""The files and social media tabs through the app: real engines (piratebay, lemmy, mastodon)
asking the fake engine over HTTP, their layouts (every field untrusted, the magnet link only
in its own anchor), file.html results, the JSON fields and the pages' content security policy."""

from __future__ import annotations

from typing import Any

import lxml.html
import pytest
from flask import render_template_string

from searx.results.types import from_engine_item
from tests.conftest import json_engine_entry, make_settings
from tests.webapp.test_media_pages import page

EVIL = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def engines_at(base: str, site: str = "") -> list[dict[str, Any]]:
    """A web engine, piratebay, lemmy posts and mastodon users asking the fake engine at ``base``
    (``site="local"``: its sites serve their pictures themselves, each after a delay)."""
    return [
        json_engine_entry(base, "web"),
        {"name": "piratebay", "engine": "piratebay", "shortcut": "tpb", "categories": ["files"], "enable_http": True,
         "search_url": f"{base}/apibay/q.php?q={{search_term}}&cat={{search_type}}"},
        {"name": "lemmy posts", "engine": "lemmy", "lemmy_type": "Posts", "shortcut": "lepo",
         "categories": ["social media"], "base_url": f"{base}/lemmy{site}", "enable_http": True},
        {"name": "mastodon users", "engine": "mastodon", "mastodon_type": "accounts", "shortcut": "mau",
         "categories": ["social media"], "base_url": f"{base}/mastodon{site}", "enable_http": True},
    ]


@pytest.fixture
def app(app_factory: Any, fake_engine: Any) -> Any:
    return app_factory(make_settings(engines_at(fake_engine.url), search={"formats": ["html", "json"], "cache_ttl": 0}))


def test_the_files_and_social_media_tabs_show(app: Any) -> None:
    _, tree = page(app.test_client(), q="ubuntu", categories="files")
    links = tree.xpath('//nav[@class="tabs"]//a')
    assert [a.text for a in links] == ["General", "Files", "Social media"]
    assert [a.get("aria-current") for a in links] == [None, "page", None]


def test_torrents_show_size_seeders_leechers_date_and_their_links(app: Any) -> None:
    resp, tree = page(app.test_client(), q="ubuntu", categories="files")
    torrents = tree.xpath('//article[contains(@class, "torrent")]')
    assert len(torrents) == 6
    first = torrents[0]
    facts = {dt.text: dt.getnext().text_content() for dt in first.xpath('.//dl[@class="file-facts"]//dt')}
    assert facts["Size"] == "1.4 GB" and facts["Seeders"] == "100" and facts["Leechers"] == "0"
    assert facts["Files"] == "1" and facts["Date"] == "2026-11-29"
    magnet = first.xpath('.//a[@class="magnet-link"]')[0]
    assert magnet.get("href").startswith("magnet:?xt=urn:btih:" + "0" * 40 + "&dn=ubuntu%20torrent%200&tr=udp")
    assert magnet.get("rel") == "nofollow noreferrer" and magnet.get("target") is None
    assert first.xpath('.//h3/a')[0].get("href") == "https://thepiratebay.org/description.php?id=7000"
    # the magnet scheme appears in those anchors only, and the policy needs no word of it
    magnets = [e for e in tree.iter() for v in e.values() if v.startswith("magnet:")]
    assert magnets and all(e.tag == "a" and e.get("class") == "magnet-link" for e in magnets)
    assert "magnet" not in resp.headers["Content-Security-Policy"]


def test_social_posts_show_text_author_community_date_and_counts(app: Any) -> None:
    resp, tree = page(app.test_client(), q="rust", categories="social media", engines="lemmy posts")
    posts = tree.xpath('//article[contains(@class, "social")]')
    assert len(posts) == 6
    first = posts[0]
    assert first.xpath('.//p[contains(@class, "post-text")]')[0].text == "About rust, part 0."  # Markdown as text
    assert first.xpath('.//span[@class="post-author"]/bdi')[0].text == "User 0"
    assert first.xpath('.//span[@class="post-community"]/bdi')[0].text == "rust community"
    assert first.xpath(".//time")[0].get("datetime").startswith("2026-11-29")
    counts = [li.text_content() for li in posts[2].xpath('.//ul[@class="post-counts"]/li')]
    assert counts == ["▲ 52 up ▼ 2 down", "8 comments"]
    box = first.xpath('.//a[@class="social-thumb"]/span[@class="thumb-box"]/img')[0]
    assert box.get("src") == "https://img.example.org/post/0.png?format=webp&thumbnail=208"
    assert not posts[1].xpath('.//a[@class="social-thumb"]'), "a post without a picture has no empty box"
    assert "img-src 'self' data: https://img.example.org;" in resp.headers["Content-Security-Policy"]


def test_social_counts_speak_the_readers_language(app: Any) -> None:
    client = app.test_client()
    client.set_cookie("locale", "de")
    _, tree = page(client, q="rust", categories="social media", engines="mastodon users")
    counts = [li.text_content() for li in tree.xpath('(//article[contains(@class, "social")])[2]//ul/li')]
    assert counts == ["10 Follower", "3 Beiträge"], counts


def test_pictures_go_through_the_image_proxy_when_it_is_on(app: Any) -> None:
    client = app.test_client()
    client.set_cookie("image_proxy", "1")
    resp, tree = page(client, q="rust", categories="social media")
    srcs = [img.get("src") for img in tree.xpath('//a[@class="social-thumb"]//img')]
    assert srcs and all(s.startswith("/image_proxy?") for s in srcs)
    assert "img.example.org" not in resp.headers["Content-Security-Policy"]


@pytest.mark.parametrize("category", ["files", "social media"])
def test_every_field_is_escaped(app: Any, category: str) -> None:
    resp, tree = page(app.test_client(), q=EVIL, categories=category)
    body = resp.data.decode()
    assert "<script>alert" not in body and not tree.xpath("//img[@onerror]")
    assert EVIL in tree.text_content(), "the title is shown as text"


def test_json_carries_searxngs_torrent_and_social_fields(app: Any) -> None:
    client = app.test_client()
    torrent = client.get("/search?q=ubuntu&categories=files&format=json").get_json()["results"][0]
    assert torrent["template"] == "torrent.html" and torrent["seed"] == 100 and torrent["leech"] == 0
    assert torrent["magnetlink"].startswith("magnet:?xt=urn:btih:") and torrent["filesize"] == "1.4 GB"
    post = client.get("/search?q=rust&categories=social+media&engines=lemmy+posts&format=json").get_json()["results"][0]
    assert post["metadata"] == "\u25b2 50 \u25bc 0 | user: User 0 | comments: 0 | community: rust community"
    assert post["author"] == "User 0" and post["category"] == "social media"


def test_file_results_show_name_size_type_and_a_download_link(app: Any) -> None:
    item = {"template": "file.html", "url": "https://commons.wikimedia.org/wiki/File:Report.pdf", "title": "Report",
            "filename": "Report <2026>.pdf", "size": "1.2 MB", "mimetype": "application/pdf",
            "embedded": "https://upload.wikimedia.org/wikipedia/commons/a/ab/Report.pdf",
            "thumbnail": "https://upload.wikimedia.org/thumb/Report.pdf.jpg", "publishedDate": "2026-01-02T03:04:05"}
    hostile = {**item, "url": "https://commons.wikimedia.org/wiki/File:X", "embedded": "javascript:alert(1)",
               "thumbnail": "data:image/png;base64,AAAA"}
    results = [from_engine_item(i, "wikicommons", "files") for i in (item, hostile)]
    with app.test_request_context("/search?q=report&categories=files"):
        from searx.webapp.media import media_context

        html = render_template_string(
            '{% from "_files.html" import file_item with context %}'
            "<ol>{% for r in results %}{{ file_item(r, loop.index) }}{% endfor %}</ol>",
            results=results, **media_context(results, ()))
    tree = lxml.html.fromstring(html)
    first, second = tree.xpath('//article[contains(@class, "file")]')
    facts = {dt.text: dt.getnext().text_content() for dt in first.xpath('.//dt')}
    assert facts == {"File name": "Report <2026>.pdf", "Size": "1.2 MB", "Type": "application/pdf",
                     "Date": "2026-01-02"}
    assert first.xpath('.//a[@class="file-download"]')[0].get("href").endswith("/Report.pdf")
    assert first.xpath('.//a[@class="file-thumb"]//img')[0].get("loading") == "lazy"
    assert not second.xpath('.//a[@class="file-download"]') and not second.xpath(".//img"), "only http(s) links"
