"""The calculator plugin: ``2^16``, ``(1,5 + 2) * 3`` answer with their value (``searx.plugins.arithmetic``)."""

from __future__ import annotations

from searx.plugins import N_, AnswerPlugin, SearchContext, numbers
from searx.plugins.arithmetic import CANDIDATE, MAX_LENGTH, calculate


def answer(query: str, locale: str) -> str | None:
    """``query = value`` in the locale's notation, or None when ``query`` is no calculation."""
    query = query.strip()
    if not query or len(query) > MAX_LENGTH or not CANDIDATE.match(query):
        return None  # the one check every other query pays for
    try:
        value, exact = calculate(query, locale)
    except ValueError:  # no calculation, or one without an answer
        return None
    return f"{' '.join(query.split())} = {numbers.show(value, locale, exact=exact)}"


class CalculatorPlugin(AnswerPlugin):
    id = "calculator"
    name = N_("Calculator")
    description = N_("Answer calculations such as 2^16 or (1.5 + 2) * 3.")

    def answer(self, ctx: SearchContext) -> str | None:
        return answer(ctx.query, numbers.locale_of(ctx.locale))
