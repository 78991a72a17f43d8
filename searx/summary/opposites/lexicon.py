"""One language's words that turn a statement into its opposite, and how they are written down.

A ``Lexicon`` holds negations, pairs of opposites (antonyms and comparisons on
one axis), quantifiers and modal words, with the little grammar
``statements.py`` needs around them (clause boundaries, the auxiliary of a
passive, negative prefixes). ``build`` reads them as written in the language
modules: folded (lower case, no accents); ``word~`` is the word with any of the
language's endings, ``a_b`` a phrase.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass

from searx.summary.words import fold

# quantifier levels
NONE, FEW, SOME, MANY, ALL = 0, 1, 2, 3, 4
# modal levels: possible or permitted / expected or advised / certain or required
MAY, SHOULD, MUST = 1, 2, 3


@dataclass(frozen=True)
class Cue:
    """What one word or phrase does to the statement around it."""

    negation: bool = False  # negates what follows ("not", "without", "kein")
    axis: str = ""  # a pair of opposites this word sits on ("amount", "time", …)
    pole: int = 0  # +1 or -1 on that axis
    comparison: bool = False  # a comparison ("more", "before") rather than a plain antonym
    quantifier: int = -1  # NONE … ALL, or -1
    modal: int = 0  # MAY … MUST, or 0
    duty: bool = False  # a modal word of obligation or advice ("must", "recommended"), not of likelihood
    bare: bool = False  # a negation of the phrase after it, never of a verb ("without", "sin", "ohne")
    inert: bool = False  # a phrase that looks like a cue and is none ("not only", "sin embargo")
    approx: bool = False  # "almost": the quantifier after it is one level weaker

    def merged(self, other: Cue) -> Cue:
        """One word in two lists ("confirmed": certain, and true) carries both."""
        changes = {f.name: getattr(other, f.name) for f in dataclasses.fields(self)
                   if getattr(self, f.name) == f.default and getattr(other, f.name) != f.default}  # fmt: skip
        if "pole" in changes and "axis" not in changes:
            del changes["pole"]
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True, eq=False)  # hashed by identity: one per language, for the lookup cache
class Lexicon:
    words: dict[str, Cue]  # exact folded words
    stems: dict[str, Cue]  # folded stems that take any of ``endings``
    phrases: dict[tuple[str, ...], Cue]
    phrase_starts: frozenset[str]
    endings: frozenset[str]
    partners: frozenset[str]  # complete a negation just before them ("ne … pas", "no … nada", "weder … noch")
    boundaries: frozenset[str]  # words that start a new clause ("but", "while")
    scope_ends: frozenset[str]  # words that end what a negation covers ("and", "or")
    auxiliaries: frozenset[str]  # the "was" of a passive
    before_number: dict[str, Cue]  # words that compare only before a number ("over 400", "vor 1990")
    prefixes: tuple[str, ...]  # negative prefixes ("un" + "safe")
    symmetric: tuple[str, ...]  # folded starts of relations whose two sides may swap ("married")
    participles: tuple[str, ...]  # endings (and whole words) of the participle of a passive
    object_marks: frozenset[str]  # articles of an object put first ("Den Preis erhielt er"): no role order
    than: frozenset[str]  # the "than" after a comparative ("denser than")
    percent: frozenset[str]  # "percent" after a number: a share, so a quantifier ("30 Prozent des Netzes")
    comma_boundaries: bool  # a boundary word starts a clause only after a comma (German "aber", "während")
    capitalised_names: bool  # a capitalised word inside a sentence is a name, never a cue (not German)

    def cue(self, word: str) -> Cue | None:
        """The cue of one folded word, if any (its exact form's, with its stem's: "recommended", "recommend~")."""
        return _lookup(self, word)


@functools.lru_cache(maxsize=16384)
def _lookup(lex: Lexicon, word: str) -> Cue | None:
    found = lex.words.get(word)
    for cut in range(len(word), 2, -1):
        stem = lex.stems.get(word[:cut])
        if stem is not None and word[cut:] in lex.endings:
            return stem if found is None else found.merged(stem)
    return found


def _forms(text: str) -> list[str]:
    return [fold(w).replace("_", " ") for w in text.split()]


def build(*, negations: str, bare: str, partners: str = "", inert: str = "", boundaries: str, scope_ends: str,
          auxiliaries: str, axes: dict[str, tuple[str, str]], comparisons: str,
          before_number: dict[str, tuple[str, str]],
          quantifiers: dict[int, str], modals: dict[int, str], duties: str, approx: str, endings: str,
          prefixes: str, symmetric: str, participles: str, object_marks: str = "", than: str = "", percent: str,
          comma_boundaries: bool = False, capitalised_names: bool = True) -> Lexicon:  # fmt: skip
    """A language's lexicon from its lists: ``axes`` maps an axis to its (plus, minus) poles, and
    ``comparisons`` are the words among them that compare ("more", "before"; "increase" is a plain
    antonym); ``quantifiers`` and ``modals`` map a level to its words; ``duties`` are the modal words of
    obligation or advice."""
    entries: list[tuple[str, Cue]] = [(w, Cue(negation=True)) for w in _forms(negations)]
    entries += [(w, Cue(negation=True, bare=True)) for w in _forms(bare)]
    entries += [(w, Cue(inert=True)) for w in _forms(inert)]
    compare = set(_forms(comparisons))
    for axis, (plus, minus) in axes.items():
        for pole, forms in ((1, plus), (-1, minus)):
            entries += [(w, Cue(axis=axis, pole=pole, comparison=w in compare)) for w in _forms(forms)]
    entries += [(w, Cue(quantifier=level)) for level, forms in quantifiers.items() for w in _forms(forms)]
    duty = set(_forms(duties))
    entries += [(w, Cue(modal=level, duty=w in duty)) for level, forms in modals.items() for w in _forms(forms)]
    entries += [(w, Cue(approx=True)) for w in _forms(approx)]
    words: dict[str, Cue] = {}
    stems: dict[str, Cue] = {}
    phrases: dict[tuple[str, ...], Cue] = {}
    for form, cue in entries:
        if " " in form:
            key = tuple(form.split())
            phrases[key] = phrases[key].merged(cue) if key in phrases else cue
        elif form.endswith("~"):
            stems[form[:-1]] = stems[form[:-1]].merged(cue) if form[:-1] in stems else cue
        else:
            words[form] = words[form].merged(cue) if form in words else cue
    numbers = {w: Cue(axis=axis, pole=pole, comparison=True) for axis, pair in before_number.items()
               for pole, forms in zip((1, -1), pair, strict=True) for w in _forms(forms)}  # fmt: skip
    return Lexicon(
        words=words, stems=stems, phrases=phrases, phrase_starts=frozenset(p[0] for p in phrases),
        endings=frozenset(endings.split()) | {""}, partners=frozenset(_forms(partners)),
        boundaries=frozenset(_forms(boundaries)), scope_ends=frozenset(_forms(scope_ends)),
        auxiliaries=frozenset(_forms(auxiliaries)), before_number=numbers, prefixes=tuple(_forms(prefixes)),
        symmetric=tuple(_forms(symmetric)), participles=tuple(_forms(participles)),
        object_marks=frozenset(_forms(object_marks)), than=frozenset(_forms(than)),
        percent=frozenset(_forms(percent)) | {"%"}, comma_boundaries=comma_boundaries,
        capitalised_names=capitalised_names,
    )  # fmt: skip
