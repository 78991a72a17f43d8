"""Result types: only http(s) links survive, whatever the engine wrote."""

from __future__ import annotations

from urllib.parse import urlsplit

import msgspec
import pytest

from searx.results.types import Answer, Infobox, MainResult, from_engine_item, safe_url
from utils.fakes.engine import HOSTILE_URLS


@pytest.mark.parametrize("url", [*HOSTILE_URLS, "JAVASCRIPT:alert(1)", "\x00javascript:x", "javascript://x.org/%0aalert(1)",
                                 "data:,x", "magnet:?xt=urn:btih:x", "http://", "https://a:99999/", "http://[::1",
                                 "ftp://example.org/f"])
def test_unsafe_urls_are_refused(url):
    assert safe_url(url) == ""
    assert from_engine_item({"url": url, "title": "t"}, "e", "general") is None


@pytest.mark.parametrize(("url", "kept"), [
    ("https://example.org/a", "https://example.org/a"),
    ("HTTP://Example.org", "HTTP://Example.org"),
    ("  https://example.org/a b  ", "https://example.org/a%20b"),
    ("//cdn.example.org/i.png", "https://cdn.example.org/i.png"),
    ("https://例え.jp/パス", "https://例え.jp/パス"),
])
def test_http_urls_are_kept(url, kept):
    assert safe_url(url) == kept


def test_every_url_field_is_checked():
    result = from_engine_item({"url": "https://a.org", "title": "t", "thumbnail": "javascript:x",
                               "img_src": "data:image/png;base64,AA"}, "e", "general")
    assert isinstance(result, MainResult) and result.thumbnail == "" and result.img_src == ""
    answer = from_engine_item({"answer": "42", "url": "vbscript:x"}, "e", "general")
    assert isinstance(answer, Answer) and answer.url == ""
    box = from_engine_item({"infobox": "X", "img_src": "javascript:x", "urls": [
        {"title": "bad", "url": "javascript:x"}, {"title": "good", "url": "https://x.org"}, "not a dict"]}, "e", "g")
    assert isinstance(box, Infobox) and box.img_src == ""
    assert box.urls == [{"title": "good", "url": "https://x.org"}]


def test_the_types_refuse_other_links_whoever_builds_them():
    """Plugins and the cache build results without from_engine_item: the types check too."""
    with pytest.raises(ValueError, match="http"):
        MainResult(url="javascript:alert(1)", title="t")
    kept = MainResult(url="//x.org/a", title="t", thumbnail="data:image/png;base64,AA", img_src="https://x.org/i")
    assert (kept.url, kept.thumbnail, kept.img_src) == ("https://x.org/a", "", "https://x.org/i")
    assert Answer(answer="a", url="vbscript:x").url == ""
    box = Infobox(infobox="b", img_src="javascript:x", urls=[{"title": "t", "url": "data:,x"}, {"url": "http://x.org"}])
    assert box.img_src == "" and box.urls == [{"url": "http://x.org"}]


def test_a_cached_result_with_another_link_decodes_as_invalid():
    encoded = msgspec.json.encode({"url": "javascript:alert(1)", "title": "t"})
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(encoded, type=MainResult)


URLS = ["https://Example.org:8443/a/b;p=1?q=2&utm_source=x#frag", "http://example.org", "https://例え.jp/パス?x=1",
        "https://example.org/a;b/c?d", "//cdn.example.org/i.png", "https://u:pw@example.org/x"]


@pytest.mark.parametrize("url", URLS)
def test_a_result_carries_the_one_split_of_its_url(url):
    result = from_engine_item({"url": url, "title": "t"}, "e", "general")
    assert isinstance(result, MainResult)
    assert result.parts == urlsplit(result.url)


def test_a_changed_url_is_split_again():
    result = from_engine_item({"url": "https://a.org/x?utm_source=y", "title": "t"}, "e", "general")
    assert isinstance(result, MainResult) and result.parts.netloc == "a.org"
    result.url = "https://b.org/y"
    assert result.parts == urlsplit("https://b.org/y")
    built = MainResult(url="https://c.org/z?k=v", title="t")  # built elsewhere: split on first read
    assert built.parts.query == "k=v"
    assert msgspec.json.decode(msgspec.json.encode(built), type=MainResult) == built  # the split is not encoded


def test_only_the_fields_an_item_has_are_read_and_each_is_checked():
    result = from_engine_item({"url": "https://a.org", "title": "  t  ", "content": 3, "source": None,
                               "template": "bogus.html", "category": "", "unknown": "x", "img_src": "//i.org/p.png",
                               "length": 65, "publishedDate": 0}, "e", "news")
    assert isinstance(result, MainResult)
    assert (result.title, result.content, result.source, result.template, result.category) == (
        "t", "3", "", "default.html", "news")
    assert (result.img_src, result.length, result.publishedDate) == ("https://i.org/p.png", "1:05",
                                                                     "1970-01-01T00:00:00+00:00")
