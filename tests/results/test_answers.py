"""Answers: plain and typed (translations, weather) with SearXNG's fields, built from engine
items, checked like every link, merged, kept by the search cache and shaped for the JSON API."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from searx.formats.csv import render as render_csv
from searx.formats.json import answer_dict
from searx.results.answers import CONDITIONS, Answer, TranslationItem, Translations, WeatherAnswer, answer_from_item
from searx.results.merge import merge
from searx.results.search import EngineReport, SearchOutcome, SearchQuery
from searx.results.types import ResultSet, from_engine_item
from searx.search.cache import SearchCache
from searx.store.memory import MemoryStore

PLACE = {"name": "Heideck, Germany", "latitude": "49.117", "longitude": 11.117, "country_code": "DE"}
NOW: dict[str, Any] = {"location": PLACE, "temperature": {"val": "9", "unit": "°C"}, "condition": "cloudy",
                       "feels_like": {"val": 8, "unit": "°C"}, "wind_from": {"val": "595"},
                       "wind_speed": {"val": "8", "unit": "km/h"}, "humidity": {"val": "58"},
                       "pressure": {"val": 1018, "unit": "hPa"}, "cloud_cover": "100"}
WEATHER = {"template": "answer/weather.html", "current": NOW, "service": "wttr.in", "url": "https://wttr.in/Heideck",
           "forecasts": [{**NOW, "temperature": {"val": 2, "unit": "°C"}, "condition": "clear sky",
                          "datetime": {"datetime": "2026-04-03T00:00:00"}}]}
TRANSLATIONS = {"template": "answer/translations.html", "url": "https://lingva.ml/en/fr/hello",
                "translations": [{"text": "Bonjour", "examples": ["hello there"]}, {"text": "salut!"}]}


def test_the_conditions_are_searxngs() -> None:
    assert len(CONDITIONS) == 41
    assert {"clear sky", "fair", "fog", "light rain showers and thunder", "heavy snow", "sleet showers"} <= CONDITIONS


def test_a_weather_item_is_typed_with_values_coerced() -> None:
    answer = from_engine_item(WEATHER, "wttr.in", "weather")
    assert isinstance(answer, WeatherAnswer) and answer.engine == "wttr.in"
    now = answer.current
    assert now.temperature.val == 9.0 and now.location.latitude == 49.117 and now.cloud_cover == 100
    assert now.wind_from.val == 235.0 and now.wind_from.unit == "°", "an azimuth, turned into 0-360"
    assert now.summary == "Heideck, Germany: 9 °C, cloudy" == answer.answer, "a summary when the engine gave none"
    assert answer.forecasts[0].datetime.datetime.hour == 0


@pytest.mark.parametrize("broken", [
    {"current": {**NOW, "condition": "sunny with a chance of meatballs"}},
    {"current": {**NOW, "temperature": {"val": 9, "unit": "°X"}}},
    {"current": {**NOW, "temperature": {"val": "warm", "unit": "°C"}}},
    {"current": None},
    {"current": {"location": PLACE}},
])
def test_a_weather_item_that_does_not_fit_is_dropped(broken: dict[str, Any]) -> None:
    assert from_engine_item({**WEATHER, **broken}, "wttr.in", "weather") is None


def test_translations_are_typed_and_need_one_translation() -> None:
    answer = from_engine_item(TRANSLATIONS, "lingva", "general")
    assert isinstance(answer, Translations) and answer.answer == "Bonjour"
    assert answer.translations[0].examples == ["hello there"] and answer.translations[1].synonyms == []
    assert from_engine_item({**TRANSLATIONS, "translations": []}, "lingva", "general") is None
    assert from_engine_item({**TRANSLATIONS, "translations": [{"examples": ["x"]}]}, "lingva", "general") is None
    with pytest.raises(ValueError, match="at least one"):
        Translations(translations=[])


def test_answer_links_are_http_only() -> None:
    for item in (WEATHER, TRANSLATIONS, {"answer": "42"}):
        answer = answer_from_item({**item, "url": "javascript:alert(1)"}, "e")
        assert answer is not None and answer.url == ""
    assert Translations(translations=[TranslationItem(text="x")], url="data:,x").url == ""


def test_merging_keeps_each_engines_typed_answers_and_one_of_a_plain_text() -> None:
    parts = [ResultSet(answers=[answer_from_item(TRANSLATIONS, name), Answer(answer="42", engine=name)])
             for name in ("lingva", "mymemory translated")]
    merged = merge(parts, {})
    assert [(a.engine, a.template) for a in merged.answers] == [
        ("lingva", "answer/translations.html"), ("lingva", "answer/legacy.html"),
        ("mymemory translated", "answer/translations.html")]


def test_the_search_cache_gives_typed_answers_back_as_their_class() -> None:
    cache = SearchCache(MemoryStore(), ttl=60)
    sq = SearchQuery(query="!wttr Heideck", engines=("wttr.in",))
    answers = [answer_from_item(WEATHER, "wttr.in"), answer_from_item(TRANSLATIONS, "lingva"), Answer(answer="42")]
    cache.put(sq, ResultSet(answers=answers), [EngineReport("wttr.in", "ok", "", 0, 0.1)])
    got = cache.get(sq)
    assert got is not None
    back = got[0].answers
    assert [type(a) for a in back] == [WeatherAnswer, Translations, Answer]
    assert back[0] == answers[0] and back[0].forecasts[0].condition == "clear sky"


def test_the_json_shape_is_searxngs() -> None:
    weather = answer_dict(answer_from_item(WEATHER, "wttr.in"))
    assert set(weather) == {"url", "engine", "parsed_url", "template", "current", "forecasts", "service"}
    assert weather["current"]["temperature"] == {"val": 9.0, "unit": "°C"}
    assert weather["current"]["location"] == {"name": "Heideck, Germany", "latitude": 49.117, "longitude": 11.117,
                                              "elevation": None, "country_code": "DE", "timezone": ""}
    assert weather["current"]["humidity"] == {"val": 58.0} and weather["current"]["datetime"] is None
    assert weather["forecasts"][0]["datetime"] == {"datetime": "2026-04-03T00:00:00"}
    translations = answer_dict(answer_from_item(TRANSLATIONS, "lingva"))
    assert translations["translations"][1] == {"text": "salut!", "transliteration": "", "examples": [],
                                               "definitions": [], "synonyms": []}
    assert "answer" not in translations, "a typed answer carries its own fields, as SearXNG's as_dict()"
    plain = answer_dict(Answer(answer="42", engine="calc"))
    assert plain == {"url": None, "engine": "calc", "parsed_url": None, "template": "answer/legacy.html", "answer": "42"}


def test_csv_writes_a_typed_answers_line_of_text() -> None:
    answers = ResultSet(answers=[answer_from_item(copy.deepcopy(WEATHER), "w")])
    outcome = SearchOutcome(SearchQuery(query="x", engines=("w",)), answers, [], {})
    assert '"Heideck, Germany: 9 °C, cloudy",https://wttr.in/Heideck,,,w,,answer' in render_csv(outcome).decode()
