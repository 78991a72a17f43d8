"""Arithmetic without eval: ``+ - * / ^ %``, parentheses, unary minus and decimals, bounded.

Numbers are read in the interface language's separators (``searx.plugins.numbers``).
The text is turned into postfix order by the shunting-yard method and evaluated
with ``decimal`` under a small context: no recursion (10,000 nested parentheses
cost one pass and a refusal), at most ``MAX_LENGTH`` characters and ``MAX_DEPTH``
levels, and no result beyond 10^±``MAX_EXPONENT``: ``9^9^9^9`` is refused from the
size of its result before anything is computed. A result that would round to nothing
(underflow) or a remainder whose quotient has more than 28 digits (``10^30 % 7``) is
refused too: no answer rather than a wrong one.
"""

from __future__ import annotations

import decimal
import re
from decimal import Decimal

from searx.plugins import numbers

MAX_LENGTH = 200
MAX_DEPTH = 32
MAX_EXPONENT = 9999

# what a calculation may hold (digits of any script, operators in their Unicode spellings,
# separators, spaces); the one check a query that is no calculation pays for
CANDIDATE = re.compile(r"^[\d\s.,()+\-*/^%\u00d7\u00f7\u2212\u066b\u066c\u00a0\u202f\uff05\uff08-\uff0f\uff3e]+$")
_ISO_DATE = re.compile(r"^\s*\d{4}-\d{2}-\d{2}\s*$")
_SPELLINGS = str.maketrans({
    "\u00d7": "*", "\u00f7": "/", "\u2212": "-", "\uff0b": "+", "\uff0d": "-", "\uff0a": "*", "\uff0f": "/",
    "\uff3e": "^", "\uff05": "%", "\uff08": "(", "\uff09": ")", "\uff0e": ".", "\uff0c": ",",
})
_BINARY = {"+": (1, "left"), "-": (1, "left"), "*": (2, "left"), "/": (2, "left"), "%": (2, "left"),
           "^": (4, "right")}  # fmt: skip
_NEG = "neg"  # unary minus: below ^ (-2^2 is -4), above * and /
_PRECEDENCE = {**{op: p for op, (p, _) in _BINARY.items()}, _NEG: 3}
_LIMIT = Decimal(10) ** MAX_EXPONENT


def _context() -> decimal.Context:
    return decimal.Context(prec=28, Emax=MAX_EXPONENT, Emin=-MAX_EXPONENT,
                           traps=[decimal.InvalidOperation, decimal.DivisionByZero, decimal.Overflow, decimal.Underflow])  # fmt: skip


def _tokens(text: str, locale: str) -> list[str | Decimal]:
    decimal_symbol, group = numbers.symbols(locale)
    number_chars = {".", ",", decimal_symbol, group, "\u00a0", "\u202f"}
    out: list[str | Decimal] = []
    depth, i = 0, 0
    while i < len(text):
        ch = text[i]
        if "0" <= ch <= "9" or ch in number_chars:
            start = i
            while i < len(text) and ("0" <= text[i] <= "9" or text[i] in number_chars):
                i += 1
            value = numbers.parse(text[start:i].strip("\u00a0\u202f"), locale)
            if value is None:
                raise ValueError(f"not a number: {text[start:i]!r}")
            out.append(value)
            continue
        if ch == "(":
            depth += 1
            if depth > MAX_DEPTH:
                raise ValueError("too deeply nested")
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise ValueError("unbalanced parentheses")
        if ch in "()" or ch in _BINARY:
            unary = ch in "+-" and (not out or (isinstance(out[-1], str) and out[-1] != ")"))
            if not (unary and ch == "+"):  # a unary plus changes nothing
                out.append(_NEG if unary else ch)
        elif not ch.isspace():
            raise ValueError(f"unexpected {ch!r}")
        i += 1
    if depth:
        raise ValueError("unbalanced parentheses")
    return out


def _postfix(tokens: list[str | Decimal]) -> list[str | Decimal]:
    """Shunting-yard: operators after their operands, precedence and associativity applied."""
    out: list[str | Decimal] = []
    stack: list[str] = []
    for token in tokens:
        if isinstance(token, Decimal):
            out.append(token)
        elif token == _NEG or token == "(":
            stack.append(token)
        elif token == ")":
            while stack and stack[-1] != "(":
                out.append(stack.pop())
            stack.pop()
        else:
            precedence, assoc = _BINARY[token]
            while stack and stack[-1] != "(" and (
                _PRECEDENCE[stack[-1]] > precedence or (_PRECEDENCE[stack[-1]] == precedence and assoc == "left")
            ):
                out.append(stack.pop())
            stack.append(token)
    out.extend(reversed(stack))
    return out


def _power(base: Decimal, exponent: Decimal, ctx: decimal.Context) -> Decimal:
    if base not in (0, 1, -1):
        estimate = ctx.copy()  # its rounding says nothing of the result's exactness
        size = estimate.multiply(exponent, abs(base).log10(estimate))  # the result's order of magnitude, known first
        if abs(size) > MAX_EXPONENT:
            raise ValueError("the result is too large")
    elif abs(exponent) > _LIMIT:
        raise ValueError("the exponent is too large")
    return ctx.power(base, exponent)


def _apply(op: str, a: Decimal, b: Decimal, ctx: decimal.Context) -> Decimal:
    if op == "+":
        return ctx.add(a, b)
    if op == "-":
        return ctx.subtract(a, b)
    if op == "*":
        return ctx.multiply(a, b)
    if op == "/":
        return ctx.divide(a, b)
    if op == "%":  # the sign of the divisor, as most calculators (-7 % 3 = 2)
        rest = ctx.remainder(a, b)  # exact; DivisionImpossible when the quotient needs more than 28 digits
        return ctx.add(rest, b) if rest and (rest < 0) != (b < 0) else rest
    return _power(a, b, ctx)


def _evaluate(postfix: list[str | Decimal]) -> tuple[Decimal, bool]:
    ctx = _context()
    stack: list[Decimal] = []
    binary = 0
    for token in postfix:
        if isinstance(token, Decimal):
            stack.append(token)
        elif token == _NEG:
            if not stack:
                raise ValueError("a minus without a number")
            stack.append(ctx.minus(stack.pop()))
        else:
            if len(stack) < 2:
                raise ValueError(f"{token} needs two numbers")
            b, a = stack.pop(), stack.pop()
            value = _apply(token, a, b, ctx)
            if not value.is_finite():  # 0^-1 is Infinity without a signal
                raise ValueError("no finite result")
            stack.append(value)
            binary += 1
    if len(stack) != 1 or not binary:
        raise ValueError("not a calculation")
    return stack[0], not ctx.flags[decimal.Inexact]


def calculate(text: str, locale: str = "en") -> tuple[Decimal, bool]:
    """The value of ``text`` and whether it is exact (not rounded to 28 digits); ``ValueError``
    when it is no calculation or cannot be answered."""
    if len(text) > MAX_LENGTH or not CANDIDATE.match(text) or _ISO_DATE.match(text):
        raise ValueError("not a calculation")
    normal = numbers.ascii_digits(text.translate(_SPELLINGS), locale)
    try:
        return _evaluate(_postfix(_tokens(normal, locale)))
    except (decimal.DecimalException, ArithmeticError) as exc:
        raise ValueError(type(exc).__name__) from exc
