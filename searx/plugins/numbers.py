"""Numbers as people type and read them: digits of any script, the interface language's separators (Babel).

Shared by the calculator, the unit converter and the statistics answerer. Parsing is
strict: ``1,5`` is one and a half in German and no number in English, never fifteen.
"""

from __future__ import annotations

import unicodedata
from decimal import Context, Decimal, DecimalException
from functools import lru_cache

import babel.numbers
from babel import Locale, UnknownLocaleError

# Arabic's own decimal and thousands separators, read as the locale's
_ARABIC_DECIMAL, _ARABIC_GROUP = "\u066b", "\u066c"
# plainly a decimal point: what is read when the locale's own reading fails ("1.5" in German)
_POINT_ONLY = frozenset("0123456789.")
_WHOLE = Decimal(10) ** 28  # every digit of a whole number below this is exact at 28 digits
_SHOWN = Decimal("1e15")
# the largest power of ten a number may be typed with (1E9999): beyond it a context's exponent
# limits are reached while the number is only being written down
MAX_EXPONENT = 9999


@lru_cache(maxsize=64)
def locale_of(name: str) -> str:
    """``name`` when Babel knows it (``de``, ``pt_BR``), else ``en``."""
    try:
        Locale.parse(name.replace("-", "_"))
    except (ValueError, TypeError, UnknownLocaleError):
        return "en"
    return name.replace("-", "_")


@lru_cache(maxsize=64)
def symbols(locale: str) -> tuple[str, str]:
    """(decimal, group) symbols of ``locale`` in Latin digits."""
    return babel.numbers.get_decimal_symbol(locale), babel.numbers.get_group_symbol(locale)


def ascii_digits(text: str, locale: str = "en") -> str:
    """``text`` with every decimal digit (Arabic-Indic, fullwidth, Devanagari, ...) as 0-9 and
    Arabic's separators as the locale's; other characters unchanged."""
    if text.isascii():
        return text
    decimal, group = symbols(locale)
    out = []
    for ch in text:
        digit = unicodedata.decimal(ch, None)
        if digit is not None:
            out.append(str(digit))
        elif ch == _ARABIC_DECIMAL:
            out.append(decimal)
        elif ch == _ARABIC_GROUP:
            out.append(group)
        else:
            out.append(ch)
    return "".join(out)


def parse(text: str, locale: str) -> Decimal | None:
    """The unsigned number ``text`` (ASCII digits) in the locale's notation, or None.

    Grouping must be right (``1,500`` in English, ``1.500`` in German); a lone decimal point
    that the locale cannot read (``1.5`` in German) is read as one, since it means nothing else.
    Only finite numbers from 1E-9999 to 1E9999 (or 0): never ``NaN``, ``Infinity`` or ``1E999999999``.
    """
    if not text or len(text) > 60:
        return None
    try:
        value = babel.numbers.parse_decimal(text, locale=locale, strict=True)
    # DecimalException: strict parsing writes the number back to compare, and 1,E1000000 overflows there
    except (babel.numbers.NumberFormatError, ValueError, DecimalException):
        if text.count(".") != 1 or not set(text) <= _POINT_ONLY or text == ".":
            return None
        value = Decimal(text)
    if not value.is_finite() or (value and not -MAX_EXPONENT <= value.adjusted() <= MAX_EXPONENT):
        return None
    return value


def show(value: Decimal, locale: str, *, digits: int = 10, exact: bool = True) -> str:
    """``value`` written in the locale's notation: whole numbers in full (up to 28 digits; up to 15
    when the value was rounded, so no lost digit is shown as a zero), others with up to ``digits``
    decimals, very large or small ones in scientific notation."""
    value = value.normalize() if value else Decimal(0)
    size = abs(value)
    if value == value.to_integral_value() and size < (_WHOLE if exact else _SHOWN):
        return babel.numbers.format_decimal(value, format="#,##0", locale=locale)
    if Decimal("1e-6") <= size < _SHOWN:
        return babel.numbers.format_decimal(value, format="#,##0." + "#" * digits, locale=locale)
    rounded = Context(prec=10).create_decimal(value)  # first: 9.99999999999E39 shows as 1E40, never 10E39
    return babel.numbers.format_scientific(rounded, format="0.#########E0", locale=locale)
