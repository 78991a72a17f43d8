"""Does each sentence of an answer say something its cited sources say? (no LLM, a few ms)

Each sentence gets a state:

- ``supported``: every cited source shares enough of its salient words, and
  every number or date in it (also one written as a word) appears in a cited source;
- ``weak``: it cites, but a cited source does not carry it (or it cites a
  number that names no source), or a cited source says the opposite (in the
  languages ``opposites/`` has words for; ``reason`` says how);
- ``uncited``: a factual sentence with no citation;
- ``framing``: it only frames the answer ("Here is a summary:", a heading, a
  code block, "The results do not say"); never flagged.

A source's support is its text (snippet, or the passages read from its page),
never its title. Offsets are code points into the whole answer.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from searx.summary import contradiction, sentences, words
from searx.summary.citations import CITATION, NUMBER

# a cited source must carry this share of the sentence's salient words...
EACH = 0.34
# ...and all cited sources together this share
TOGETHER = 0.5
# a sentence with fewer salient words than this and no number says nothing to check
MIN_WORDS = 2
NUMBER_WEIGHT = 2
NAME_WEIGHT = 2

_FRAMING = re.compile(
    r"^\W*(?:here (?:is|are|'s)|in (?:summary|short|conclusion|brief)|to (?:summari[sz]e|sum up)|overall|"
    r"(?:based on|according to|from) (?:the )?(?:search )?(?:results|sources|snippets)\W*$|"
    r"the (?:search )?(?:results|sources|snippets) (?:show|suggest|indicate|say|describe|mention)\w*\W*(?:that)?\W*$|"
    r"(?:let me|i will|i'll)\b|"
    r"hier (?:ist|sind)|zusammenfassend|kurz gesagt|insgesamt|"
    r"voici|en (?:résumé|resume|bref|somme)|pour résumer|"
    r"aquí (?:está|tienes|hay)|en resumen|en conclusión|"
    r"ecco|in sintesi|in breve|"
    r"hier is|samengevat|"
    r"aqui está|em resumo)",
    re.IGNORECASE,
)
_NO_ANSWER = re.compile(
    r"(?:(?:do|does|did)(?: not|n't)|don't|cannot|can't|could not|couldn't|unable to)\s+(?:\w+\s+){0,3}"
    r"(?:answer|contain|provide|mention|say|include|address|cover|give|tell|find|determine)|"
    r"\bno (?:information|answer|relevant|details|mention|data)\b|"
    r"\bnot (?:enough|sufficient) (?:information|evidence)|"
    r"(?:enthalten|beantworten|nennen|liefern|geben) (?:\w+\s+){0,3}(?:keine|nicht)|keine (?:informationen|antwort|angaben)|"
    r"ne (?:\w+\s+){0,2}(?:contiennent|répondent|mentionnent|donnent|fournissent|permettent|précisent) pas|"
    r"aucune (?:information|réponse)|pas (?:d'information|de réponse)|"
    r"no (?:contienen|responden|mencionan|proporcionan|dan|incluyen|permiten)|(?:ninguna|sin) (?:información|respuesta)|"
    r"non (?:contengono|rispondono|menzionano|forniscono)|nessuna informazione|"
    r"bevatten geen|geen (?:informatie|antwoord)|"
    r"não (?:contêm|respondem|mencionam|fornecem)|nenhuma informação|"
    r"没有|未提及|无法|記載がありません|情報はありません",
    re.IGNORECASE,
)
_SOURCES_WORD = re.compile(
    r"\b(?:results?|sources?|snippets?|evidence|ergebnisse?n?|quellen?|suchergebnisse?n?|résultats?|"
    r"sources?|resultados?|fuentes?|risultati|fonti|resultaten|bronnen|fontes)\b|结果|来源|検索結果|情報源",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Mark:
    start: int
    end: int
    state: str
    citations: list[int]
    score: float
    reason: str = ""  # a weak sentence whose cited source says the opposite: how (contradiction.py); else ""


def _cited(text: str) -> list[int]:
    numbers: set[int] = set()
    for match in CITATION.finditer(text):
        numbers.update(int(n) for n in NUMBER.findall(match.group(1)))
    return sorted(numbers)


def says_no_answer(sentence: str) -> bool:
    """A sentence that says the sources do not answer ("The results do not say …")."""
    return bool(_NO_ANSWER.search(sentence) and _SOURCES_WORD.search(sentence))


def _is_framing(sentence: str, content: words.Content) -> bool:
    bare = CITATION.sub("", sentence).strip()
    if bare.endswith(":") and len(content.words) <= 4 and not content.numbers:
        return True  # "The main points are:" introduces a list
    if _FRAMING.match(bare):
        # "In summary, the tower is 330 m tall" still says something to check
        rest = _FRAMING.sub("", bare, count=1)
        rest_content = words.content(rest)
        return len(rest_content.words) < 3 and not rest_content.numbers
    if says_no_answer(bare):
        return True
    return len(content.words) < MIN_WORDS and not content.numbers


def check(text: str, sources: Mapping[int, str], lang: str = "") -> list[Mark]:
    """One mark per sentence-like unit of ``text``; ``sources`` maps n -> its supporting text.

    With ``lang`` (the answer's language) word lists for, a sentence that says the opposite
    of what it cites is weak with the contradiction's kind as its ``reason``."""
    cache: dict[int, tuple[words.Content, frozenset[str]]] = {}

    def source(n: int) -> tuple[words.Content, frozenset[str]] | None:
        if n not in sources:
            return None
        if n not in cache:
            body = sources[n]
            cache[n] = (words.content(body), words.source_numbers(body))
        return cache[n]

    opposites = contradiction.checker(lang)
    marks: list[Mark] = []
    for unit in sentences.split(text):
        sentence = text[unit.start : unit.end]
        cited = _cited(sentence)
        if unit.kind in ("heading", "code"):
            marks.append(Mark(unit.start, unit.end, "framing", cited, 1.0))
            continue
        content = words.content(sentence)
        if not cited:
            state = "framing" if _is_framing(sentence, content) else "uncited"
            marks.append(Mark(unit.start, unit.end, state, cited, 1.0 if state == "framing" else 0.0))
            continue
        mark = _judge(unit, sentence, cited, content, [source(n) for n in cited])
        if opposites is not None and mark.state != "framing" and all(n in sources for n in cited):
            reason = opposites.check(sentence, [sources[n] for n in cited])
            if reason:
                mark = Mark(mark.start, mark.end, "weak", cited, 0.0, reason)
        marks.append(mark)
    return marks


def _judge(unit: sentences.Unit, sentence: str, cited: list[int], content: words.Content,
           found: list[tuple[words.Content, frozenset[str]] | None]) -> Mark:  # fmt: skip
    salient = content.words
    if not salient and not content.numbers:
        return Mark(unit.start, unit.end, "framing" if all(found) else "weak", cited, 1.0 if all(found) else 0.0)
    if not all(found):  # a citation that names no source carries nothing
        return Mark(unit.start, unit.end, "weak", cited, 0.0)
    known = [f for f in found if f is not None]
    union_numbers = frozenset().union(*(f[1] for f in known))
    # numbers and names count more: a matching date, figure or name is strong evidence
    weights = {w: NAME_WEIGHT if w in content.names else 1.0 for w in salient}
    total = sum(weights.values()) + NUMBER_WEIGHT * len(content.numbers)

    def share(words_in: frozenset[str], numbers_in: frozenset[str]) -> float:
        return (sum(weights[w] for w in salient & words_in) + NUMBER_WEIGHT * len(content.numbers & numbers_in)) / total

    each = min(share(f[0].words, f[1]) for f in known)
    together = share(frozenset().union(*(f[0].words for f in known)), union_numbers)
    numbers_ok = content.numbers <= union_numbers
    score = round(min(each / EACH, together / TOGETHER, 1.0) if numbers_ok else 0.0, 2)
    supported = numbers_ok and each >= EACH and together >= TOGETHER
    return Mark(unit.start, unit.end, "supported" if supported else "weak", cited, score)


def mostly_unsupported(marks: list[Mark]) -> bool:
    """More than half of the checkable text is weak or uncited."""
    checked = [m for m in marks if m.state != "framing"]
    flagged = sum(m.end - m.start for m in checked if m.state in ("weak", "uncited"))
    total = sum(m.end - m.start for m in checked)
    return total > 0 and flagged * 2 > total


def no_answer(text: str, marks: list[Mark]) -> bool:
    """The model said plainly that the results do not answer (and little else)."""
    if not marks or any(m.state == "supported" for m in marks):
        return False
    return any(says_no_answer(text[m.start : m.end]) for m in marks[:2])
