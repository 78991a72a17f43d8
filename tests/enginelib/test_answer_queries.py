"""The query shapes of the currency and translation engines: what is a conversion or a
translation, and what is not (those queries send no request)."""

from __future__ import annotations

import pytest

from searx.enginelib import currencies, language_pair
from searx.enginelib.currencies import Conversion


@pytest.mark.parametrize(("query", "expected"), [
    ("10 usd in eur", Conversion(10.0, "USD", "EUR")),
    ("10 USD to EUR", Conversion(10.0, "USD", "EUR")),
    ("10 dollars to euro", Conversion(10.0, "USD", "EUR")),
    ("convert 2.5 pounds into yen", Conversion(2.5, "GBP", "JPY")),
    ("€5 to £", Conversion(5.0, "EUR", "GBP")),
    ("100 $ in ¥", Conversion(100.0, "USD", "JPY")),
    ("10usd to eur?", Conversion(10.0, "USD", "EUR")),
    ("1,000 jpy to usd", Conversion(1000.0, "JPY", "USD")),
    ("10,5 EUR nach US-Dollar", Conversion(10.5, "EUR", "USD")),
    ("20 euros en dólares", Conversion(20.0, "EUR", "USD")),
    ("5 рублей в евро", Conversion(5.0, "RUB", "EUR")),
    ("3 bitcoin in chf", Conversion(3.0, "BTC", "CHF")),
    ("50 schweizer franken in euro", Conversion(50.0, "CHF", "EUR")),
])
def test_conversions(query: str, expected: Conversion) -> None:
    assert currencies.parse(query) == expected


@pytest.mark.parametrize("query", [
    "top 10 places in europe", "1 in 10 people", "10 km in miles", "3 yen to yen", "usd in eur", "10 usd in",
    "10 usd in eur and more", "", "10 " + "usd " * 40 + "in eur",
])
def test_not_conversions(query: str) -> None:
    assert currencies.parse(query) is None


@pytest.mark.parametrize(("text", "decimal", "value"), [
    ("10", ".", 10.0), ("10.5", ".", 10.5), ("10,5", ".", 10.5), ("1,000", ".", 1000.0), ("1.000", ".", 1.0),
    ("1.000", ",", 1000.0), ("1,000.50", ".", 1000.5), ("1.000,50", ",", 1000.5), ("1.000.000", ".", 1e6),
    ("1,5,3", ".", None),
])
def test_amounts_in_the_search_languages_notation(text: str, decimal: str, value: float | None) -> None:
    assert currencies.amount(text, decimal) == value


@pytest.mark.parametrize(("query", "source", "target", "text"), [
    ("en-fr hello", "en", "fr", "hello"),
    ("EN-FR Hello world", "en", "fr", "Hello world"),
    ("english-french good morning", "en", "fr", "good morning"),
    ("deutsch-english Haus", "de", "en", "Haus"),
    ("translate es-de buenos días ", "es", "de", "buenos días"),
    ("français-español bonjour", "fr", "es", "bonjour"),
])
def test_translation_queries(query: str, source: str, target: str, text: str) -> None:
    pair = language_pair.parse(query)
    assert pair is not None and (pair.source.code, pair.target.code, pair.text) == (source, target, text)


@pytest.mark.parametrize("query", ["hello", "fr hello", "de gaulle", "sci-fi movies", "e-mail address", "en-en hello",
                                   "xx-fr hello", "en-fr", "en-fr   ", "pt-br portuguese"])
def test_not_translation_queries(query: str) -> None:
    assert language_pair.parse(query) is None


def test_a_language_by_code_or_name() -> None:
    assert language_pair.language("DE") == language_pair.Language("de", "German")
    assert language_pair.language("Español") == language_pair.language("spanish") == language_pair.Language("es", "Spanish")
    assert language_pair.language("klingon") is None and language_pair.language("x") is None
