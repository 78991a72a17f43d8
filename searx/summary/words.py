"""The content of a text as comparable tokens: salient words, numbers and CJK bigrams.

Words are folded (case, accents) and cut to a short stem so inflections match
("measures"/"measured", "höchste"/"höchsten"); function words of the common
search languages are dropped; numbers are normalised ("1,000", "1 000" and
"one thousand" are all ``#1000``). Pure and fast: regexes and sets only.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

STEM = 5

WORD = re.compile(r"\d+(?:[.,\u00a0\u202f]\d{3})+(?![\d])|\d+(?:[.,]\d+)?|[^\W\d_]+", re.UNICODE)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_CITATION = re.compile(r"\[\d{1,3}(?:\s*[,;\u2013-]\s*\d{1,3})*\]")

_STOP = frozenset(
    """
a an the and or but if of to in on at by for with from as into onto about above after before between during
through over under than then so such that this these those there here it its it's is are was were be been being
am do does did done has have had having can could may might must shall should will would not no nor only also
very more most much many some any each every all both few other another same own just too again further once
which who whom whose what when where why how i you he she we they me him her us them my your his our their
one's s t also however while although though because since until unless whether either neither yet still
like per via according include includes including included known called use used using based make makes made
de der die das des dem den ein eine einer eines einem einen und oder aber wenn als wie im in am an auf aus bei
mit nach von vor zu zum zur über unter für durch gegen ohne um ist sind war waren wird werden wurde wurden sein
hat haben hatte hatten kann können konnte muss müssen soll sollen nicht kein keine keinen auch noch nur schon
sehr mehr dass daß es er sie wir ihr ich du man sich dieser diese dieses diesem diesen jener welche welcher
welches bis seit so sowie ob zwischen nicht etwa laut gibt
le la les un une des du de d l et ou mais si en au aux dans sur sous par pour avec sans chez vers entre est sont
était étaient été être a ont avait avaient peut peuvent ne pas plus moins aussi très que qui quoi dont où ce cet
cette ces il elle ils elles nous vous je tu on se sa son ses leur leurs lui y selon comme ainsi
el la los las un una unos unas y o pero si en a al del de con sin por para sobre entre es son era eran fue fueron
ser estar está están ha han había no más menos también muy que quien cual cuyo donde como este esta estos estas
ese esa eso se su sus le les lo
il lo la i gli le un uno una e o ma se di da in con su per tra fra è sono era erano essere ha hanno non più anche
che chi cui dove come questo questa quello quella si suo sua
het een en of maar als in op aan bij met naar van voor tot om door over onder is zijn was waren wordt worden werd
heeft hebben niet geen ook nog dat die dit deze er ze wij
o os as um uma e ou mas se em no na nos nas do da dos das com sem por para sobre entre é são era foi ser estar não
mais menos também muito que quem qual onde como este esta isso seu sua
""".split()
)

# number words of the common search languages; a number written as a word is still a number
_NUMBERS: dict[str, float] = {}
for _lang_words in (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty",
    "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn sechzehn "
    "siebzehn achtzehn neunzehn zwanzig",
    "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize dix-sept "
    "dix-huit dix-neuf vingt",
    "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis "
    "diecisiete dieciocho diecinueve veinte",
):
    for _value, _word in enumerate(_lang_words.split()):
        _NUMBERS.setdefault(_word, _value)
_NUMBERS.update(
    {
        "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
        "hundred": 100, "thousand": 1000, "million": 1_000_000, "billion": 1_000_000_000,
        "dreißig": 30, "vierzig": 40, "fünfzig": 50, "hundert": 100, "tausend": 1000, "millionen": 1_000_000,
        "trente": 30, "quarante": 40, "cinquante": 50, "cent": 100, "mille": 1000,
        "treinta": 30, "cuarenta": 40, "cincuenta": 50, "cien": 100, "mil": 1000, "millón": 1_000_000,
        "millones": 1_000_000, "millions": 1_000_000, "milliarde": 1_000_000_000, "billions": 1_000_000_000,
        "first": 1, "second": 2, "third": 3, "erste": 1, "ersten": 1, "premier": 1, "première": 1, "primero": 1,
        "primera": 1, "dozen": 12, "half": 0.5, "halb": 0.5, "hälfte": 0.5, "moitié": 0.5, "mitad": 0.5,
        "quarter": 0.25, "viertel": 0.25,
    }
)  # fmt: skip
# "un"/"una"/"one" as articles are too common to count as numbers
_WEAK_NUMBERS = frozenset({"un", "une", "uno", "una", "one", "eins", "second", "first", "mil", "cent"})


def _word_number(word: str) -> str:
    value = _NUMBERS[word]
    return f"#{int(value)}" if value == int(value) else f"#{value}"


def fold(text: str) -> str:
    """Lower case without accents (NFKD, combining marks dropped); ß stays a letter."""
    text = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in text if not unicodedata.combining(c))


@functools.lru_cache(maxsize=8192)
def _stem(word: str) -> str:
    return fold(word)[:STEM]


def _number(token: str) -> str:
    digits = re.sub(r"[\u00a0\u202f]", "", token)
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", digits):
        digits = re.sub(r"[.,]", "", digits)  # 1,000 / 1.000 (thousands)
    digits = digits.replace(",", ".")
    if "." in digits:
        whole, _, frac = digits.partition(".")
        frac = frac.rstrip("0")
        digits = f"{int(whole)}.{frac}" if frac else str(int(whole))
    else:
        digits = str(int(digits))
    return "#" + digits


@dataclass(frozen=True)
class Content:
    words: frozenset[str]  # stems of salient words and CJK bigrams
    numbers: frozenset[str]  # "#1889", "#3.5"
    names: frozenset[str] = frozenset()  # stems of capitalised words after the first (likely names)


def key(token: str, *, numbers_from_words: bool = True) -> str:
    """A ``WORD`` token as a comparable key: "#1889" for a number (in digits, or a number word), the stem
    of a salient word, "" for a function word or a single letter."""
    if token[0].isdigit():
        return _number(token)
    low = token.casefold()
    if numbers_from_words and low in _NUMBERS and low not in _WEAK_NUMBERS:
        return _word_number(low)
    if low in _STOP or len(low) < 2:
        return ""
    return _stem(low)


def content(text: str, *, numbers_from_words: bool = True) -> Content:
    """The salient stems and numbers of ``text`` (citations like [1] removed)."""
    text = _CITATION.sub(" ", text)
    words: set[str] = set()
    numbers: set[str] = set()
    names: set[str] = set()
    first = True
    for match in WORD.finditer(text):
        token = match.group()
        if _CJK.search(token):
            chars = [c for c in token if _CJK.match(c)]
            words.update(a + b for a, b in zip(chars, chars[1:], strict=False))
            words.update(chars if len(chars) == 1 else ())
            continue
        stem = key(token, numbers_from_words=numbers_from_words)
        if stem.startswith("#"):
            numbers.add(stem)
            first = first and not token[0].isdigit()
            continue
        if not stem:
            first = False
            continue
        words.add(stem)
        if not first and token[0].isupper():
            names.add(stem)
        first = False
    return Content(frozenset(words), frozenset(numbers), frozenset(names))


def source_numbers(text: str) -> frozenset[str]:
    """Every number a source mentions, as digits or as words (articles included)."""
    found = set(content(text).numbers)
    for match in WORD.finditer(text):
        low = match.group().casefold()
        if low in _NUMBERS:
            found.add(_word_number(low))
    return frozenset(found)
