"""A sentence as clauses of words with what each word does to the statement (opposites.py's cues).

``analyse`` splits a sentence into clauses at boundary words ("but", "while",
"weil") and strong punctuation, keys each word as words.py does (stems and
numbers; an axis word by its axis, "~amount"; a quantifier or modal word as
"^word"), and finds what each negation, quantifier and modal word covers.
``light`` counts a sentence's words far faster, to pick the sentences worth
analysing. Pure; used by contradiction.py, axes.py and roles.py.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from searx.summary import words
from searx.summary.citations import CITATION
from searx.summary.opposites import ALL, FEW, MANY, NONE, SOME, Cue, Lexicon

SCOPE = 5  # content words a negation covers
MODAL_SCOPE = 4  # ...a quantifier or modal word
WINDOW = 8  # words either side within which a cue's words count as the same statement
CONCORD = 4  # a second negation this close to the first is the same one ("no … nada", "ne … pas")

_TOKEN = re.compile(words.WORD.pattern + r"|[,;:()\u2013\u2014%]", re.UNICODE)
_CLAUSE_END = frozenset(";:()\u2013\u2014")
_NOT = re.compile(r"\b(ca|wo)n['\u2019]t\b|n['\u2019]t\b", re.IGNORECASE)
_INERT = Cue(inert=True)


@dataclass
class Tok:
    word: str  # folded; "," for a comma
    key: str = ""  # stem, "#n" a number, "~axis" an axis word, "^word" a quantifier or modal word, "" a function word
    cue: Cue | None = None
    weight: float = 0.0  # names and numbers count double when matching
    auxiliary: bool = False  # "was", "wurde": a passive when a participle follows
    possessive: bool = False  # written with "'s"
    elliptic: bool = False  # a negation of a bare phrase ("without a collector", "…, but not on pavements")
    name: bool = False  # capitalised inside the sentence


@dataclass(frozen=True)
class Use:
    """One negation, quantifier or modal word: the words it covers, and those with the words just before it."""

    scope: frozenset[str]
    keys: frozenset[str]
    head: str = ""  # the first word it covers
    backward: bool = False  # it covers the words before it ("… ist verpflichtend")
    elliptic: bool = False

    def governs(self, other: Use) -> bool:
        """Whether two uses bear on the same word (one's first covered word is covered by the other)."""
        return self.head in other.scope or other.head in self.scope

    def meets(self, other: Clause) -> bool:
        """Whether ``other`` speaks of the same thing: near a word this use covers, it holds two of its words
        (one, when it has only one or negates a bare phrase)."""
        need = 1 if self.elliptic else min(2, len(self.keys))
        toks = other.toks
        for i, tok in enumerate(toks):
            if tok.key in self.scope:
                near = {t.key for t in toks[max(0, i - WINDOW) : i + WINDOW + 1]}
                if len(self.keys & near) >= need:
                    return True
        return False


@dataclass
class Clause:
    toks: list[Tok]
    lex: Lexicon = field(repr=False)

    @functools.cached_property
    def keys(self) -> frozenset[str]:
        return frozenset(t.key for t in self.toks if t.key)

    @functools.cached_property
    def align(self) -> dict[str, float]:
        """The clause's words for matching: no cue words (they are what may differ)."""
        return {t.key: t.weight for t in self.toks if t.key and t.key[0] not in "~^"}

    @functools.cached_property
    def uses(self) -> tuple[list[Use], list[tuple[int, Use]], list[tuple[int, bool, Use]]]:
        """The clause's negations, quantifiers (level, use) and modal words (level, duty, use)."""
        return _features(self)


@dataclass
class Statement:
    clauses: list[Clause]

    @functools.cached_property
    def align(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for clause in self.clauses:
            out.update(clause.align)
        return out

    @functools.cached_property
    def keys(self) -> frozenset[str]:
        return frozenset().union(*(c.keys for c in self.clauses))


def _negate_contractions(text: str) -> str:
    def repl(m: re.Match[str]) -> str:
        return {"ca": "cannot", "wo": "will not"}.get((m.group(1) or "").lower(), " not")

    return _NOT.sub(repl, text)


def analyse(text: str, lex: Lexicon) -> Statement:
    """One sentence as clauses of tokens with their cues."""
    text = _negate_contractions(CITATION.sub(" ", text))
    raw = [(m.group(), m.end()) for m in _TOKEN.finditer(text)]
    folded = [_word(t)[0] for t, _ in raw]
    toks: list[Tok] = []
    clauses: list[Clause] = []
    i, last_negation, elliptic = 0, -CONCORD - 1, False
    while i < len(raw):
        token, word = raw[i][0], folded[i]
        if token in _CLAUSE_END or _starts_clause(lex, folded, i, toks):
            if word in lex.boundaries and i + 1 < len(raw) and (lex.cue(folded[i + 1]) or _INERT).negation:
                toks.append(Tok(","))  # "…, but not on pavements": one clause, the negation of a bare phrase
                i, elliptic = i + 1, True
                continue
            clauses.append(Clause(toks, lex))
            toks, i, last_negation = [], i + 1, -CONCORD - 1
            continue
        if token == ",":
            toks.append(Tok(","))
            i += 1
            continue
        name = i > 0 and token[0].isupper()
        plain = token[0].isdigit() or (name and lex.capitalised_names)
        cue, width = (None, 1) if plain else _cue(lex, folded, raw, i)
        if word in lex.partners and len(toks) - last_negation <= CONCORD:
            cue, width = _INERT, 1  # the second half of one negation
        if word in lex.percent and any(t.key[:1] == "#" for t in toks[-2:]):
            cue = _share(next(t.key for t in reversed(toks) if t.key[:1] == "#"))  # "30 Prozent des Netzes"
        if cue is not None:
            if cue.negation:
                last_negation = len(toks)
            bare = cue.negation and (elliptic or cue.bare)
            key = f"~{cue.axis}" if cue.axis else "" if cue.negation or cue.inert else f"^{word}"
            toks.append(Tok(word, key, cue, 1.0, elliptic=bare))
        else:
            key = _word(token)[1]
            weight = 2.0 if key.startswith("#") or (name and key) else 1.0
            owner = text[raw[i][1] : raw[i][1] + 1] in ("'", "\u2019")
            toks.append(Tok(word, key, None, weight, word in lex.auxiliaries, owner, name=name))
        toks.extend(Tok("") for _ in range(width - 1))
        i, elliptic = i + width, False
    clauses.append(Clause(toks, lex))
    return Statement([c for c in clauses if c.keys])


def light(text: str, lex: Lexicon) -> dict[str, float]:
    """About ``analyse(text, lex).align``, found much faster: which source sentences are worth analysing."""
    out: dict[str, float] = {}
    for i, token in enumerate(_TOKEN.findall(CITATION.sub(" ", text))):
        key = _plain(lex, token)
        if key:
            out[key] = 2.0 if key[0] == "#" or (i > 0 and token[0].isupper()) else 1.0
    return out


@functools.lru_cache(maxsize=32768)
def _plain(lex: Lexicon, token: str) -> str:
    """A token's key when it is no cue word ("" for a cue or a function word)."""
    word, key = _word(token)
    return key if key and (key[0] == "#" or lex.cue(word) is None) else ""


@functools.lru_cache(maxsize=32768)
def _word(token: str) -> tuple[str, str]:
    """A token folded, and its key (both asked for every word of every source sentence)."""
    return words.fold(token), words.key(token) if token[0] not in ",;:()\u2013\u2014" else ""


def _share(number: str) -> Cue:
    """A percentage as a quantifier: all at 100, many from half, else some."""
    value = float(number[1:])
    return Cue(quantifier=ALL if value >= 100 else MANY if value >= 50 else SOME)


def _starts_clause(lex: Lexicon, folded: list[str], i: int, toks: list[Tok]) -> bool:
    if folded[i] not in lex.boundaries:
        return False
    return not lex.comma_boundaries or not toks or toks[-1].word == ","  # "verringert aber das Risiko" goes on


def _cue(lex: Lexicon, folded: list[str], raw: list[tuple[str, int]], i: int) -> tuple[Cue | None, int]:
    word = folded[i]
    if word in lex.phrase_starts:
        for width in (3, 2):
            phrase = lex.phrases.get(tuple(folded[i : i + width]))
            if phrase is not None:
                return phrase, width
    if word in lex.before_number:
        follows = raw[i + 1][0] if i + 1 < len(raw) else ""
        return (lex.before_number[word] if follows[:1].isdigit() else None), 1
    return lex.cue(word), 1


def _use(toks: list[Tok], i: int, lex: Lexicon, size: int = SCOPE) -> Use:
    """What a cue at ``i`` covers: the content words after it up to a comma or "and" (the two before it
    when there are none: "wirkt nicht."), and with them the two content words before it."""
    scope: list[str] = []
    for tok in toks[i + 1 :]:
        if tok.word == "," or tok.word in lex.scope_ends or len(scope) >= size:
            break
        if tok.key:
            scope.append(tok.key)
    before: list[str] = []
    for tok in reversed(toks[:i]):
        if tok.word == "," or tok.word in lex.scope_ends or len(before) >= 2:
            break
        if tok.key:
            before.append(tok.key)
    backward = not scope
    if backward:
        scope = [k for k in before if not k.startswith("#")]
    names = {t.key for t in toks if t.name} if lex.capitalised_names else set()
    # the word it bears on: what a negation negates ("nicht verpflichtend"), a modal word's verb
    cue = toks[i].cue
    skip = "#" if cue is not None and cue.negation else "#^"
    head = next((k for k in scope if k[0] not in skip and k not in names), "")  # "required Harbor Trust to sell"
    keys = scope if toks[i].elliptic else scope + before
    return Use(frozenset(scope), frozenset(keys), head, backward, toks[i].elliptic)


def _negated_near(toks: list[Tok], i: int) -> bool:
    """A quantifier or modal word with a negation right beside it ("not all", "must not")."""
    near = toks[max(0, i - 2) : i] + toks[i + 1 : i + 2]
    return any(t.cue is not None and t.cue.negation for t in near)


def _features(clause: Clause) -> tuple[list[Use], list[tuple[int, Use]], list[tuple[int, bool, Use]]]:
    lex = clause.lex
    negations: list[Use] = []
    quantifiers: list[tuple[int, Use]] = []
    modals: list[tuple[int, bool, Use]] = []
    toks = clause.toks
    for i, tok in enumerate(toks):
        cue = tok.cue
        if cue is None or cue.inert:
            continue
        if cue.negation:
            negations.append(_use(toks, i, lex))
        level = cue.quantifier
        if level >= 0 and (level == NONE or not _negated_near(toks, i)):
            before = toks[i - 1].cue if i > 0 else None
            if before is not None and before.approx:
                level = FEW if level == NONE else MANY if level == ALL else level
            quantifiers.append((level, _use(toks, i, lex, MODAL_SCOPE)))
        if cue.modal and not _negated_near(toks, i):
            modals.append((cue.modal, cue.duty, _use(toks, i, lex, MODAL_SCOPE)))
    return negations, quantifiers, modals
