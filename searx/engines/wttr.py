"""Weather from wttr.in (its ``format=j1`` JSON): the current conditions and the forecast.

The query is the place (``!wttr Berlin``); one request, ``/<place>?format=j1&lang=<lang>``,
gives the current conditions and three days of three-hourly forecasts, which become
SearXNG's weather answer (values in °C, km/h and hPa as wttr.in gives them; the page
shows them in the user's units). The place's name, region and coordinates come from
wttr.in's ``nearest_area``: no second request to a geocoder. A place wttr.in does not know
(HTTP 404) is no result. Not supported: paging, time range, safe search; wttr.in's moon
phases, astronomy and precipitation fields; a place's time zone and elevation (j1 has neither).
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from typing import Any
from urllib.parse import quote

from babel import Locale

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import locale, settings_of, status_error, unparsable

base_url = "https://wttr.in"
url = ""  # SearXNG's key: the whole request URL with {query} and {lang} (empty: base_url's)
categories = ["weather"]
timeout = 9.0
about = {"website": "https://wttr.in", "results": "JSON", "use_official_api": True}

# WorldWeatherOnline's weather codes (wttr.in's source) as SearXNG's condition names
_CODES = {
    "113": "clear sky", "116": "partly cloudy", "119": "cloudy", "122": "cloudy", "143": "fog", "248": "fog",
    "260": "fog", "176": "light rain showers", "263": "light rain showers", "266": "light rain",
    "293": "light rain", "296": "light rain", "299": "rain showers", "302": "rain", "305": "heavy rain showers",
    "308": "heavy rain", "353": "light rain showers", "356": "heavy rain showers", "359": "heavy rain",
    "179": "light snow showers", "227": "light snow", "230": "heavy snow", "323": "light snow showers",
    "326": "light snow", "329": "snow showers", "332": "snow", "335": "heavy snow showers", "338": "heavy snow",
    "368": "light snow showers", "371": "heavy snow showers", "182": "light sleet showers", "185": "light sleet",
    "281": "light sleet", "284": "sleet", "311": "light sleet", "314": "sleet", "317": "light sleet",
    "320": "sleet", "350": "sleet", "362": "light sleet showers", "365": "sleet showers",
    "374": "light sleet showers", "377": "heavy sleet showers", "200": "rain and thunder",
    "386": "light rain showers and thunder", "389": "heavy rain showers and thunder",
    "392": "light snow showers and thunder", "395": "heavy snow showers and thunder",
}
# wttr.in's country names that are not CLDR's English names
_COUNTRY_ALIASES = {"United States of America": "US", "Russia": "RU", "South Korea": "KR", "Czech Republic": "CZ"}


def request(query: str, params: dict[str, Any]) -> None:
    if not query.strip():
        return  # wttr.in would answer for the instance's own address
    lang = locale(params.get("language"))[0] or "en"
    template = str(settings_of(params).get("url") or "")
    place = quote(query.strip(), safe="")
    params["url"] = template.format(query=place, lang=lang) if template else \
        f"{_base_url(params)}/{place}?format=j1&lang={lang}"
    params["raise_for_httperror"] = False  # 404: a place wttr.in does not know


@lru_cache(maxsize=1)
def _country_codes() -> dict[str, str]:
    return {name: code for code, name in Locale("en").territories.items() if len(code) == 2}


def _first(value: Any) -> str:
    """wttr.in's ``[{"value": "..."}]`` text lists."""
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return str(value[0].get("value") or "").strip()
    return ""


def _location(data: dict[str, Any], query: str) -> dict[str, Any]:
    area = (data.get("nearest_area") or [{}])[0]
    name, country = _first(area.get("areaName")), _first(area.get("country"))
    return {"name": ", ".join(part for part in (name or query, country) if part),
            "latitude": area.get("latitude"), "longitude": area.get("longitude"),
            "country_code": _COUNTRY_ALIASES.get(country) or _country_codes().get(country, "")}


def _item(slot: dict[str, Any], place: dict[str, Any], lang: str, when: dt.datetime | None) -> dict[str, Any] | None:
    condition = _CODES.get(str(slot.get("weatherCode")))
    temperature = slot.get("temp_C", slot.get("tempC"))
    if condition is None or temperature is None:
        return None
    words = _first(slot.get(f"lang_{lang}")) or _first(slot.get("weatherDesc")) or condition
    return {
        "location": place, "condition": condition,
        "temperature": {"val": temperature, "unit": "°C"},
        "feels_like": {"val": slot["FeelsLikeC"], "unit": "°C"} if "FeelsLikeC" in slot else None,
        "wind_from": {"val": slot["winddirDegree"]} if "winddirDegree" in slot else None,
        "wind_speed": {"val": slot["windspeedKmph"], "unit": "km/h"} if "windspeedKmph" in slot else None,
        "pressure": {"val": slot["pressure"], "unit": "hPa"} if "pressure" in slot else None,
        "humidity": {"val": slot["humidity"]} if "humidity" in slot else None,
        "cloud_cover": slot.get("cloudcover"),
        "datetime": {"datetime": when.isoformat()} if when else None,
        "summary": f"{place['name']}: {temperature} °C, {words}",
    }


def _forecasts(data: dict[str, Any], place: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    out = []
    for day in data.get("weather") or []:
        try:
            date = dt.datetime.fromisoformat(str(day["date"]))
        except (KeyError, ValueError):
            continue
        for slot in day.get("hourly") or []:
            time = str(slot.get("time") or "0")  # "0", "300", ... "2100"
            hour = int(time) // 100 if time.isdigit() else 0
            item = _item(slot, place, lang, date.replace(hour=min(hour, 23)))
            if item is not None:
                out.append(item)
    return out


def response(resp: Any) -> list[dict[str, Any]]:
    if resp.status_code == 404:
        return []
    if error := status_error(resp):
        raise error
    try:
        data = resp.json()
        current = data["current_condition"][0]
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        raise unparsable(resp, "wttr: no current_condition in the j1 JSON") from exc
    params = resp.search_params
    lang = locale(params.get("language"))[0] or "en"
    place = _location(data, params["query"])
    now = _item(current, place, lang, None)
    if now is None:
        raise unparsable(resp, f"wttr: unknown weather code {current.get('weatherCode')!r}")
    url = f"{_base_url(params)}/{quote(params['query'].strip(), safe='')}"
    return [{"template": "answer/weather.html", "current": now, "forecasts": _forecasts(data, place, lang),
             "service": "wttr.in", "url": url}]
