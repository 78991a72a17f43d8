"""The built-in plugins: the summary placeholder, the tracker remover and the hash answer."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec
import pytest

from searx.plugins import PluginManager, SearchContext
from searx.plugins.loader import load_plugins
from searx.plugins.tracker_url_remover import clean_url
from searx.results.types import Answer, Infobox, MainResult, ResultSet
from searx.summary import evidence
from tests.conftest import make_settings

RESULTS = [MainResult(url=f"https://r{i}.example/?utm_source=x&id={i}", title=f"T{i}", content=f"snippet {i}")
           for i in range(8)]  # fmt: skip


def _ctx(query: str = "what is searx?", **kw: Any) -> SearchContext:
    values: dict[str, Any] = dict(query=query, pageno=1, category="general", format="html", language="en-US",
                                  safesearch=0, time_range=None, preferences={},
                                  results=ResultSet(results=[msgspec.structs.replace(r) for r in RESULTS]))  # fmt: skip
    values.update(kw)
    return SearchContext(**values)


def _settings(**ai: Any) -> Any:
    return make_settings([], ai_summary={"base_url": "http://127.0.0.1:8081/v1", **ai})


def _run(settings: Any, ctx: SearchContext, enabled: tuple[str, ...] = (), disabled: tuple[str, ...] = ()) -> list[Answer]:
    manager = PluginManager(load_plugins(settings), raise_errors=True)
    plugins = manager.active(enabled, disabled)
    for result in ctx.results.results:
        manager.on_result(plugins, ctx, result)
    manager.post_search(plugins, ctx)
    return ctx.results.answers


def _summary(answers: list[Answer]) -> Answer | None:
    return next((a for a in answers if a.kind == "ai_summary"), None)


def test_placeholder_carries_signed_evidence() -> None:
    settings = _settings(max_sources=3)
    ctx = _ctx(secret_key=settings.server.secret_key.encode())
    placeholder = _summary(_run(settings, ctx))
    assert placeholder is not None and placeholder.answer == ""
    data = placeholder.data
    assert data is not None and set(data) == {"evidence", "signature", "mode", "follow_ups"} and data["mode"] == "always"
    assert data["follow_ups"] is True  # max_turns 5: the box reserves room for the follow-up form
    ev = data["evidence"]
    assert (ev["v"], ev["query"], ev["lang"]) == (1, "what is searx?", "en-US")
    assert [s["n"] for s in ev["sources"]] == [1, 2, 3]
    assert ev["sources"][0]["url"] == "https://r0.example/?id=0"  # the tracker remover ran first
    verified = evidence.verify(ev, data["signature"], settings.server.secret_key.encode(), now=ev["exp"] - 1)
    assert verified.query == "what is searx?"
    assert ev["exp"] - settings.ai_summary.signature_ttl == pytest.approx(__import__("time").time(), abs=5)


@pytest.mark.parametrize(
    ("ctx_changes", "settings_changes", "prefs"),
    [
        ({"pageno": 2}, {}, {}),
        ({"category": "images"}, {}, {}),
        ({"format": "json"}, {}, {}),
        ({"format": "rss"}, {}, {}),
        ({"query": "  "}, {}, {}),
        ({"results": ResultSet(results=list(RESULTS), infoboxes=[Infobox(infobox="Searx")])}, {}, {}),
        ({"results": ResultSet(results=list(RESULTS), answers=[Answer(answer="42")])}, {}, {}),
        ({"query": "sha256 hello"}, {}, {}),  # the hash plugin answered
        ({"results": ResultSet(results=[MainResult(url="https://x.example", title="x")])}, {}, {}),  # no snippet
        ({}, {"base_url": ""}, {}),
        ({}, {"base_url": ""}, {"ai_summary_server": "https://llm.example/v1"}),  # not allowed
        ({}, {}, {"ai_summary_mode": "never"}),
    ],
)
def test_no_placeholder(ctx_changes: dict[str, Any], settings_changes: dict[str, Any], prefs: dict[str, str]) -> None:
    ctx = _ctx(preferences=prefs, **ctx_changes)
    assert _summary(_run(_settings(**settings_changes), ctx)) is None


def test_switched_off_by_the_user_or_the_admin() -> None:
    assert _summary(_run(_settings(), _ctx(), disabled=("ai_summary",))) is None
    off = make_settings([], ai_summary={"base_url": "http://x/v1"}, plugins={"ai_summary": {"active": False}})
    assert _summary(_run(off, _ctx())) is None
    assert _summary(_run(off, _ctx(), enabled=("ai_summary",))) is not None


def test_user_server_counts_as_configured_when_allowed() -> None:
    settings = _settings(base_url="", allow_user_server=True)
    assert _summary(_run(settings, _ctx())) is None
    assert _summary(_run(settings, _ctx(preferences={"ai_summary_server": "https://llm.example/v1"}))) is not None


@pytest.mark.parametrize(
    ("pref", "default", "lock", "mode"),
    [(None, "always", False, "always"), ("click", "always", False, "click"), ("questions", "click", False, "questions"),
     ("bogus", "click", False, "click"), ("never", "click", True, "click"), ("click", "questions", True, "questions")],
)  # fmt: skip
def test_mode(pref: str | None, default: str, lock: bool, mode: str) -> None:
    ctx = _ctx(preferences={} if pref is None else {"ai_summary_mode": pref})
    placeholder = _summary(_run(_settings(default_mode=default, lock_mode=lock), ctx))
    assert placeholder is not None and placeholder.data is not None and placeholder.data["mode"] == mode


def test_ungrounded_placeholder_without_snippets() -> None:
    ctx = _ctx(results=ResultSet(results=[MainResult(url="https://x.example", title="x")]))
    placeholder = _summary(_run(_settings(grounding=False), ctx))
    assert placeholder is not None and placeholder.data is not None and placeholder.data["evidence"]["sources"] == []


@pytest.mark.parametrize(
    ("url", "clean"),
    [
        ("https://a.example/p?utm_source=x&utm_medium=y&id=3", "https://a.example/p?id=3"),
        ("https://a.example/p?fbclid=abc", "https://a.example/p"),
        ("https://a.example/p?gclid=1&q=a+b&msclkid=2#frag", "https://a.example/p?q=a+b#frag"),
        ("https://www.youtube.com/watch?v=abc&si=track", "https://www.youtube.com/watch?v=abc"),
        ("https://docs.example/?si=keep", "https://docs.example/?si=keep"),
        ("https://a.example/p?id=1&ref=x", "https://a.example/p?id=1&ref=x"),
        ("https://a.example/p?a=%2F&utm_x=1", "https://a.example/p?a=%2F"),
        ("https://a.example/p", "https://a.example/p"),
        ("https://a.example/p?_ga=1&trk=2&id=1&_gl=3", "https://a.example/p?id=1"),  # the merge's names too
        ("not a url [", "not a url ["),
    ],
)
def test_tracker_url_remover(url: str, clean: str) -> None:
    assert clean_url(url) == clean


@pytest.mark.parametrize("algorithm", ["md5", "sha1", "sha256", "sha512", "SHA256", "blake2b"])
def test_hash_answer(algorithm: str) -> None:
    answers = _run(_settings(base_url=""), _ctx(query=f"{algorithm} hello world"))
    expected = hashlib.new(algorithm.lower(), b"hello world").hexdigest()
    assert [a.answer for a in answers] == [f"{algorithm.lower()}: {expected}"]


def test_hash_plugin_ignores_other_queries() -> None:
    assert _run(_settings(base_url=""), _ctx(query="sha256")) == []
    assert _run(_settings(base_url=""), _ctx(query="what is sha256 hello")) == []


# SearXNG's plugins and their defaults in its settings.yml (ahmia_filter needs a Tor proxy: not shipped)
SEARXNG_DEFAULTS = {"calculator": True, "infinite_scroll": False, "hash_plugin": True, "self_info": True,
                    "unit_converter": True, "hostnames": True, "time_zone": True, "oa_doi_rewrite": False,
                    "tor_check": False, "tracker_url_remover": True}  # fmt: skip


def test_builtin_ids_and_defaults() -> None:
    plugins = load_plugins(make_settings([], plugins={"hash_plugin": {"active": False}},
                                         hostnames={"remove": [r"(.*\.)?example\.com$"]}))  # fmt: skip
    ids = [p.id for p in plugins]
    assert ids[:3] == ["hostnames", "tracker_url_remover", "oa_doi_rewrite"] and ids[-1] == "ai_summary"
    defaults = {p.id: p.default_on for p in plugins}
    assert {k: v for k, v in defaults.items() if k in SEARXNG_DEFAULTS} == {**SEARXNG_DEFAULTS, "hash_plugin": False}
    assert defaults["random"] is defaults["statistics"] is defaults["ai_summary"] is True
    for plugin in plugins:
        package = "plugins.answerers" if plugin.id in ("random", "statistics") else "plugins"
        assert plugin.__class__.__module__ == f"searx.{package}.{plugin.id}"
        assert plugin.name and plugin.description


def test_hostnames_is_offered_only_with_rules() -> None:
    assert "hostnames" not in {p.id for p in load_plugins(make_settings([]))}
    assert "hostnames" not in {p.id for p in load_plugins(make_settings([], hostnames={"remove": []}))}
