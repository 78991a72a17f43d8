"""Query parsing: bangs, categories and the language prefix."""

from searx.query import parse

SHORTCUTS = {"wp": "wikipedia", "ddg": "duckduckgo"}
NAMES = ["wikipedia", "duckduckgo", "github"]
CATS = ["general", "it", "social media"]


def p(raw: str):
    return parse(raw, SHORTCUTS, NAMES, CATS)


def test_plain_query_is_kept_whole():
    q = p("  what is   the time ")
    assert q.text == "what is the time"
    assert q.engines == () and q.categories == () and q.language is None


def test_shortcut_and_name_bangs_pick_engines():
    q = p("!wp paris !github")
    assert q.text == "paris"
    assert q.engines == ("wikipedia", "github")
    assert q.bangs == ("!wp", "!github")


def test_bang_is_case_insensitive_and_deduplicated():
    assert p("!WP !wp x").engines == ("wikipedia",)


def test_category_bang_with_underscore_for_space():
    q = p("!social_media cats")
    assert q.categories == ("social media",)
    assert q.text == "cats"


def test_unknown_bang_stays_in_the_text():
    q = p("!nosuch thing")
    assert q.text == "!nosuch thing"
    assert q.engines == ()


def test_external_double_bang_is_not_an_engine():
    assert p("!!wp x").text == "!!wp x"


def test_language_prefix_only_before_words():
    assert p(":de berlin").language == "de"
    assert p(":en-us berlin").language == "en-US"
    assert p(":fr-CA x").text == "x"
    q = p("berlin :de")
    assert q.language is None and q.text == "berlin :de"


def test_not_a_language_stays_in_text():
    q = p(":) smile")
    assert q.language is None and q.text == ":) smile"
