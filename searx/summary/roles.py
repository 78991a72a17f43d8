"""Did the two sides of a relation trade places? ("A acquired B" / "B acquired A"; pure, used by contradiction.py)

Two clauses that restate each other are compared by the order of the words they
share (each once on both sides, numbers left out): the sides of a relation are
two groups of up to ``BLOCK`` words with the relation's words between them, and
they traded places when the other clause has the same words in the order
second group, relation, first group, with no other shared word inside. A
passive on one side only turns them back ("B was acquired by A"), and so do a
symmetric relation ("married"), a list, a genitive turned round ("the capital of
France" / "France's capital") and a German object put first ("Den Preis
erhielt er").
"""

from __future__ import annotations

from collections import Counter

from searx.summary.opposites import Lexicon
from searx.summary.statements import Clause, Tok

BLOCK = 3  # words a side of a relation may have
LONGEST = 30  # shared words past which a clause is a list, not one relation (and the search stays small)


def _order(clause: Clause, shared: set[str]) -> tuple[list[str], list[int]]:
    at = [i for i, t in enumerate(clause.toks) if t.key in shared]
    return [clause.toks[i].key for i in at], at


def swapped(a: Clause, c: Clause, lex: Lexicon) -> frozenset[str]:
    """The words of the two sides when they traded places, else an empty set."""
    count_a = Counter(t.key for t in a.toks if t.key)
    count_c = Counter(t.key for t in c.toks if t.key)
    shared = {k for k in count_a.keys() & count_c.keys() if count_a[k] == count_c[k] == 1 and k[0] != "#"}
    (seq_a, at_a), (seq_c, at_c) = _order(a, shared), _order(c, shared)
    if not 3 <= len(seq_a) <= LONGEST or seq_a == seq_c:
        return frozenset()
    # a side is a thing ("the old bridge"), never a comparison, quantifier or modal word ("longer", "all")
    predicates = {t.key for t in a.toks if t.key[:1] == "^" or (t.cue is not None and t.cue.comparison)}
    where = {k: n for n, k in enumerate(seq_c)}
    size = len(seq_a)
    for first in range(size):
        for first_end in range(first + 1, min(first + BLOCK, size) + 1):
            if predicates.intersection(seq_a[first:first_end]):
                break
            for second in range(first_end + 1, size):
                for second_end in range(second + 1, min(second + BLOCK, size) + 1):
                    one, middle, two = seq_a[first:first_end], seq_a[first_end:second], seq_a[second:second_end]
                    if predicates.intersection(two):
                        break
                    start = where[two[0]]
                    if seq_c[start : start + second_end - first] != two + middle + one:
                        continue
                    span_a = (at_a[first], at_a[first_end - 1], at_a[second], at_a[second_end - 1])
                    span_c = (at_c[start], at_c[start + len(two) - 1], at_c[start + len(two) + len(middle)],
                              at_c[start + second_end - first - 1])  # fmt: skip
                    if _traded(a, c, lex, span_a, span_c):
                        return frozenset(one + two)
    return frozenset()


def _traded(a: Clause, c: Clause, lex: Lexicon, span_a: tuple[int, int, int, int],
            span_c: tuple[int, int, int, int]) -> bool:  # fmt: skip
    """Whether the two groups found at ``span_*`` (token positions: first group's start and end, second
    group's start and end) are the two sides of a relation that changed its direction."""
    passive = []
    owners = []
    for clause, (s1, e1, s2, e2) in ((a, span_a), (c, span_c)):
        toks = clause.toks
        between = toks[e1 + 1 : s2]
        if not any(t.key and t.weight == 1 and t.key[0] != "#" for t in between):
            return False  # nothing but names or list commas between: a list in another order
        if any(t.word.startswith(lex.symmetric) for t in between if t.key and lex.symmetric):
            return False  # "A married B" is "B married A"
        if _object_first(toks, s1, lex):
            return False  # "Den Preis erhielt er": the object comes first
        passive.append(any(_passive(toks, i, lex) for i in range(e1 + 1, s2)))
        owners.append(any(toks[i].possessive for i in [*range(s1, e1 + 1), *range(s2, e2 + 1)]))
    if owners[0] != owners[1]:
        return False  # "the capital of France" / "France's capital"
    return passive[0] == passive[1]


def _object_first(toks: list[Tok], start: int, lex: Lexicon) -> bool:
    for tok in reversed(toks[:start]):
        if tok.key or tok.word == ",":
            return False
        if tok.word in lex.object_marks:
            return True
    return False


def _passive(toks: list[Tok], i: int, lex: Lexicon) -> bool:
    """A participle just after "was" ("GitHub was acquired by …"); "is larger" is a comparison."""
    tok = toks[i]
    if (tok.cue is not None and tok.cue.comparison) or not tok.key or not tok.word.endswith(lex.participles):
        return False
    return any(t.auxiliary for t in toks[max(0, i - 2) : i])
