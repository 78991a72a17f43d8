"""The support check: sentences, states, offsets, the labelled set's floor, and the done line."""

from __future__ import annotations

from typing import Any

import pytest

from searx.summary import language, sentences, support, words
from searx.summary.review import expected_language, review
from tests.summary.conftest import body, placeholder, summary_settings
from utils import support_eval
from utils.fakes.llm import FakeLLM, Reply

TOWER = {
    1: "The Eiffel Tower, 330 m (1,083 ft) tall, is a wrought-iron lattice tower in Paris. "
    "Around seven million people visit it every year.",
    2: "Constructed from 1887 to 1889 as the centrepiece of the 1889 World's Fair.",
}


def _texts(text: str) -> list[str]:
    return [text[u.start : u.end] for u in sentences.split(text)]


def test_sentences_keep_citations_abbreviations_decimals_and_code_whole() -> None:
    text = "It is 3.5 m tall, e.g. a small tower. [1] Use `a.b. c` here [2].\nDr. Who lives at example.com now."
    assert _texts(text) == ["It is 3.5 m tall, e.g. a small tower. [1]", "Use `a.b. c` here [2].",
                            "Dr. Who lives at example.com now."]  # fmt: skip


def test_list_items_headings_and_fences_are_units() -> None:
    text = "## Facts\nThe points are:\n- First point [1]\n- Second. Third [2].\n\n```\nx = 1. y = 2.\n```\nEnd."
    units = sentences.split(text)
    assert [(u.kind, text[u.start : u.end]) for u in units] == [
        ("heading", "## Facts"), ("sentence", "The points are:"), ("item", "First point [1]"),
        ("item", "Second."), ("item", "Third [2]."), ("code", "```\nx = 1. y = 2.\n```"), ("sentence", "End."),
    ]  # fmt: skip


def test_german_ordinal_dates_do_not_end_a_sentence() -> None:
    assert _texts("Er wurde am 14. März 1879 in Ulm geboren [1]. Er starb 1955.") == [
        "Er wurde am 14. März 1879 in Ulm geboren [1].", "Er starb 1955."]  # fmt: skip


def test_numbers_are_normalised_and_words_count_as_numbers() -> None:
    assert words.content("1,083 ft and 1.083 and 3,5 and seven").numbers == {"#1083", "#3.5", "#7"}
    assert words.content("Der Turm hat zwölf Etagen").numbers == {"#12"}


def test_states() -> None:
    text = ("Here is a summary of the results:\n"
            "- The Eiffel Tower is 330 metres tall [1].\n"
            "- It was completed in 1889 [2].\n"
            "- It attracts seven million visitors a year [1].\n"
            "- It cost 8 million francs [2].\n"
            "- It was painted red in 1968 [1].\n"
            "- It stands next to the Louvre [3].\n"
            "The tower is made of wrought iron in Paris.")  # fmt: skip
    marks = support.check(text, TOWER)
    got = [(text[m.start : m.end], m.state, m.citations) for m in marks]
    assert got == [
        ("Here is a summary of the results:", "framing", []),
        ("The Eiffel Tower is 330 metres tall [1].", "supported", [1]),
        ("It was completed in 1889 [2].", "supported", [2]),
        ("It attracts seven million visitors a year [1].", "supported", [1]),
        ("It cost 8 million francs [2].", "weak", [2]),  # a number no cited source has
        ("It was painted red in 1968 [1].", "weak", [1]),
        ("It stands next to the Louvre [3].", "weak", [3]),  # cites a source that does not exist
        ("The tower is made of wrought iron in Paris.", "uncited", []),
    ]
    assert all(0.0 <= m.score <= 1.0 for m in marks)
    assert [m.score for m in marks if m.state == "weak"][0] == 0.0


def test_every_cited_source_must_carry_the_sentence() -> None:
    text = "The Eiffel Tower is 330 metres tall [1][2]."
    assert support.check(text, TOWER)[0].state == "weak"  # source 2 says nothing about the height


def test_title_is_not_support() -> None:
    # only the text passed as a source counts; the checker is never given titles
    assert support.check("Gustave Eiffel designed the tower [1].", {1: "A tower in Paris."})[0].state == "weak"


def test_offsets_are_code_points() -> None:
    text = "😀 Intro sentence here is uncited. 東京タワーの高さは333メートルです [1]。"
    marks = support.check(text, {1: "東京タワーは高さ333メートルの電波塔です。"})
    assert [text[m.start : m.end] for m in marks] == ["😀 Intro sentence here is uncited.",
                                                      "東京タワーの高さは333メートルです [1]。"]  # fmt: skip
    assert marks[1].state == "supported" and marks[0].state == "uncited"


def test_no_answer_is_recognised() -> None:
    for text in ("The search results do not answer this question.",
                 "Die Suchergebnisse enthalten keine Informationen dazu.",
                 "Les résultats ne contiennent pas cette information.",
                 "Los resultados no contienen esa información."):  # fmt: skip
        marks = support.check(text, TOWER)
        assert [m.state for m in marks] == ["framing"], text
        assert support.no_answer(text, marks), text
    text = "The Eiffel Tower is 330 metres tall [1]."
    assert not support.no_answer(text, support.check(text, TOWER))


def test_mostly_unsupported() -> None:
    text = "The tower is in Rome [1]. It was painted blue by Picasso. It is 330 metres tall [1]."
    assert support.mostly_unsupported(support.check(text, TOWER))
    assert not support.mostly_unsupported(support.check("Here it is: It is 330 metres tall [1].", TOWER))


def test_labelled_set_floor() -> None:
    """The flags on the labelled set stay precise and find most unsupported sentences."""
    cases = support_eval.load()
    scores = support_eval.evaluate(cases)
    assert scores["all"].total >= 300 and len({c.lang for c in cases}) >= 3
    assert scores["all"].precision >= 0.9 and scores["all"].recall >= 0.85
    for lang, score in scores.items():
        assert score.precision >= 0.8 and score.recall >= 0.8, lang


def test_language() -> None:
    assert language.detect("Der Eiffelturm ist 330 Meter hoch und wurde 1889 fertiggestellt [2].") == "de"
    assert language.detect("La tour Eiffel mesure 330 mètres et a été achevée en 1889 [2].") == "fr"
    assert language.detect("La Torre Eiffel mide 330 metros y se terminó en 1889 [2]. "
                           "Es el monumento más visitado de Francia y fue diseñada por la empresa de Eiffel.") == "es"
    assert language.detect("ok [1]") == ""
    assert language.detect("Paris, Lyon, Marseille and Nice [2].") == ""  # names only: too unsure to say
    assert (expected_language("de-CH", "fr"), expected_language("auto", "fr"), expected_language("all", "")) == (
        "de", "fr", "")  # fmt: skip


def test_review_reports_a_language_mismatch() -> None:
    text = "The Eiffel Tower is 330 metres tall [1]. It is a wrought-iron lattice tower in Paris [1]."
    checked = review(text, TOWER, True, "de")
    assert (checked.answer_lang, checked.lang_mismatch) == ("en", True)
    assert review(text, TOWER, True, "en").lang_mismatch is False
    assert review(text, TOWER, True, "").lang_mismatch is False  # no language to compare with
    assert review(text, TOWER, False, "en").support == []  # nothing was given to check against


ANSWER = ["The Alpha snippet is about", " the question [1]. ", "Gamma has more detail [2]. ", "It is 42 years old [1]."]


@pytest.mark.parametrize("lang", ["en-US", "de"])
def test_done_line_carries_support_also_when_replayed(site: Any, fake_llm: FakeLLM, lang: str) -> None:
    fake_llm.script(Reply.tokens(ANSWER))
    app = site(summary_settings(fake_llm))
    data = placeholder(app.services.settings, lang=lang)
    first = app.lines(body(data))
    text = "".join(line.get("delta", "") for line in first)
    done = first[-1]
    assert [(text[m["start"] : m["end"]], m["state"], m["citations"]) for m in done["support"]] == [
        ("The Alpha snippet is about the question [1].", "supported", [1]),
        ("Gamma has more detail [2].", "supported", [2]),
        ("It is 42 years old [1].", "weak", [1]),
    ]
    assert done["answer_lang"] == "en" and done["lang_mismatch"] is (lang == "de") and done["unanswered"] is False
    again = app.lines(body(data))
    assert again[-1]["cached"] is True and again[-1]["support"] == done["support"]
    assert (again[-1]["answer_lang"], again[-1]["lang_mismatch"]) == (done["answer_lang"], done["lang_mismatch"])
    assert fake_llm.calls == 1


def test_the_prompt_asks_for_the_search_or_interface_language(site: Any, fake_llm: FakeLLM) -> None:
    fake_llm.script(Reply.tokens(["Das ist so [1]."]), Reply.tokens(["Ok [1]."]))
    app = site(summary_settings(fake_llm))
    data = placeholder(app.services.settings, lang="auto")
    app.lines(body(data), cookies={"locale": "de"})
    app.lines(body(data), cookies={"locale": "en"})  # another language: not the German answer from the cache
    systems = [r.body["messages"][0]["content"] for r in fake_llm.requests]
    assert "Answer in German." in systems[0] and "Answer in English." in systems[1]
    assert "say plainly that the search results do not answer it" in systems[0]
