"""The hooks' order against the search cache: on_result shapes engine results before merging and
caching (the key names what it depends on); pre_search and post_search run on every request."""

from __future__ import annotations

from typing import Any

from searx.engines import load_engines
from searx.plugins import Plugin, PluginManager, SearchContext
from searx.results.search import SearchQuery
from searx.results.types import Answer, MainResult
from searx.search.cache import SearchCache
from searx.search.runner import SearchRunner
from searx.store.memory import MemoryStore
from tests.conftest import json_engine_entry


class Tag(Plugin):
    """Appends a suffix to every title: what the suffix is, the cache key must say."""

    id = "tag"

    def __init__(self, suffix: str) -> None:
        super().__init__()
        self.suffix = suffix
        self.calls = 0

    def cache_key(self, ctx: SearchContext) -> str:
        return f"tag:{self.suffix}"

    def on_result(self, ctx: SearchContext, result: MainResult) -> bool:
        self.calls += 1
        result.title += self.suffix
        return True


class Hello(Plugin):
    id = "hello"

    def post_search(self, ctx: SearchContext) -> None:
        ctx.results.answers.append(Answer(answer=f"hello {ctx.client_ip}"))


def _run(runner: SearchRunner, plugins: list[Plugin], client_ip: str = "") -> Any:
    sq = SearchQuery(query="hello", engines=tuple(runner.engines))
    ctx = SearchContext("hello", 1, "general", "json", "all", 0, None, {}, client_ip=client_ip)
    return runner.run(sq, ctx, plugins)


def test_on_result_runs_before_the_merge_and_its_output_is_cached_under_its_key(fake_engine, network):
    store = MemoryStore()
    engines = load_engines([json_engine_entry(fake_engine.url, n) for n in ("a", "b")])
    plain, loud, quiet = Tag(""), Tag("!"), Tag("?")
    runner = SearchRunner(engines, network, PluginManager([plain, loud, quiet], raise_errors=True),
                          cache=SearchCache(store, 300))  # fmt: skip
    first = _run(runner, [loud])
    assert not first.cached and loud.calls == 20  # each engine's 10 results, before merging
    shared = [r for r in first.results.results if "shared.example.org" in r.url]
    assert shared and all(r.title.endswith("!") and not r.title.endswith("!!") for r in shared)
    again = _run(runner, [loud])
    assert loud.calls == 20 and again.results.results[0].title == first.results.results[0].title
    other = _run(runner, [quiet])  # another on_result output: never the cached one
    assert quiet.calls == 20 and all(r.title.endswith("?") for r in other.results.results)
    none = _run(runner, [])
    assert not any(r.title.endswith(("!", "?")) for r in none.results.results)


def test_post_search_answers_are_never_cached(fake_engine, network):
    engines = load_engines([json_engine_entry(fake_engine.url, "a")])
    hello = Hello()
    runner = SearchRunner(engines, network, PluginManager([hello], raise_errors=True),
                          cache=SearchCache(MemoryStore(), 300))  # fmt: skip
    first = _run(runner, [hello], client_ip="203.0.113.7")
    second = _run(runner, [hello], client_ip="198.51.100.9")
    assert [a.answer for a in first.results.answers] == ["hello 203.0.113.7"]
    assert [a.answer for a in second.results.answers] == ["hello 198.51.100.9"]
    assert second.results.answers[0].engine == "plugin: hello"  # SearXNG's name for a plugin's answer


def test_a_plugin_without_on_result_adds_nothing_to_the_key():
    ctx = SearchContext("q", 1, "general", "json", "all", 0, None, {})
    assert PluginManager.variant([Hello(), Tag("x")], ctx) == "tag:x"
    assert PluginManager.variant([Hello()], ctx) == ""
