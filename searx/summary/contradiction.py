"""Does a sentence say the opposite of the cited text it restates? (pure; no model; word lists in opposites/)

A sentence is matched to the source sentences that share most of its words, and
each of its clauses to the clauses there that share most; a matched pair is
opposite when:

- one negates what the other affirms: a negation counts where the word it
  negates is on both sides and the other side does not negate it too ("not
  recommended" restating "not recommended" is fine, also when the source says
  it in another sentence);
- they take opposite sides of one axis ("increase"/"decrease", "more"/"less",
  "before"/"after", "safe"/"unsafe", also any "un-"/"in-" form of a shared word);
- the two sides of a relation swap places ("A acquired B" / "B acquired A"; a
  passive turns them back: "B was acquired by A");
- their quantifiers clash ("all"/"some"/"none", "always"/"sometimes") or their
  modal words lie two levels apart ("must"/"may", "confirmed"/"suspected").

Negations, axes and role swaps count together: "not safe" restating "unsafe"
and "B is smaller than A" restating "A is larger than B" are two flips, no
opposite. Languages without word lists are never checked.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from searx.summary import sentences
from searx.summary.axes import axis_flips
from searx.summary.opposites import ALL, FEW, LEXICONS, MANY, MAY, MUST, NONE, SHOULD, Lexicon
from searx.summary.roles import swapped
from searx.summary.statements import Clause, Statement, Use, analyse, light

# a source sentence restates the sentence when it carries this share of its weighted words...
ALIGN = 0.5
# ...and every source sentence this close to the best one must be opposite too, or not speak of it
NEAR = 0.1
# a clause that matches one source clause this poorly is held against all the clauses it touches
COVER = 0.7
# a source sentence that shares this much with the sentence may carry its negation ("not approved")
ECHO = 0.2
# a source sentence is analysed when its words, counted roughly, come this close to the ones worth comparing
SLACK = 0.05
# a "sentence" longer than this is a table, a list or code: never compared (and the work stays bounded)
LONGEST = 1500

Verdict = tuple[str, frozenset[str]]  # why it is opposite ("" if not), and the words that are


def _same_head(u: Use, v: Use) -> bool:
    """Two modal words bear on the same verb ("must check" / "may check")."""
    if u.head and u.head == v.head:
        return True
    if u.backward and v.backward and u.scope & v.scope:
        return True  # "… ist verpflichtend" / "… bleibt freiwillig"
    if (v.backward and v.head in u.keys) or (u.backward and u.head in v.keys):
        return True  # "cases are suspected" / "cases have been confirmed by tests"
    return u.head in v.scope and v.head in u.scope


def opposite(a: Clause, c: Clause, lex: Lexicon) -> Verdict:
    """Why clause ``a`` says the opposite of clause ``c`` ("negation", "antonym", "comparison", "role",
    "quantifier", "modality"; "" if it does not), with the words that carry it."""
    for found in (_quantifiers(a, c), _modals(a, c)):
        if found[0]:
            return found
    neg_a, neg_c = a.uses[0], c.uses[0]
    negations, negated = _unpaired(neg_a, neg_c, a, c)
    axes, comparison, flipped = axis_flips(a, c, lex)
    turned = swapped(a, c, lex)
    if (negations + axes + bool(turned)) % 2 == 0:
        return "", frozenset()
    if turned:
        return "role", turned
    if axes % 2:
        return ("comparison" if comparison else "antonym"), flipped
    return "negation", negated


def _quantifiers(a: Clause, c: Clause) -> Verdict:
    """Quantifiers on one word that cannot both be true ("all"/"some", "often"/"always", "none"/"many")."""
    quant_c, modal_c = c.uses[1], c.uses[2]
    for x, u in a.uses[1]:
        pairs = [(y, v) for y, v in quant_c if u.governs(v) and (u.head == v.head or v.meets(a))]
        if pairs and x not in {y for y, _ in pairs} and any(_clash(x, y) for y, _ in pairs):
            return "quantifier", u.scope.union(*(v.scope for _, v in pairs))
        if not pairs and x == ALL and not quant_c and u.meets(c):
            if any(m == MAY and u.governs(v) for m, _, v in modal_c):
                return "quantifier", u.scope  # "always causes" restating "can cause"
    return "", frozenset()


def _modals(a: Clause, c: Clause) -> Verdict:
    """Modal words on one verb two levels apart ("must"/"may", "confirmed"/"suspected"), or a duty where the
    source only advises ("required" restating "recommended")."""
    for x, dx, u in a.uses[2]:
        pairs = [(y, dy) for y, dy, v in c.uses[2] if _same_head(u, v)]
        if pairs and x not in {y for y, _ in pairs}:
            if any(abs(x - y) >= 2 or (x, y, dx and dy) == (MUST, SHOULD, True) for y, dy in pairs):
                return "modality", u.scope
    return "", frozenset()


def _clash(a: int, b: int) -> bool:
    """Quantifier levels that cannot both be true: all and anything less, none and anything more, few and many."""
    return a != b and (ALL in (a, b) or NONE in (a, b) or {a, b} == {FEW, MANY})


def _unpaired(neg_a: list[Use], neg_c: list[Use], a: Clause, c: Clause) -> tuple[int, frozenset[str]]:
    """Negations on one side that speak of what the other side says, less those the other side
    carries too (a negation there about some of the same words: "not finished" / "not concluded")."""
    left = list(neg_c)
    counted: list[Use] = []
    for use in neg_a:
        twins = [other for other in left if use.keys & other.keys]
        twin = max(twins, key=lambda o: (len(use.scope & o.scope), len(use.keys & o.keys)), default=None)
        if twin is not None:
            left.remove(twin)
        elif use.meets(c) and use.head in c.keys:
            counted.append(use)
    counted += [use for use in left if use.meets(a) and use.head in a.keys]  # the negated word itself is there
    return len(counted), frozenset().union(*(u.scope for u in counted))


def _overlap(a: dict[str, float], c: dict[str, float]) -> float:
    return sum(w for k, w in a.items() if k in c)


@dataclass
class _Sentence:
    """A source sentence: its words counted at once, analysed only when an answer sentence comes near it."""

    text: str
    lex: Lexicon

    @functools.cached_property
    def light(self) -> dict[str, float]:
        return light(self.text, self.lex) if len(self.text) <= LONGEST else {}

    @functools.cached_property
    def statement(self) -> Statement:
        return analyse(self.text, self.lex)


class Sources:
    """The cited texts of one answer, analysed once each, in one language's word lists."""

    def __init__(self, lex: Lexicon) -> None:
        self.lex = lex
        self._texts: dict[str, tuple[list[_Sentence], dict[str, list[int]]]] = {}

    def _near(self, align: dict[str, float], text: str) -> list[tuple[float, _Sentence]]:
        """The sentences of ``text`` that share words with ``align``, with the weight they share."""
        if text not in self._texts:
            found = [_Sentence(text[u.start : u.end], self.lex) for u in sentences.split(text)]
            index: dict[str, list[int]] = {}
            for n, sentence in enumerate(found):
                for key in sentence.light:
                    index.setdefault(key, []).append(n)
            self._texts[text] = (found, index)
        found, index = self._texts[text]
        shared: dict[int, float] = {}
        for key, weight in align.items():
            for n in index.get(key, ()):
                shared[n] = shared.get(n, 0.0) + weight
        return [(weight, found[n]) for n, weight in shared.items()]

    def check(self, sentence: str, cited: Iterable[str]) -> str:
        """Why ``sentence`` says the opposite of the ``cited`` texts it restates, or ""."""
        if len(sentence) > LONGEST:
            return ""
        said = analyse(sentence, self.lex)
        total = sum(said.align.values())
        if not total:
            return ""
        need = min(2, len(said.align))  # one common word says little
        rough = [(share / total, s) for text in cited for share, s in self._near(said.align, text)]
        floor = max([ALIGN, *(share for share, _ in rough)]) - NEAR - SLACK
        shares = [(_overlap(said.align, s.statement.align) / total, s.statement) for share, s in rough
                  if share >= floor]  # fmt: skip
        matched = sorted((m for m in shares if m[0] >= ALIGN and len(said.align.keys() & m[1].align.keys()) >= need),
                         key=lambda m: -m[0])  # fmt: skip
        if not matched:
            return ""
        near = [s for share, s in matched if share >= matched[0][0] - NEAR]
        verdicts = [self._against(said, s) for s in near]
        reason, words = next((v for v in verdicts if v[0]), ("", frozenset()))
        if not reason:
            return ""
        if any(not r and s.keys & words for (r, _), s in zip(verdicts, near, strict=True)):
            return ""  # an equally close sentence says the same words without the opposite
        if reason == "negation" and self._echoed(said, words, [s.statement for share, s in rough if share >= ECHO
                                                             and s.statement not in near]):  # fmt: skip
            return ""
        return reason

    def _against(self, said: Statement, source: Statement) -> Verdict:
        """Why some clause of ``said`` says the opposite of the clauses of ``source`` it matches best."""
        for clause in said.clauses:
            total = sum(clause.align.values())
            scores = [(_overlap(clause.align, c.align), len(clause.keys & c.keys)) for c in source.clauses]
            top = max(scores, default=(0.0, 0))
            if not top[0]:
                continue
            best = [c for c, s in zip(source.clauses, scores, strict=True) if s == top]
            touched = [c for c, s in zip(source.clauses, scores, strict=True) if s[0]]
            if top[0] < COVER * total and len(touched) > 1:
                best = [Clause([t for c in touched for t in c.toks], self.lex)]  # "Tetanus is rare, … it is often fatal"
            verdicts = [opposite(clause, c, self.lex) for c in best]
            if all(r for r, _ in verdicts):
                return verdicts[0][0], frozenset().union(*(w for _, w in verdicts))
        return "", frozenset()

    def _echoed(self, said: Statement, negated: frozenset[str], others: list[Statement]) -> bool:
        """The sentence's own negation is the sources' too, said in another sentence ("nicht zugelassen"
        for younger children, where the matched sentence speaks of those aged 12 and older)."""
        mine = [u for clause in said.clauses for u in clause.uses[0] if u.scope & negated]
        return any(_echoes(u, v, clause) for s in others for clause in s.clauses for v in clause.uses[0] for u in mine)


def _echoes(mine: Use, theirs: Use, clause: Clause) -> bool:
    """A negation of the same word about the same thing: the first word it covers, and one more when it covers
    more ("not approved for children" / "not approved for younger children", not "… in the EU" / "… in the US")."""
    rest = {k for k in mine.scope - {mine.head} if k[0] not in "#~^"}  # a word, not a number or a cue
    return bool(mine.scope & theirs.scope) and mine.head in clause.keys and (not rest or bool(rest & clause.keys))


def checker(lang: str) -> Sources | None:
    """A checker for answers in ``lang`` (ISO 639-1), or None when there are no word lists for it."""
    lex = LEXICONS.get(lang)
    return Sources(lex) if lex is not None else None
