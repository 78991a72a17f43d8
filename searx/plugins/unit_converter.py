"""The unit_converter plugin: ``10 km in mi``, ``100 °F to °C``, ``5 lb as kg`` (``searx.plugins.units``).

A query qualifies when it starts with a number and holds one of SearXNG's
keywords (``in``, ``to``, ``as``) between two units of one dimension. ``in`` is
also the inch: every keyword position is tried (``10 in in cm``).
"""

from __future__ import annotations

import re
from decimal import Decimal

from searx.plugins import N_, AnswerPlugin, SearchContext, numbers
from searx.plugins.units import Unit, convert, lookup

KEYWORDS = ("in", "to", "as")
MAX_LENGTH = 100
# a number at the start (digits of any script, the locale's separators), a sign before it
_MEASURE = re.compile(r"^([+-]?)(\d[\d.,\u066b\u066c]*|[.,]\d+)\s*(.*)$", re.DOTALL)


def _units(words: list[str]) -> list[tuple[Unit, Unit, str]]:
    """(source, target, the target as written) for each keyword position naming two units of one dimension."""
    found = []
    for i, word in enumerate(words):
        if word.lower() in KEYWORDS and 0 < i < len(words) - 1:
            source, target = lookup(" ".join(words[:i])), lookup(" ".join(words[i + 1:]))
            if source and target and source.dimension == target.dimension:
                found.append((source, target, " ".join(words[i + 1:])))
    return found


def answer(query: str, locale: str) -> str | None:
    """``10 km = 6.21371 mi`` in the locale's notation, or None when ``query`` is no conversion."""
    query = query.strip()
    if not query or len(query) > MAX_LENGTH or not (query[0].isdecimal() or query[0] in "+-.,"):
        return None  # the one check every other query pays for
    measured = _MEASURE.match(query)
    if not measured:
        return None
    sign, digits, rest = measured.groups()
    value = numbers.parse(numbers.ascii_digits(digits, locale), locale)
    found = _units(rest.split())
    if value is None or not found:
        return None
    source, target, _ = found[0]
    amount = -value if sign == "-" else value
    result = convert(float(amount), source, target)
    if source.dimension == "temperature" and float(amount) * source.factor + source.offset < 0:
        return None  # below absolute zero
    shown = Decimal(f"{result:.6g}")
    exact = shown == Decimal(f"{result:.15g}")  # the 6 digits dropped none: a large result may be written in full
    return f"{numbers.show(amount, locale)} {source.symbol} = {numbers.show(shown, locale, exact=exact)} {target.symbol}"


class UnitConverterPlugin(AnswerPlugin):
    id = "unit_converter"
    name = N_("Unit converter")
    description = N_("Convert measures: 10 km in mi, 100 °F to °C, 5 lb in kg.")

    def answer(self, ctx: SearchContext) -> str | None:
        return answer(ctx.query, numbers.locale_of(ctx.locale))
