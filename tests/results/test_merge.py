"""Merging duplicates across engines and SearXNG's score."""

import pytest

from searx.results.merge import merge, merge_main, normalize_url, score
from searx.results.types import Infobox, MainResult, ResultSet


def r(url, engine, title="t", content="c"):
    return MainResult(url=url, title=title, content=content, engine=engine)


@pytest.mark.parametrize("a, b", [
    ("http://example.org/page", "https://example.org/page"),
    ("https://example.org/page/", "https://example.org/page"),
    ("https://www.example.org/page", "https://example.org/page"),
    ("https://example.org/p?utm_source=x&id=3", "https://example.org/p?id=3"),
    ("https://example.org/p?fbclid=abc", "https://example.org/p"),
    ("https://example.org/p?gclid=1&a=1", "https://example.org/p?a=1"),
    ("https://EXAMPLE.org:443/p#frag", "https://example.org/p"),
    # the one tracker list (searx.results.trackers): also the plugin's names, and "si" where it tracks
    ("https://example.org/p?ysclid=1&a=1&srsltid=2", "https://example.org/p?a=1"),
    ("https://www.youtube.com/watch?v=a&si=track", "https://youtube.com/watch?v=a"),
])
def test_same_page_same_key(a, b):
    assert normalize_url(a) == normalize_url(b)


@pytest.mark.parametrize("a, b", [
    ("https://example.org/p?id=3", "https://example.org/p?id=4"),
    ("https://example.org/a", "https://example.org/b"),
    ("https://example.org:8080/a", "https://example.org/a"),
    ("https://docs.example/p?si=1", "https://docs.example/p?si=2"),  # "si" is a real parameter off YouTube/Spotify
])
def test_different_pages_differ(a, b):
    assert normalize_url(a) != normalize_url(b)


def test_merge_keeps_https_longer_text_and_every_engine():
    e1 = [r("http://example.org/x?utm_medium=y", "e1", "short", "a longer content here"), r("https://o.org/1", "e1")]
    e2 = [r("https://o.org/2", "e2"), r("https://example.org/x", "e2", "a much longer title", "short")]
    merged = merge_main([e1, e2], {})
    top = next(m for m in merged if "example.org" in m.url)
    assert top.url == "https://example.org/x"
    assert top.title == "a much longer title" and top.content == "a longer content here"
    assert top.engines == ["e1", "e2"] and top.positions == [1, 2]
    assert len(merged) == 3


def test_score_is_searxng_formula():
    res = MainResult(url="https://u.example", title="", engines=["a", "b"], positions=[1, 2])
    # weight = 2 (a) * 1 (b) * 2 engines = 4; 4/1 + 4/2 = 6
    assert score(res, {"a": 2.0}) == pytest.approx(6.0)
    assert score(MainResult(url="https://u.example", title="", engines=["a"], positions=[3]), {}) == pytest.approx(1 / 3)


def test_results_found_by_more_engines_rank_first():
    e1 = [r("https://a.org", "e1"), r("https://shared.org", "e1")]
    e2 = [r("https://b.org", "e2"), r("https://shared.org", "e2")]
    merged = merge_main([e1, e2], {})
    assert merged[0].url == "https://shared.org"
    assert merged[0].score == pytest.approx(2 / 2 + 2 / 2)


def test_merge_result_sets_dedups_suggestions_answers_infoboxes():
    a = ResultSet(suggestions=["x", "y"], corrections=["c"], number_of_results=50,
                  infoboxes=[Infobox(infobox="Paris", id="q90", content="short", engine="a", engines=["a"])])
    b = ResultSet(suggestions=["y", "z"], number_of_results=70,
                  infoboxes=[Infobox(infobox="Paris", id="q90", content="much longer text", engine="b", engines=["b"])])
    m = merge([a, b], {})
    assert m.suggestions == ["x", "y", "z"] and m.corrections == ["c"]
    assert m.number_of_results == 70
    assert len(m.infoboxes) == 1 and m.infoboxes[0].content == "much longer text"
    assert m.infoboxes[0].engines == ["a", "b"]


def test_only_the_instances_own_offline_engines_link_to_instance_paths() -> None:
    from searx.results.types import from_engine_item

    item = {"url": "/collections/docs/entries/a.md#p0", "title": "A", "content": "x"}
    assert from_engine_item(item, "web", "general") is None  # an engine's unresolved relative link
    local = from_engine_item(item, "my documents", "general", instance_links=True)
    assert local is not None and local.url == "/collections/docs/entries/a.md#p0"
    for bad in ("//evil.example/x", "/\\evil.example/x", "javascript:alert(1)"):
        typed = from_engine_item({**item, "url": bad}, "my documents", "general", instance_links=True)
        assert typed is None or typed.url.startswith("https://evil.example")

def test_news_are_newest_first_within_a_score_band() -> None:
    from searx.results.merge import merge
    from searx.results.types import ResultSet

    def news(url: str, day: int) -> MainResult:
        return MainResult(url=url, title=url, engine="n", category="news", publishedDate=f"2026-11-{day:02}T10:00:00Z")

    # one engine's ranks 1..6: bands are 1st | 2nd | 3rd-4th | 5th-8th
    ranked = [news("https://a/1", 1), news("https://a/2", 2), news("https://a/3", 3), news("https://a/4", 4),
              news("https://a/5", 5), news("https://a/6", 6)]
    out = merge([ResultSet(results=ranked)], {})
    assert [r.url[-1] for r in out.results] == ["1", "2", "4", "3", "6", "5"]
    mixed = merge([ResultSet(results=[MainResult(url="https://w/1", title="w", engine="w"), news("https://a/9", 9)])], {})
    assert [r.url for r in mixed.results] == ["https://w/1", "https://a/9"], "only a page of news is re-ordered"
