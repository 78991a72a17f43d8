"""Query parsing: bangs, categories, site bangs, the language prefix and the timeout."""

import pytest

from searx.query import parse, timeout_of

SHORTCUTS = {"wp": "wikipedia", "ddg": "duckduckgo"}
NAMES = ["wikipedia", "duckduckgo", "github"]
CATS = ["general", "it", "social media"]


SITES = {"w", "gh", "yt"}


def p(raw: str):
    return parse(raw, SHORTCUTS, NAMES, CATS, SITES)


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
    assert p("!!wp x").engines == () and p("!!wp x").site_bang is None


def test_site_bang_is_taken_out_anywhere_and_named_in_lower_case():
    q = p("paris !!W hotels")
    assert (q.text, q.site_bang, q.lucky) == ("paris hotels", "w", False)
    assert q.taken == ("!!W",)
    assert p("!!gh flask !!yt").text == "flask !!yt"  # the first site bang wins; another stays a word


def test_an_unknown_site_bang_stays_in_the_text():
    q = p("!!nosuch thing")
    assert (q.text, q.site_bang) == ("!!nosuch thing", None)


def test_double_bang_alone_is_feeling_lucky():
    q = p("!! rust book")
    assert (q.text, q.lucky, q.site_bang, q.taken) == ("rust book", True, None, ("!!",))
    assert not p("rust book").lucky


@pytest.mark.parametrize(("token", "seconds"), [("<3", 3.0), ("<1", 1.0), ("<99", 99.0), ("<100", 0.1),
                                                ("<850", 0.85), ("<1500", 1.5)])
def test_timeout_prefix_below_100_is_seconds_from_100_milliseconds(token, seconds):
    q = p(f"paris {token} hotels")
    assert (q.text, q.timeout, q.taken) == ("paris hotels", seconds, (token,))


@pytest.mark.parametrize("token", ["<", "<0", "<05", "<3s", "<-1", "<1.5", "<123456", "<<3"])
def test_not_a_timeout_stays_in_the_text(token):
    assert timeout_of(token) is None
    assert p(f"a {token}").text == f"a {token}"


def test_only_the_first_timeout_counts_and_everything_taken_is_listed_in_order():
    q = p(":de !wp <3 berlin <5 !!w")
    assert (q.text, q.timeout, q.language, q.engines, q.site_bang) == ("berlin <5", 3.0, "de", ("wikipedia",), "w")
    assert q.taken == (":de", "!wp", "<3", "!!w")


def test_language_prefix_only_before_words():
    assert p(":de berlin").language == "de"
    assert p(":en-us berlin").language == "en-US"
    assert p(":fr-CA x").text == "x"
    q = p("berlin :de")
    assert q.language is None and q.text == "berlin :de"


def test_not_a_language_stays_in_text():
    q = p(":) smile")
    assert q.language is None and q.text == ":) smile"
