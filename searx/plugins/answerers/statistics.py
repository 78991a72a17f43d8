"""The statistics answerer: ``min``, ``max``, ``avg``, ``sum``, ``prod``, ``range`` of numbers (SearXNG's).

``avg 1,5 2`` in German: numbers are read and written in the interface language's
notation, and the answer names it as SearXNG's does (``[de] avg(1,5, 2) = 1,75``).
"""

from __future__ import annotations

import decimal
from collections.abc import Callable
from decimal import Decimal
from functools import reduce

from searx.plugins import N_, SearchContext, numbers
from searx.plugins.answerers import Answerer

MAX_NUMBERS = 64


def _product(args: list[Decimal]) -> Decimal:
    return reduce(lambda a, b: a * b, args, Decimal(1))


FUNCTIONS: dict[str, Callable[[list[Decimal]], Decimal]] = {
    "min": min,
    "max": max,
    "avg": lambda args: sum(args, Decimal(0)) / len(args),
    "sum": lambda args: sum(args, Decimal(0)),
    "prod": _product,
    "range": lambda args: max(args) - min(args),
}


class StatisticsAnswerer(Answerer):
    id = "statistics"
    name = N_("Statistics")
    description = N_('"avg 1 2 3": min, max, avg, sum, prod or range of the numbers.')
    keywords = tuple(FUNCTIONS)

    def answer(self, ctx: SearchContext, words: list[str]) -> str | None:
        if not 2 <= len(words) <= MAX_NUMBERS + 1:
            return None
        locale = numbers.locale_of(ctx.locale)
        args = []
        for word in words[1:]:
            sign, digits = ("-", word[1:]) if word[:1] in "-\u2212" else ("", word)
            value = numbers.parse(numbers.ascii_digits(digits, locale), locale)
            if value is None:
                return None
            args.append(-value if sign else value)
        # a bounded context: a product of 64 huge (or tiny) numbers stays a number, never a memory
        # bomb; a result beyond 1E±9999 gets no answer rather than infinity or a zero it is not
        limits = decimal.Context(prec=28, Emax=numbers.MAX_EXPONENT, Emin=-numbers.MAX_EXPONENT,
                                 traps=[decimal.Overflow, decimal.Underflow])  # fmt: skip
        with decimal.localcontext(limits) as dctx:
            try:
                result = FUNCTIONS[words[0]](args)
            except (decimal.Overflow, decimal.Underflow):
                return None
            exact = not dctx.flags[decimal.Inexact]
        shown = ", ".join(numbers.show(a, locale) for a in args)
        return f"[{locale}] {words[0]}({shown}) = {numbers.show(result, locale, exact=exact)}"
