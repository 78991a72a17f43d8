"""The one builder of a SearchQuery: the web's parameters, the MCP tools, the engine check and follow-ups."""

from __future__ import annotations

import pytest

from searx.autocomplete.backends import NAMES
from searx.engines import load_engines
from searx.errors import BadRequest
from searx.preferences import Preferences, definitions
from searx.search.request import Ask, build, build_query
from tests.conftest import make_settings

ENTRIES = [
    {"name": "wikipedia", "engine": "wikipedia", "shortcut": "wp"},
    {"name": "bing images", "engine": "bing_images", "shortcut": "bi"},
    {"name": "mojeek", "engine": "mojeek", "shortcut": "mjk", "disabled": True},
]


@pytest.fixture(scope="module")
def engines():
    return load_engines(ENTRIES)


@pytest.fixture
def prefs():
    return Preferences(definitions(make_settings(ENTRIES), NAMES))


def test_the_web_and_a_caller_asking_the_same_get_the_same_query(engines, prefs) -> None:
    web = build({"q": "cats", "categories": "images", "language": "de", "pageno": "2", "time_range": "week"},
                prefs, engines)
    asked = build_query("cats", engines, Ask(categories=("images",), language="de", pageno=2, time_range="week"),
                        prefs)
    assert web == asked and asked.engines == ("bing images",) and asked.language == "de"


def test_syntax_counts_only_when_asked(engines, prefs) -> None:
    parsed = build_query("!wp :fr cats <3", engines, Ask(), prefs)
    assert (parsed.query, parsed.engines, parsed.language, parsed.timeout) == ("cats", ("wikipedia",), "fr", 3.0)
    written = build_query("!wp :fr cats <3", engines, Ask(categories=("general",)), prefs, syntax=False)
    assert (written.query, written.engines, written.language, written.timeout) == (
        "!wp :fr cats <3", ("wikipedia",), "all", None)


def test_without_preferences_the_instance_defaults_decide(engines) -> None:
    sq = build_query("cats", engines)
    assert (sq.engines, sq.categories, sq.language, sq.safesearch) == (("wikipedia",), ("general",), "all", 0)
    named = build_query("cats", engines, Ask(engines=("mojeek",), categories=("general",)))
    assert named.engines == ("mojeek",), "a caller may name a disabled engine (the engine check)"


@pytest.mark.parametrize(("text", "ask", "message"), [
    ("  ", Ask(), "missing query"),
    ("!wp", Ask(), "after the bang"),
    ("cats", Ask(time_range="decade"), "time_range"),
    ("cats", Ask(language="klingon"), "unknown language"),
])
def test_bad_asks_are_refused_by_name(engines, prefs, text, ask, message) -> None:
    with pytest.raises(BadRequest, match=message):
        build_query(text, engines, ask, prefs)
