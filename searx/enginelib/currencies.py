"""The query shape of currency conversions (``10 usd in eur``, ``10 dollars to euro``,
``€5 to £``, ``1.000,50 franken in dollar``) and the currencies it may name. Pure parsing.

A currency is an ISO 4217 code (CLDR's list, through Babel), a symbol, or a common name in
English, German, French, Spanish, Italian or Portuguese (``NAMES``, a small table: the
everyday words, not every currency's official name). A bare "dollar" is the US dollar, a
bare "peso" the Mexican peso, as most people asking mean.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from babel.numbers import list_currencies

NAMES: dict[str, tuple[str, ...]] = {
    "USD": ("$", "us$", "dollar", "dollars", "us dollar", "us dollars", "american dollar", "american dollars",
            "dólar", "dólares", "dollaro", "dollari", "dolar", "dolares", "dollar américain", "us-dollar"),
    "EUR": ("€", "euro", "euros", "evro", "евро"),
    "GBP": ("£", "pound", "pounds", "pound sterling", "pounds sterling", "sterling", "british pound",
            "british pounds", "pfund", "livre sterling", "livres sterling", "libra", "libras", "sterlina", "sterline"),
    "JPY": ("¥", "yen", "japanese yen", "円"),
    "CNY": ("yuan", "renminbi", "rmb", "chinese yuan", "元", "人民币"),
    "INR": ("₹", "rupee", "rupees", "indian rupee", "indian rupees", "roupie", "roupies", "rupia", "rupias"),
    "CHF": ("swiss franc", "swiss francs", "franken", "schweizer franken", "franc suisse", "francs suisses",
            "franco suizo", "franchi svizzeri"),
    "CAD": ("c$", "ca$", "canadian dollar", "canadian dollars", "dollar canadien", "kanadischer dollar"),
    "AUD": ("a$", "au$", "australian dollar", "australian dollars", "australischer dollar"),
    "NZD": ("nz$", "new zealand dollar", "new zealand dollars"),
    "HKD": ("hk$", "hong kong dollar", "hong kong dollars"),
    "SGD": ("s$", "singapore dollar", "singapore dollars"),
    "SEK": ("swedish krona", "swedish kronor", "krona", "kronor", "schwedische krone"),
    "NOK": ("norwegian krone", "norwegian kroner", "norwegische krone"),
    "DKK": ("danish krone", "danish kroner", "dänische krone"),
    "PLN": ("zł", "zloty", "zlotys", "złoty", "złotych", "zloty polonais"),
    "CZK": ("kč", "koruna", "czech koruna", "tschechische krone"),
    "HUF": ("forint", "forints"),
    "RUB": ("₽", "ruble", "rubles", "rouble", "roubles", "rubel", "рубль", "рублей", "рубля"),
    "UAH": ("₴", "hryvnia", "hryvnias", "гривня", "гривень"),
    "TRY": ("₺", "lira", "turkish lira", "türkische lira", "türk lirası"),
    "BRL": ("r$", "real", "reais", "brazilian real", "real brasileiro"),
    "MXN": ("peso", "pesos", "mexican peso", "mexican pesos", "peso mexicano", "pesos mexicanos"),
    "ARS": ("argentine peso", "argentine pesos", "peso argentino", "pesos argentinos"),
    "KRW": ("₩", "won", "korean won", "원"),
    "ZAR": ("rand", "south african rand"),
    "ILS": ("₪", "shekel", "shekels", "new shekel"),
    "THB": ("฿", "baht"),
    "VND": ("₫", "dong", "đồng"),
    "PHP": ("₱", "philippine peso", "philippine pesos"),
    "IDR": ("rupiah",),
    "MYR": ("ringgit",),
    "EGP": ("egyptian pound", "egyptian pounds"),
    "SAR": ("riyal", "saudi riyal"),
    "AED": ("dirham", "uae dirham"),
    "BTC": ("₿", "bitcoin", "bitcoins"),
}
# words between the two currencies: "to", "in" and their neighbours in a few languages
_JOIN = r"in|to|into|en|a|nach|em|na|в|naar|på|til|i"
_AMOUNT = r"\d+(?:[.,]\d+)*"
# [symbol]amount[ ]currency join currency, optionally after other words ("convert 10 usd to eur")
_CONVERSION = re.compile(
    rf"(?:^|\s)(?P<pre>[^\w\s]{{1,3}})?(?P<amount>{_AMOUNT})\s*(?P<source>[^\d\s][^\d]*?)?\s+(?:{_JOIN})\s+"
    r"(?P<target>[^\d\s][^\d]*?)\s*[?!.]?$", re.IGNORECASE)

_LONGEST = 120  # characters: longer queries are not conversions (and the pattern stays cheap)


@dataclass(frozen=True)
class Conversion:
    amount: float
    source: str  # ISO 4217 code
    target: str


def _normal(name: str) -> str:
    return unicodedata.normalize("NFC", " ".join(name.casefold().replace("-", " ").split())).strip(".")


@lru_cache(maxsize=1)
def _table() -> dict[str, str]:
    """Name or symbol (normalised) -> ISO code; ISO codes of CLDR's list map to themselves."""
    table = {code.casefold(): code for code in list_currencies()}
    for code, names in NAMES.items():
        table.update({_normal(name): code for name in names})
    return table


def currency(name: str) -> str | None:
    """The ISO 4217 code a code, symbol or common name stands for, or None."""
    key = _normal(name)
    return _table().get(key) or _table().get(key.replace(" ", "-"))


def amount(text: str, decimal: str = ".") -> float | None:
    """``10``, ``10.5``, ``10,5``, ``1,000.50``, ``1.000,50`` -> a number (None if it is none).

    A lone separator followed by groups of three digits groups thousands unless it is the
    language's decimal mark (``decimal``): ``1.000`` is a thousand in German, one in English.
    """
    if "," in text and "." in text:
        mark = "," if text.rfind(",") > text.rfind(".") else "."
        text = text.replace("." if mark == "," else ",", "").replace(mark, ".")
    elif "," in text or "." in text:
        sep = "," if "," in text else "."
        parts = text.split(sep)
        if all(len(part) == 3 for part in parts[1:]) and (len(parts) > 2 or sep != decimal):
            text = text.replace(sep, "")
        elif len(parts) == 2:
            text = text.replace(sep, ".")
        else:
            return None
    try:
        return float(text)
    except ValueError:
        return None


def parse(query: str, decimal: str = ".") -> Conversion | None:
    """The conversion a query asks for, or None when it is not one (``decimal``: the search
    language's decimal mark)."""
    if len(query) > _LONGEST or not any(c.isdigit() for c in query):
        return None  # a conversion is short and has an amount
    match = _CONVERSION.search(query.strip())
    if not match:
        return None
    source_name = match.group("source") or match.group("pre") or ""
    source, target = currency(source_name), currency(match.group("target"))
    value = amount(match.group("amount"), decimal)
    if not source or not target or value is None or source == target:
        return None
    return Conversion(value, source, target)
