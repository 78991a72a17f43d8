"""Answers: a line of text (SearXNG's ``answer/legacy.html``) or a typed answer with
SearXNG's fields, translations (``answer/translations.html``) and weather
(``answer/weather.html``).

Engines return dicts; ``answer_from_item`` types them (values coerced as msgspec
does, "9" becomes 9.0; an item that does not fit is dropped). Every answer keeps
a line of text in ``answer`` for the formats that show one (CSV, the summary's
skip rule); the JSON API shows a typed answer's own fields as SearXNG does.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import msgspec

from searx.results.links import checked, safe_url

LEGACY = "answer/legacy.html"
TRANSLATIONS = "answer/translations.html"
WEATHER = "answer/weather.html"

# SearXNG's weather conditions (the yr.no designations)
CONDITIONS = frozenset({
    "clear sky", "partly cloudy", "cloudy", "fair", "fog",
    *(f"{strength}{kind}{showers}{thunder}".strip()
      for strength in ("light ", "", "heavy ") for kind in ("rain", "sleet", "snow")
      for showers in ("", " showers") for thunder in ("", " and thunder")),
})


class Answer(msgspec.Struct, kw_only=True, tag=True, tag_field="answer_class"):
    """An instant answer (plugins and engines). ``kind`` tells templates what it is.

    Tagged, so the search cache gives each typed answer back as its own class.
    """

    answer: str = ""
    url: str = ""
    engine: str = ""
    kind: str = "answer"
    template: str = LEGACY
    # a summary placeholder carries its data here (see searx.plugins.ai_summary)
    data: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        self.url = checked(self.url)

    @property
    def key(self) -> tuple[str, ...]:
        """Two answers with the same key are one (merging): the same text, for plain answers."""
        return (self.template, self.answer)


class TranslationItem(msgspec.Struct, kw_only=True):
    """One translation (or definition): its text and what the dictionary adds to it."""

    text: str
    transliteration: str = ""
    examples: list[str] = msgspec.field(default_factory=list)
    definitions: list[str] = msgspec.field(default_factory=list)
    synonyms: list[str] = msgspec.field(default_factory=list)


class Translations(Answer, kw_only=True):
    """Translations or definitions of the query (lingva, translated, dictzone, wordnik)."""

    template: str = TRANSLATIONS
    translations: list[TranslationItem] = msgspec.field(default_factory=list)

    def __post_init__(self) -> None:
        super().__post_init__()
        if not self.translations:
            raise ValueError("a translations answer needs at least one translation")
        self.answer = self.answer or self.translations[0].text

    @property
    def key(self) -> tuple[str, ...]:
        return (self.template, self.engine, self.answer)  # each engine's translations are kept


def _unit(value: str, units: tuple[str, ...]) -> None:
    if value not in units:
        raise ValueError(f"unit {value!r} is not one of {units}")


class Temperature(msgspec.Struct, kw_only=True):
    val: float
    unit: str

    def __post_init__(self) -> None:
        _unit(self.unit, ("°C", "°F", "K"))


class Pressure(msgspec.Struct, kw_only=True):
    val: float
    unit: str

    def __post_init__(self) -> None:
        _unit(self.unit, ("Pa", "hPa", "cm Hg", "bar"))


class WindSpeed(msgspec.Struct, kw_only=True):
    val: float
    unit: str

    def __post_init__(self) -> None:
        _unit(self.unit, ("m/s", "km/h", "kn", "mph", "mi/h", "Bft"))


class RelativeHumidity(msgspec.Struct, kw_only=True):
    val: float  # percent


class Compass(msgspec.Struct, kw_only=True):
    val: float  # azimuth the wind comes from, degrees
    unit: str = "°"

    def __post_init__(self) -> None:
        self.val %= 360.0
        self.unit = "°"


class GeoLocation(msgspec.Struct, kw_only=True):
    name: str
    latitude: float | None = None
    longitude: float | None = None
    elevation: float | None = None
    country_code: str = ""  # ISO 3166-1 alpha-2
    timezone: str = ""


class DateTime(msgspec.Struct, kw_only=True):
    datetime: dt.datetime  # the place's local time


class WeatherItem(msgspec.Struct, kw_only=True):
    """The weather at one point in time (SearXNG's ``WeatherAnswer.Item``)."""

    location: GeoLocation
    temperature: Temperature
    condition: str
    datetime: DateTime | None = None  # None for the current conditions
    summary: str | None = None
    feels_like: Temperature | None = None
    pressure: Pressure | None = None
    humidity: RelativeHumidity | None = None
    wind_from: Compass | None = None
    wind_speed: WindSpeed | None = None
    cloud_cover: int | None = None

    def __post_init__(self) -> None:
        if self.condition not in CONDITIONS:
            raise ValueError(f"unknown weather condition {self.condition!r}")
        if not self.summary:
            self.summary = f"{self.location.name}: {self.temperature.val:g} {self.temperature.unit}, {self.condition}"


class WeatherAnswer(Answer, kw_only=True):
    """Current conditions and forecasts at one place (wttr)."""

    template: str = WEATHER
    current: WeatherItem
    forecasts: list[WeatherItem] = msgspec.field(default_factory=list)
    service: str = ""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.answer = self.answer or self.current.summary or ""

    @property
    def key(self) -> tuple[str, ...]:
        return (self.template, self.engine, self.answer)


AnyAnswer = Answer | Translations | WeatherAnswer
_TYPED: dict[str, type[Answer]] = {TRANSLATIONS: Translations, WEATHER: WeatherAnswer}
_BASE_FIELDS = frozenset(Answer.__struct_fields__)


def answer_from_item(item: dict[str, Any], engine: str) -> Answer | None:
    """The answer an engine's dict stands for, or None (no text, or fields that do not fit)."""
    cls = _TYPED.get(str(item.get("template") or ""))
    url = safe_url(str(item.get("url") or ""))
    if cls is None:
        text = item.get("answer")
        text = (text if isinstance(text, str) else "" if text is None else str(text)).strip()
        return Answer(answer=text, url=url, engine=engine) if text else None
    own = {name: item[name] for name in cls.__struct_fields__ if name not in _BASE_FIELDS and name in item}
    try:
        return msgspec.convert({**own, "url": url, "engine": engine}, cls, strict=False)
    except msgspec.ValidationError:
        return None


def own_fields(answer: Answer) -> dict[str, Any]:
    """A typed answer's fields of its own (SearXNG's JSON names), as JSON-ready values."""
    names = [name for name in type(answer).__struct_fields__ if name not in _BASE_FIELDS]
    return {name: msgspec.to_builtins(getattr(answer, name)) for name in names}
