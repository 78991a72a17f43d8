"""The typed answers on the results page: the weather in the user's units and language, the
translations folding out without JavaScript, every field escaped, right to left."""

from __future__ import annotations

import json
from typing import Any

import lxml.html
import pytest

from searx.results.answers import answer_from_item
from searx.webapp.answers import fahrenheit, group, weather_view

EVIL = '<script>alert("x")</script><img src=x onerror=alert(1)>'
SLOT: dict[str, Any] = {"location": {"name": "Heideck, Germany", "country_code": "DE"},
                        "temperature": {"val": 9, "unit": "°C"}, "condition": "cloudy",
                        "feels_like": {"val": 8, "unit": "°C"}, "wind_from": {"val": 235},
                        "wind_speed": {"val": 8, "unit": "km/h"}, "humidity": {"val": 58},
                        "pressure": {"val": 1018, "unit": "hPa"}}


def slot(day: int, hour: int, celsius: float, condition: str) -> dict[str, Any]:
    return {**SLOT, "temperature": {"val": celsius, "unit": "°C"}, "condition": condition,
            "datetime": {"datetime": f"2026-04-0{day}T{hour:02}:00:00"}}


FORECAST = [slot(day, hour, 5 + day + hour / 3, cond) for day, cond in ((3, "clear sky"), (4, "light rain"),
                                                                       (5, "heavy snow showers and thunder"),
                                                                       (6, "fog"))
            for hour in (0, 12, 21)]
WEATHER = {"template": "answer/weather.html", "current": SLOT, "forecasts": FORECAST, "service": "wttr.in"}


@pytest.mark.parametrize(("language", "country", "expected"), [
    ("en-US", "DE", True), ("en-GB", "US", False), ("de-DE", "US", False), ("all", "US", True), ("en", "LR", True),
    ("fr", "FR", False), (None, "", False), ("es-PR", "", True),
])
def test_fahrenheit_from_the_search_region_else_the_place(language: str | None, country: str, expected: bool) -> None:
    assert fahrenheit(language, country) is expected


def test_the_view_converts_units_and_groups_three_days() -> None:
    answer = answer_from_item(WEATHER, "wttr.in")
    us = weather_view(answer, "en-US", "en")
    assert (us.now.temperature, us.now.feels_like, us.now.wind) == ("48 °F", "46 °F", "SW 5 mph")
    assert (us.now.humidity, us.now.pressure, us.now.group, us.unit) == ("58 %", "1,018 hPa", "cloudy", "°F")
    assert [d.date for d in us.days] == ["Fri, Apr 3", "Sat, Apr 4", "Sun, Apr 5"], "three days, not four"
    assert [d.conditions.group for d in us.days] == ["clear", "rain", "thunder"]
    assert (us.days[0].low, us.days[0].high) == ("46", "59"), "8 °C and 15 °C"
    german = weather_view(answer, "de-DE", "de")
    assert german.now.temperature == "9 °C" and german.now.pressure == "1.018 hPa" and german.days[0].date == "Fr., 3. Apr."


def test_condition_groups() -> None:
    assert [group(c) for c in ("clear sky", "fair", "partly cloudy", "light sleet showers", "rain and thunder",
                               "heavy snow")] == ["clear", "clear", "partly cloudy", "sleet", "thunder", "snow"]


def lingva(body: dict[str, Any]) -> bytes:
    return json.dumps(body).encode()


def test_hostile_translations_are_text_and_fold_out_without_script(engine_client: Any, hosts: Any) -> None:
    hosts.route("lingva.ml", "/api/v1/en/fr/", lingva({"translation": EVIL, "info": {
        "extraTranslations": [{"list": [{"word": "salut" + EVIL, "meanings": [EVIL]}]}]}}), content_type="application/json")
    client = engine_client([{"name": "lingva", "engine": "lingva", "shortcut": "lv", "categories": ["general"]}])
    resp = client.get("/search?q=en-fr+hello")
    assert b"<script>alert" not in resp.data and b"onerror=alert(1)>" not in resp.data
    page = lxml.html.fromstring(resp.data)
    box = page.xpath("//section[contains(@class, 'translations')]")[0]
    assert box.xpath(".//p[@class='translation-main']/strong")[0].text == EVIL, "shown as text"
    assert box.xpath(".//details/summary") and box.xpath(".//details//dd//li")[0].text == EVIL
    assert box.xpath(".//a[@class='answer-source']")[0].get("href") == "https://lingva.ml/en/fr/hello"


def test_weather_reads_right_to_left_with_numbers_kept_left_to_right(engine_client: Any, hosts: Any) -> None:
    hosts.route("wttr.in", "/", lingva({"current_condition": [{"temp_C": "9", "FeelsLikeC": "8", "weatherCode": "122",
                                                             "winddirDegree": "235", "windspeedKmph": "8",
                                                             "humidity": "58", "pressure": "1018", "cloudcover": "100",
                                                             "weatherDesc": [{"value": EVIL}]}],
                                       "nearest_area": [{"areaName": [{"value": EVIL}], "country": [{"value": "Germany"}]}],
                                       "weather": []}), content_type="application/json")
    client = engine_client([{"name": "wttr.in", "engine": "wttr", "shortcut": "wttr", "categories": ["weather"]}])
    client.set_cookie("locale", "ar")
    resp = client.get("/search?q=!wttr+Heideck")
    page = lxml.html.fromstring(resp.data)
    assert page.get("dir") == "rtl" and b"<script>alert" not in resp.data
    box = page.xpath("//section[contains(@class, 'weather')]")[0]
    assert box.xpath(".//h2")[0].get("dir") == "auto" and EVIL in box.xpath(".//h2")[0].text
    (wind,) = box.xpath(".//dd/bdi[@dir='ltr']")
    assert wind.text.startswith("SW "), "a compass point and a speed, kept left to right"
    assert not box.xpath(".//ol[@class='weather-days']"), "no forecast: no days"
