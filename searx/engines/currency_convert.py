"""Currency conversion ("10 usd in eur") with DuckDuckGo's currency data (XE rates, JSONP).

Only a query that reads as a conversion is sent (``searx.enginelib.currencies``: ISO codes,
symbols and common names in a few languages); any other query asks nothing. One request,
``/js/spice/currency/1/<from>/<to>``: the mid rate of one unit, multiplied here. The answer
names the currencies in the search language (CLDR names). Not supported: paging, time
range, safe search; historic rates; cryptocurrencies beyond what XE lists.
"""

from __future__ import annotations

import json
import math
from typing import Any
from urllib.parse import quote_plus

from babel import UnknownLocaleError
from babel.numbers import format_decimal, get_currency_name, get_decimal_symbol

from searx.enginelib import currencies
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import locale, settings_of, unparsable

base_url = "https://duckduckgo.com"
categories = ["currency", "general"]
weight = 100
timeout = 3.0
about = {"website": "https://duckduckgo.com/", "results": "JSONP", "use_official_api": False}


def _decimal_mark(lang: str) -> str:
    try:
        return str(get_decimal_symbol(lang or "en"))
    except (UnknownLocaleError, ValueError):
        return "."


def request(query: str, params: dict[str, Any]) -> None:
    if not any(c.isdigit() for c in query):
        return  # not a conversion (the cheap test first: this runs for every general search)
    conversion = currencies.parse(query, _decimal_mark(locale(params.get("language"))[0]))
    if conversion is None:
        return
    params["conversion"] = conversion
    url = str(settings_of(params)["base_url"])
    if "%(from_iso4217)s" in url:  # SearXNG's form of the key: the whole URL
        params["url"] = url % {"from_iso4217": conversion.source, "to_iso4217": conversion.target}
    else:
        params["url"] = f"{_base_url(params)}/js/spice/currency/1/{conversion.source}/{conversion.target}"


def _number(value: float, lang: str) -> str:
    """Two decimals, or as many as three significant digits need for small values."""
    decimals = 2 if value == 0 or abs(value) >= 1 else min(10, 2 - math.floor(math.log10(abs(value))))
    try:
        return format_decimal(value, format="#,##0." + "#" * decimals, locale=lang or "en")
    except (UnknownLocaleError, ValueError):
        return format_decimal(value, format="#,##0." + "#" * decimals, locale="en")


def _name(code: str, lang: str) -> str:
    try:
        return str(get_currency_name(code, locale=lang or "en"))
    except (UnknownLocaleError, ValueError):
        return str(get_currency_name(code, locale="en"))


def _rate(resp: Any) -> float | None:
    """The mid rate in ``ddg_spice_currency({...});``, None when DuckDuckGo has none."""
    text = resp.text
    start, end = text.find("("), text.rfind(")")
    if start < 0 or end <= start:
        raise unparsable(resp, "currency: no ddg_spice_currency(...) wrapper")
    try:
        data = json.loads(text[start + 1:end])
    except ValueError as exc:
        raise unparsable(resp, "currency: the JSONP body is not JSON") from exc
    quotes = data.get("to") if isinstance(data, dict) else None
    if not isinstance(quotes, list):
        raise unparsable(resp, "currency: no 'to' list")
    try:
        return float(quotes[0]["mid"]) if quotes else None
    except (KeyError, TypeError, ValueError) as exc:
        raise unparsable(resp, "currency: no mid rate") from exc


def response(resp: Any) -> list[dict[str, Any]]:
    params = resp.search_params
    conversion: currencies.Conversion = params["conversion"]
    rate = _rate(resp)
    if rate is None:
        return []
    lang = locale(params.get("language"))[0]
    source, target = conversion.source, conversion.target
    answer = (f"{_number(conversion.amount, lang)} {source} = {_number(conversion.amount * rate, lang)} {target} "
              f"(1 {_name(source, lang)} : {_number(rate, lang)} {_name(target, lang)})")
    link = f"https://duckduckgo.com/?q={quote_plus(f'{source} to {target}')}"
    return [{"answer": answer, "url": link}]
