"""Which words of two clauses sit on opposite poles of one axis ("increase"/"decrease", "more"/"less",
"safe"/"unsafe", "denser than"/"less dense than"; pure, used by contradiction.py)."""

from __future__ import annotations

from searx.summary import words
from searx.summary.opposites import Lexicon
from searx.summary.statements import Clause, Tok

CONTEXT = 5  # words either side of an axis word that tell two uses of one axis apart


def _beside(toks: list[Tok], i: int, others: list[Tok], j: int) -> int:
    """How many of the words right before and after two axis words are the same (0-2): "fiel weniger Regen"
    pairs with "fiel mehr Regen", not with the "fiel" itself."""
    def keyed(seq: list[Tok], at: int, step: int) -> str:
        while 0 <= at < len(seq) and not seq[at].key:
            at += step
        return seq[at].key if 0 <= at < len(seq) else ""

    return sum(keyed(toks, i + s, s) == keyed(others, j + s, s) != "" for s in (-1, 1))


def _around(toks: list[Tok], i: int) -> frozenset[str]:
    return frozenset(t.key for t in toks[max(0, i - CONTEXT) : i + CONTEXT + 1] if t.key and t.key[0] not in "~^")


def axis_flips(a: Clause, c: Clause, lex: Lexicon) -> tuple[int, bool, frozenset[str]]:
    """How many words of ``a`` sit on the other pole of an axis than their match in ``c`` (matched by the
    words around them), whether one is a comparison, and the words around the flipped ones."""
    flips, comparison, around = 0, False, frozenset[str]()
    uses_a = [(i, t.cue) for i, t in enumerate(a.toks) if t.cue is not None and t.cue.axis]
    uses_c = [(j, t.cue) for j, t in enumerate(c.toks) if t.cue is not None and t.cue.axis]
    for axis in {cue.axis for _, cue in uses_a} & {cue.axis for _, cue in uses_c}:
        mine = [(i, cue) for i, cue in uses_a if cue.axis == axis]
        theirs = [(j, cue) for j, cue in uses_c if cue.axis == axis]
        # "rose in 2020 and fell in 2021" says more than "rose in 2020", not its opposite: with both poles
        # on this side, a word flips only beside the same word as its match ("lowest increase")
        both = len({cue.pole for _, cue in mine}) == 2
        for i, cue in mine:
            context = _around(a.toks, i)
            scored = [(_beside(a.toks, i, c.toks, j), len(context & _around(c.toks, j)), other) for j, other in theirs]
            top = max((b, n) for b, n, _ in scored)
            poles = {other.pole for b, n, other in scored if (b, n) == top}
            if top[1] and (top[0] or not both) and poles == {-cue.pole}:
                flips += 1
                comparison = comparison or cue.comparison
                around |= context | {f"~{axis}"}
    more, words_more = _comparatives(a, c, lex)
    prefixed, words_prefixed = _prefix_flips(a, c, lex)
    return flips + more + prefixed, comparison or bool(more), around | words_more | words_prefixed


def _comparatives(a: Clause, c: Clause, lex: Lexicon) -> tuple[int, frozenset[str]]:
    """A comparative ending ("denser than") against "less dense" on the other side."""
    flips, found = 0, set()
    for one, other in ((a, c), (c, a)):
        for i, tok in enumerate(one.toks[:-1]):
            if tok.cue is not None or one.toks[i + 1].word not in lex.than or not tok.word.endswith("er"):
                continue
            bases = {tok.word[:-2], tok.word[:-1], tok.word[:-3] + "y"}
            for j, there in enumerate(other.toks[1:], 1):
                degree = other.toks[j - 1].cue
                if there.word in bases and degree is not None and degree.axis == "amount":
                    flips += degree.pole < 0
                    found.add(there.key)
    return flips, frozenset(found)


def _prefix_flips(a: Clause, c: Clause, lex: Lexicon) -> tuple[int, frozenset[str]]:
    """Words that are another's negative form ("unsafe"/"safe", "inseguro"/"seguro") not in a word list."""
    flips, found = 0, set()
    for one, other in ((a, c), (c, a)):
        plain = {t.key for t in other.toks if t.cue is None and t.key}
        for tok in one.toks:
            if tok.cue is not None or not tok.key or tok.key in plain:
                continue
            for prefix in lex.prefixes:
                base = tok.word[len(prefix) :]
                if tok.word.startswith(prefix) and len(base) >= 4 and words.key(base) in plain:
                    flips += 1
                    found.add(words.key(base))
                    break
    return flips, frozenset(found)
