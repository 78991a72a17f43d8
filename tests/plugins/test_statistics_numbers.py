"""The statistics answerer on numbers at the edges: NaN, infinities, huge and tiny exponents, in
several notations. Each query gets a sane answer or none; nothing raises (a raise is a logged traceback)."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from searx.plugins import SearchContext, numbers
from searx.plugins.answerers.statistics import FUNCTIONS, StatisticsAnswerer

EDGES = ["NaN", "nan", "-NaN", "sNaN", "sNaN123", "Infinity", "-Infinity", "inf", "-inf", "Inf", "∞", "1E999999999",
         "1E-999999999", "1e9999", "1e10000", "1E-9999", "1E-10000", "0E-999999999", "0E999999999", "-0", "0.0",
         "9" * 60, "9" * 61, "1e", "e5", "1e+5", "1E-5", "١٢", "１２", "1,5", "1.5", "1.000,5", "1_000", "0x10",
         "1\u00a0000", "−3", "--3", "+3", ".5", "5.", "1..5", "١٫٥"]  # fmt: skip
NUMBER = re.compile(r"-?[\d.,\u00a0\u202f\u066b\u066c\u200f\u061c]+(E-?\d+)?|-?\d(\.\d+)?E-?\d+")


def ctx(locale: str) -> SearchContext:
    return SearchContext("q", 1, "general", "json", "all", 0, None, {}, locale=locale)


words = st.one_of(
    st.sampled_from(EDGES),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.floats().map(repr),
    st.from_regex(r"\A[+\-\u2212]?\d{0,30}([.,]\d{0,30})?([eE][+\-]?\d{1,12})?\Z"),
)


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(sorted(FUNCTIONS)), st.lists(words, min_size=1, max_size=6),
       st.sampled_from(["en", "de", "fr", "ar", "hi", "pt_BR"]))
@example("max", ["1E999999999", "2"], "en")
@example("min", ["NaN", "2"], "en")
@example("avg", ["sNaN", "1"], "en")
@example("sum", ["Infinity", "1"], "en")
@example("prod", ["1E-9999", "1E-9999"], "en")
@example("sum", ["9E9999", "9E9999"], "en")
def test_an_answer_is_a_number_or_none_and_nothing_raises(keyword: str, args: list[str], locale: str) -> None:
    answer = StatisticsAnswerer().answer(ctx(locale), [keyword, *args])
    if answer is None:
        return
    head, _, result = answer.rpartition(" = ")
    assert head.startswith(f"[{numbers.locale_of(locale)}] {keyword}(") and head.endswith(")")
    assert NUMBER.fullmatch(result.replace("\u200e", "")), answer
    assert not re.search(r"NaN|∞|Infinity|inf", answer, re.IGNORECASE), answer


@pytest.mark.parametrize("q", ["max 1E999999999 2", "min NaN 2", "avg sNaN 1", "sum Infinity 1", "sum -inf 1",
                               "prod 1E-999999999 2", "prod 1E-9999 1E-9999", "sum 9E9999 9E9999"])
def test_edge_queries_get_no_answer(q: str) -> None:
    assert StatisticsAnswerer().answer(ctx("en"), q.split()) is None


def test_large_and_small_numbers_within_the_limits_are_answered() -> None:
    answer = StatisticsAnswerer().answer
    assert answer(ctx("en"), "sum 1e9999 1".split()) == "[en] sum(1E9999, 1) = 1E9999"
    assert answer(ctx("en"), "min 1E-9999 1".split()) == "[en] min(1E-9999, 1) = 1E-9999"
    assert answer(ctx("en"), "avg 1e5 2".split()) == "[en] avg(100,000, 2) = 50,001"


@pytest.mark.parametrize("text", ["NaN", "sNaN", "Infinity", "inf", "1E10000", "1E-10000", "1E999999999"])
def test_numbers_are_finite_and_bounded(text: str) -> None:
    assert numbers.parse(text, "en") is None
    assert numbers.parse("1E9999", "en") == Decimal("1E9999") and numbers.parse("0E-99999", "en") == 0
