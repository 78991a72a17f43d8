"""What the typed answers' templates show: the weather in the user's units, by day.

Pure helpers (no request): the page passes the answer, the search language and the
interface locale. Units: °F and mph where the search language names a region that uses
them (``en-US``); without a region, the place's country decides; elsewhere °C and km/h.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from babel import Locale, UnknownLocaleError
from babel.dates import format_skeleton
from babel.numbers import format_decimal

from searx.results.answers import Temperature, WeatherAnswer, WeatherItem

# regions that give temperatures in °F (CLDR's unit preferences)
FAHRENHEIT_REGIONS = frozenset({"US", "BS", "BZ", "KY", "LR", "PW", "FM", "MH", "PR", "GU", "VI", "AS", "MP"})
_POINTS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")
# a condition's group (the templates name each group in the user's language) and its symbol,
# all in the Basic Multilingual Plane (common fonts have them; an emoji font is not needed)
_GLYPHS = {"clear": "☀", "partly cloudy": "⛅", "cloudy": "☁", "fog": "≋", "rain": "☔", "sleet": "☔",
           "snow": "❄", "thunder": "⚡"}


@dataclass(frozen=True)
class Conditions:
    group: str  # clear, partly cloudy, cloudy, fog, rain, sleet, snow, thunder
    glyph: str
    temperature: str
    feels_like: str = ""
    wind: str = ""
    humidity: str = ""
    pressure: str = ""


@dataclass(frozen=True)
class Day:
    date: str  # "Sat, Apr 4" in the interface language
    conditions: Conditions  # at midday
    low: str
    high: str


@dataclass(frozen=True)
class WeatherView:
    place: str
    unit: str  # of the days' lows and highs
    now: Conditions
    days: list[Day]


def group(condition: str) -> str:
    if "thunder" in condition:
        return "thunder"
    for word in ("sleet", "snow", "rain"):
        if word in condition:
            return word
    return {"clear sky": "clear", "fair": "clear"}.get(condition, condition)


def fahrenheit(search_language: str | None, country_code: str) -> bool:
    """Whether the user reads °F: the search language's region, else the place's country."""
    region = (search_language or "").replace("_", "-").partition("-")[2].upper()
    return (region or country_code.upper()) in FAHRENHEIT_REGIONS


def _locale(name: str) -> Locale:
    try:
        return Locale.parse(name)
    except (ValueError, UnknownLocaleError):
        return Locale("en")


def _degrees(t: Temperature, in_f: bool) -> float:
    celsius = t.val if t.unit == "°C" else (t.val - 32) * 5 / 9 if t.unit == "°F" else t.val - 273.15
    return celsius * 9 / 5 + 32 if in_f else celsius


def _conditions(item: WeatherItem, in_f: bool, loc: Locale) -> Conditions:
    def number(value: float) -> str:
        return format_decimal(round(value), locale=loc)

    unit = "°F" if in_f else "°C"
    wind = ""
    if item.wind_speed is not None:
        kmh = item.wind_speed.val * {"m/s": 3.6, "kn": 1.852, "mph": 1.609344, "mi/h": 1.609344}.get(
            item.wind_speed.unit, 1.0)
        speed = f"{number(kmh / 1.609344)} mph" if in_f else f"{number(kmh)} km/h"
        point = _POINTS[int((item.wind_from.val + 11.25) // 22.5) % 16] if item.wind_from is not None else ""
        wind = f"{point} {speed}".strip()
    name = group(item.condition)
    return Conditions(
        group=name, glyph=_GLYPHS.get(name, ""),
        temperature=f"{number(_degrees(item.temperature, in_f))} {unit}",
        feels_like=f"{number(_degrees(item.feels_like, in_f))} {unit}" if item.feels_like else "",
        wind=wind,
        humidity=f"{number(item.humidity.val)} %" if item.humidity else "",
        pressure=f"{number(item.pressure.val)} {item.pressure.unit}" if item.pressure else "",
    )


def _days(forecasts: list[WeatherItem], in_f: bool, loc: Locale, count: int) -> list[Day]:
    by_date: dict[dt.date, list[WeatherItem]] = {}
    for item in forecasts:
        if item.datetime is not None:
            by_date.setdefault(item.datetime.datetime.date(), []).append(item)
    days = []
    for date in sorted(by_date)[:count]:
        items = by_date[date]
        midday = min(items, key=lambda i: abs(i.datetime.datetime.hour - 12) if i.datetime else 24)
        temps = [_degrees(i.temperature, in_f) for i in items]
        days.append(Day(date=format_skeleton("MMMEd", date, locale=loc), conditions=_conditions(midday, in_f, loc),
                        low=format_decimal(round(min(temps)), locale=loc),
                        high=format_decimal(round(max(temps)), locale=loc)))
    return days


def weather_view(answer: WeatherAnswer, search_language: str | None, ui_locale: str, days: int = 3) -> WeatherView:
    """The current conditions and ``days`` days of forecast, in the user's units and language."""
    loc = _locale(ui_locale)
    in_f = fahrenheit(search_language, answer.current.location.country_code)
    return WeatherView(place=answer.current.location.name, unit="°F" if in_f else "°C",
                       now=_conditions(answer.current, in_f, loc), days=_days(answer.forecasts, in_f, loc, days))
