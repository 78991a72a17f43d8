"""Split an answer into sentences with their offsets (code points into the whole text).

List items and headings are units of their own, fenced code blocks and inline
code spans stay whole, and citations written after a sentence's full stop
(``… in 1889. [2]``) belong to that sentence. Pure; no Markdown rendering.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_FENCE = re.compile(r"^ {0,3}(```|~~~)")
_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+")
_ITEM = re.compile(r"^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+")
_CODE = re.compile(r"`[^`\n]*`")
# a sentence ends after . ! ? (and the CJK stops), any closing quotes or brackets,
# and citations like [1] or [2, 3] that follow it
_END = re.compile(r"[.!?。！？]+[\"'”’»)\]]*(?:\s*\[\d{1,3}(?:\s*[,;\u2013-]\s*\d{1,3})*\])*")
# words after which a full stop does not end a sentence
_ABBREVIATIONS = frozenset(
    "e.g i.e etc vs cf approx ca mr mrs ms dr prof st no nr fig jr sr inc ltd co corp jan feb mar apr jun jul aug "
    "sep sept oct nov dec z.b d.h u.a usw bzw ggf vgl ca evtl p.ex cf env av j.-c s.a sra sr dra pág núm".split()
)


_LAST_WORD = re.compile(r"([\w.\-]+)$")
_ORDINAL_NEXT = frozenset(
    "januar jänner februar märz april mai juni juli august september oktober november dezember jahrhundert "
    "jahrhunderts jahrtausend mal platz stock minute runde spieltag etappe auflage klasse stelle woche tag fc liga bundesliga".split()
)


@dataclass(frozen=True)
class Unit:
    start: int
    end: int
    kind: str  # "sentence", "item" (a list item's sentence), "heading", "code"


def _mask_code(line: str) -> str:
    # inline code is one opaque token: a "." inside it never ends a sentence
    return _CODE.sub(lambda m: "`" + "x" * (len(m.group()) - 2) + "`", line)


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _is_break(masked: str, match: re.Match[str]) -> bool:
    """Whether the punctuation in ``match`` really ends a sentence."""
    after = match.end()
    if after < len(masked) and not masked[after].isspace() and masked[match.start()] in ".!?":
        return False  # 3.5, example.com, e.g.x
    if masked[match.start()] != ".":
        return True
    word = _LAST_WORD.search(masked, max(0, match.start() - 40), match.start())
    if word is None:
        return True
    token = word.group(1).lower()
    if token in _ABBREVIATIONS or (len(token) == 1 and token.isalpha()):
        return False
    rest = masked[after:].lstrip()
    if token.isdigit() and len(token) <= 2 and rest.split(" ", 1)[0].lower().rstrip(",") in _ORDINAL_NEXT:
        return False  # German ordinals: "am 27. August", "im 19. Jahrhundert"
    return not rest or not rest[0].islower()  # "approx. five" keeps going


def _split_line(text: str, start: int, end: int, kind: str) -> list[Unit]:
    masked = _mask_code(text[start:end])
    units: list[Unit] = []
    begin = 0
    for match in _END.finditer(masked):
        if _is_break(masked, match):
            s, e = _strip(text, start + begin, start + match.end())
            if s < e:
                units.append(Unit(s, e, kind))
            begin = match.end()
    s, e = _strip(text, start + begin, end)
    if s < e:
        units.append(Unit(s, e, kind))
    return units


def split(text: str) -> list[Unit]:
    """The sentence-like units of ``text`` in order, none empty, none overlapping."""
    units: list[Unit] = []
    paragraph: tuple[int, int] | None = None  # a run of plain lines, split as one text
    fence: tuple[str, int] | None = None
    pos = 0

    def flush() -> None:
        nonlocal paragraph
        if paragraph is not None:
            units.extend(_split_line(text, paragraph[0], paragraph[1], "sentence"))
            paragraph = None

    for line in text.splitlines(keepends=True):
        line_start, pos = pos, pos + len(line)
        body = line.rstrip("\r\n")
        line_end = line_start + len(body)
        if fence is not None:
            if body.lstrip().startswith(fence[0]):
                s, e = _strip(text, fence[1], line_end)
                units.append(Unit(s, e, "code"))
                fence = None
            continue
        opening = _FENCE.match(body)
        if opening:
            flush()
            fence = (opening.group(1), line_start)
            continue
        if not body.strip():
            flush()
            continue
        heading, item = _HEADING.match(body), _ITEM.match(body)
        if heading:
            flush()
            s, e = _strip(text, line_start, line_end)
            units.append(Unit(s, e, "heading"))
        elif item:
            flush()
            paragraph = None
            units.extend(_split_line(text, line_start + item.end(), line_end, "item"))
        else:
            paragraph = (line_start if paragraph is None else paragraph[0], line_end)
            if body.rstrip().endswith(":"):
                flush()  # "The main points are:" introduces what follows
    flush()
    if fence is not None:
        s, e = _strip(text, fence[1], len(text))
        if s < e:
            units.append(Unit(s, e, "code"))
    return units
