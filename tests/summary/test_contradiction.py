"""Support marks that catch contradictions: each kind in English, German and Spanish, sentences that keep
their source's own negation, languages without word lists, the labelled set's floor and the done line."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from searx.results.types import MainResult
from searx.summary import contradiction, support
from tests.summary.conftest import body, placeholder, summary_settings
from utils import support_eval
from utils.fakes.llm import FakeLLM, Reply

# (language, kind, the source, a sentence that says the opposite, a similar one that does not)
CASES = [
    ("en", "negation", "Aspirin is not recommended for children under 16 because of the risk of Reye's syndrome.",
     "Aspirin is recommended for children under 16 [1].", "Aspirin is not recommended for children under 16 [1]."),
    ("en", "antonym", "Sales of electric cars increased by 12 percent in 2023.",
     "Sales of electric cars decreased by 12 percent in 2023 [1].", "Electric car sales grew by 12 percent in 2023 [1]."),
    ("en", "comparison", "The new bridge is longer than the old one and opened in 2019.",
     "The new bridge is shorter than the old one [1].", "The old bridge is shorter than the new one [1]."),
    ("en", "role", "In 2016, Microsoft acquired LinkedIn for 26 billion dollars.",
     "In 2016, LinkedIn acquired Microsoft for 26 billion dollars [1].", "LinkedIn was acquired by Microsoft in 2016 [1]."),
    ("en", "quantifier", "Some patients develop a rash in the first week of treatment.",
     "All patients develop a rash in the first week of treatment [1].",
     "Some patients get a rash in the first week of treatment [1]."),
    ("en", "modality", "Visitors must show a valid ticket at the entrance.",
     "Visitors may show a valid ticket at the entrance [1].", "At the entrance, visitors must show a valid ticket [1]."),
    ("de", "negation", "Der Impfstoff ist für Schwangere nicht zugelassen.",
     "Der Impfstoff ist für Schwangere zugelassen [1].", "Für Schwangere ist der Impfstoff nicht zugelassen [1]."),
    ("de", "antonym", "Die Arbeitslosigkeit ist im März gesunken.",
     "Die Arbeitslosigkeit ist im März gestiegen [1].", "Im März ist die Arbeitslosigkeit gesunken [1]."),
    ("de", "comparison", "Hamburg hat mehr Einwohner als Köln.",
     "Hamburg hat weniger Einwohner als Köln [1].", "Köln hat weniger Einwohner als Hamburg [1]."),
    ("de", "role", "Der FC Bayern besiegte Borussia Dortmund mit 3:1.",
     "Borussia Dortmund besiegte den FC Bayern mit 3:1 [1].", "Borussia Dortmund unterlag dem FC Bayern mit 1:3 [1]."),
    ("de", "quantifier", "Alle Filialen bleiben am Feiertag geschlossen.",
     "Einige Filialen bleiben am Feiertag geschlossen [1].", "Am Feiertag bleiben alle Filialen geschlossen [1]."),
    ("de", "modality", "Der Antrag muss bis zum 31. Mai eingereicht werden.",
     "Der Antrag kann bis zum 31. Mai eingereicht werden [1].", "Der Antrag muss bis zum 31. Mai vorliegen [1]."),
    ("es", "negation", "El museo no abre los lunes.", "El museo abre los lunes [1].", "Los lunes el museo no abre [1]."),
    ("es", "antonym", "El desempleo bajó en marzo por tercer mes consecutivo.",
     "El desempleo subió en marzo [1].", "En marzo el desempleo bajó [1]."),
    ("es", "comparison", "Madrid tiene más habitantes que Barcelona.",
     "Madrid tiene menos habitantes que Barcelona [1].", "Barcelona tiene menos habitantes que Madrid [1]."),
    ("es", "role", "Google compró YouTube en 2006 por 1.650 millones de dólares.",
     "YouTube compró Google en 2006 [1].", "YouTube fue comprada por Google en 2006 [1]."),
    ("es", "quantifier", "Todos los vuelos a Lisboa fueron cancelados por la huelga.",
     "Algunos vuelos a Lisboa fueron cancelados por la huelga [1].",
     "Por la huelga se cancelaron todos los vuelos a Lisboa [1]."),
    ("es", "modality", "Es obligatorio llevar el casco en la obra.",
     "Es opcional llevar el casco en la obra [1].", "En la obra es obligatorio llevar el casco [1]."),
]  # fmt: skip


def _mark(sentence: str, source: str, lang: str) -> tuple[str, str]:
    marks = support.check(sentence, {1: source}, lang)
    assert len(marks) == 1
    return marks[0].state, marks[0].reason


@pytest.mark.parametrize(("lang", "kind", "source", "opposite", "same"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_each_kind_in_each_language(lang: str, kind: str, source: str, opposite: str, same: str) -> None:
    assert _mark(opposite, source, lang) == ("weak", kind)
    assert _mark(same, source, lang) == ("supported", "")


def test_a_sentence_keeps_its_sources_own_negation() -> None:
    source = ("Rust is not garbage-collected: it enforces memory safety without a garbage collector. "
              "The compiler does not allow two mutable references to the same value.")  # fmt: skip
    for fine in ("Rust enforces memory safety without a garbage collector [1].",
                 "Rust is not garbage-collected [1].",
                 "The compiler does not allow two mutable references to the same value [1].",
                 "Two mutable references to the same value are not allowed by the compiler [1].",
                 "Rust does not use a garbage collector to enforce memory safety [1]."):  # fmt: skip
        assert _mark(fine, source, "en") == ("supported", ""), fine
    assert _mark("Rust uses a garbage collector to enforce memory safety [1].", source, "en") == ("weak", "negation")
    # a negation the source carries in another sentence ("not approved" for the younger ones)
    approval = "The drug is approved for patients aged 12 and older. For younger children it is not approved."
    assert _mark("The drug is not approved for children under 12 [1].", approval, "en") == ("supported", "")


def test_two_flips_are_no_opposite() -> None:
    assert _mark("The vaccine is not unsafe for pregnant women [1].", "The vaccine is safe for pregnant women.",
                 "en") == ("supported", "")  # fmt: skip
    assert _mark("Prices did not fall in 2023 [1].", "Prices did not fall in 2023.", "en") == ("supported", "")
    assert _mark("Quarry was bought by Northwind in 2021 [1].", "In 2021 Northwind bought Quarry.",
                 "en") == ("supported", "")  # fmt: skip


def test_languages_without_word_lists_keep_the_overlap_check() -> None:
    source = "Il museo non è aperto il lunedì."
    assert contradiction.checker("it") is None and contradiction.checker("") is None
    assert _mark("Il museo è aperto il lunedì [1].", source, "it") == ("supported", "")
    assert _mark("The museum is open on Mondays [1].", "The museum is not open on Mondays.", "") == ("supported", "")


def test_a_contradicted_sentence_is_weak_whatever_it_shares() -> None:
    marks = support.check("The museum is open on Mondays [1]. It has 300 rooms [1].",
                          {1: "The museum is not open on Mondays. It has 300 rooms."}, "en")  # fmt: skip
    assert [(m.state, m.reason, m.score) for m in marks] == [("weak", "negation", 0.0), ("supported", "", 1.0)]


def test_a_run_on_text_is_never_compared() -> None:
    """A page's table or list read as one sentence, or an answer's endless clause, is skipped, not worked through."""
    listing = ", ".join(f"Item {n} is not approved" for n in range(400))
    assert _mark("Item 7 is approved [1].", listing, "en") == ("supported", "")
    said = ", ".join(f"item {n} is approved" for n in range(400)) + " [1]."
    assert support.check(said, {1: listing}, "en")[0].reason == ""
    assert _mark("Item 7 is approved [1].", "Item 7 is not approved. " + listing, "en") == ("weak", "negation")


def test_contradiction_set_floor() -> None:
    """Contradictions are flagged and the flags stay right; the support set keeps its precision."""
    scores = support_eval.evaluate(support_eval.load(pattern=support_eval.CONTRADICTIONS))
    assert scores["all"].total >= 300 and {"en", "de", "es"} <= scores.keys()
    assert scores["all"].recall >= 0.85 and scores["all"].precision >= 0.9
    assert scores["opposite"].precision >= 0.9
    for kind in support_eval.KINDS:
        assert scores[f"kind:{kind}"].recall >= 0.7, kind
    plain = support_eval.evaluate(support_eval.load())
    assert plain["all"].precision >= 0.95 and plain["all"].recall >= 0.95


def test_the_reason_reaches_the_done_line_the_replay_and_the_share_page(site: Any, fake_llm: FakeLLM) -> None:
    answer = ["The museum is open ", "on Mondays [1]. ", "It has 300 rooms [1]."]
    fake_llm.script(Reply.tokens(answer))
    app = site(summary_settings(fake_llm))
    result = MainResult(url="https://museum.example.org/", title="Museum",
                        content="The museum is not open on Mondays. It has 300 rooms.")  # fmt: skip
    data = placeholder(app.services.settings, "is the museum open on mondays", results=[result])
    first = app.lines(body(data))
    done = first[-1]
    assert [(m["state"], m["reason"]) for m in done["support"]] == [("weak", "negation"), ("supported", "")]
    again = app.lines(body(data))
    assert again[-1]["cached"] is True and again[-1]["support"] == done["support"]
    assert fake_llm.calls == 1
    conversation = next(line["conversation"]["id"] for line in first if "conversation" in line)
    link = app.client.post("/ai_summary/share", json={"conversation": conversation}).json()["url"]
    with httpx.Client() as stranger:
        html = stranger.get(link).text
    flagged = re.findall(r'<span class="ai-flag" data-state="(\w+)" title="([^"]+)">([^<]*)', html)
    assert flagged == [("weak", "The cited source says the opposite", "The museum is open on Mondays ")]
    assert "(The cited source says the opposite)" in html
