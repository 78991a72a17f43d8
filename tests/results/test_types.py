"""Result types: only http(s) links survive, whatever the engine wrote."""

from __future__ import annotations

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
