"""Text handed to a model: control characters escaped, direction overrides removed, cut to bounds (pure)."""

from __future__ import annotations

import re
import unicodedata

# embeddings, overrides and isolates: they reorder what a reader sees without changing the text
_BIDI = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"), None)
# "[END UNTRUSTED", "END OF UNTRUSTED", "【BEGIN THE UNTRUSTED": BEGIN or END as a word, OF or THE, UNTRUSTED
# (the punctuation before it, where a bracket or its look-alike stands, is found by ``_defused``)
_MARKERS = re.compile(r"(?<![^\W_])(?:BEGIN|END)(?:[\W_]+(?:OF|THE))*[\W_]*UNTRUSTED", re.IGNORECASE)
_WORD = re.compile(r"[^\W_]")
# letters of other scripts that a reader takes for the Latin letters of the markers and closing lines
# (NFKC already maps fullwidth, mathematical and circled letters)
_LOOKALIKES = {
    "A": ("CYRILLIC CAPITAL LETTER A", "GREEK CAPITAL LETTER ALPHA", "LATIN LETTER SMALL CAPITAL A"),
    "B": ("CYRILLIC CAPITAL LETTER VE", "CYRILLIC SMALL LETTER VE", "GREEK CAPITAL LETTER BETA",
          "LATIN LETTER SMALL CAPITAL B"),
    "C": ("CYRILLIC CAPITAL LETTER ES", "GREEK CAPITAL LUNATE SIGMA SYMBOL", "LATIN LETTER SMALL CAPITAL C"),
    "D": ("LATIN LETTER SMALL CAPITAL D",),
    "E": ("CYRILLIC CAPITAL LETTER IE", "GREEK CAPITAL LETTER EPSILON", "LATIN LETTER SMALL CAPITAL E"),
    "F": ("LATIN LETTER SMALL CAPITAL F",),
    "G": ("CYRILLIC CAPITAL LETTER KOMI SJE", "LATIN LETTER SMALL CAPITAL G"),
    "H": ("CYRILLIC CAPITAL LETTER EN", "CYRILLIC SMALL LETTER EN", "CYRILLIC CAPITAL LETTER SHHA",
          "GREEK CAPITAL LETTER ETA", "LATIN LETTER SMALL CAPITAL H"),
    "I": ("CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I", "CYRILLIC LETTER PALOCHKA", "GREEK CAPITAL LETTER IOTA",
          "LATIN LETTER SMALL CAPITAL I"),
    "J": ("CYRILLIC CAPITAL LETTER JE", "LATIN LETTER SMALL CAPITAL J"),
    "K": ("CYRILLIC CAPITAL LETTER KA", "CYRILLIC SMALL LETTER KA", "GREEK CAPITAL LETTER KAPPA",
          "LATIN LETTER SMALL CAPITAL K"),
    "L": ("LATIN LETTER SMALL CAPITAL L",),
    "M": ("CYRILLIC CAPITAL LETTER EM", "CYRILLIC SMALL LETTER EM", "GREEK CAPITAL LETTER MU",
          "LATIN LETTER SMALL CAPITAL M"),
    "N": ("GREEK CAPITAL LETTER NU", "LATIN LETTER SMALL CAPITAL N"),
    "O": ("CYRILLIC CAPITAL LETTER O", "GREEK CAPITAL LETTER OMICRON", "ARMENIAN CAPITAL LETTER OH",
          "LATIN LETTER SMALL CAPITAL O"),
    "P": ("CYRILLIC CAPITAL LETTER ER", "GREEK CAPITAL LETTER RHO", "LATIN LETTER SMALL CAPITAL P"),
    "Q": ("CYRILLIC CAPITAL LETTER QA",),
    "R": ("LATIN LETTER SMALL CAPITAL R",),
    "S": ("CYRILLIC CAPITAL LETTER DZE", "ARMENIAN CAPITAL LETTER TIWN", "LATIN LETTER SMALL CAPITAL S"),
    "T": ("CYRILLIC CAPITAL LETTER TE", "CYRILLIC SMALL LETTER TE", "GREEK CAPITAL LETTER TAU",
          "LATIN LETTER SMALL CAPITAL T"),
    "U": ("ARMENIAN CAPITAL LETTER SEH", "LATIN LETTER SMALL CAPITAL U"),
    "V": ("LATIN LETTER SMALL CAPITAL V",),
    "W": ("CYRILLIC CAPITAL LETTER WE", "LATIN LETTER SMALL CAPITAL W"),
    "X": ("CYRILLIC CAPITAL LETTER HA", "GREEK CAPITAL LETTER CHI"),
    "Y": ("CYRILLIC CAPITAL LETTER U", "CYRILLIC CAPITAL LETTER STRAIGHT U", "GREEK CAPITAL LETTER UPSILON",
          "LATIN LETTER SMALL CAPITAL Y"),
    "Z": ("GREEK CAPITAL LETTER ZETA", "LATIN LETTER SMALL CAPITAL Z"),
    "a": ("CYRILLIC SMALL LETTER A", "GREEK SMALL LETTER ALPHA"),
    "c": ("CYRILLIC SMALL LETTER ES", "GREEK LUNATE SIGMA SYMBOL"),
    "d": ("CYRILLIC SMALL LETTER KOMI DE",),
    "e": ("CYRILLIC SMALL LETTER IE",),
    "g": ("LATIN SMALL LETTER SCRIPT G",),
    "h": ("CYRILLIC SMALL LETTER SHHA", "ARMENIAN SMALL LETTER HO"),
    "i": ("CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I", "GREEK SMALL LETTER IOTA", "LATIN SMALL LETTER DOTLESS I"),
    "j": ("CYRILLIC SMALL LETTER JE", "GREEK LETTER YOT", "LATIN SMALL LETTER DOTLESS J"),
    "l": ("CYRILLIC SMALL LETTER PALOCHKA",),
    "n": ("ARMENIAN SMALL LETTER VO",),
    "o": ("CYRILLIC SMALL LETTER O", "GREEK SMALL LETTER OMICRON", "ARMENIAN SMALL LETTER OH"),
    "p": ("CYRILLIC SMALL LETTER ER", "GREEK SMALL LETTER RHO"),
    "q": ("CYRILLIC SMALL LETTER QA",),
    "s": ("CYRILLIC SMALL LETTER DZE",),
    "u": ("ARMENIAN SMALL LETTER SEH", "GREEK SMALL LETTER UPSILON"),
    "v": ("GREEK SMALL LETTER NU",),
    "w": ("CYRILLIC SMALL LETTER WE",),
    "x": ("CYRILLIC SMALL LETTER HA",),
    "y": ("CYRILLIC SMALL LETTER U", "CYRILLIC SMALL LETTER STRAIGHT U"),
}
_LATIN = {ord(unicodedata.lookup(name)): letter for letter, names in _LOOKALIKES.items() for name in names}
_UNSEEN = frozenset({"Mn", "Mc", "Me", "Cf"})  # combining marks (their base letter is what is read), format characters


def _escape(char: str) -> str:
    return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"


def clean(text: str, *, keep: str = "\n\t") -> str:
    """``text`` without direction overrides, its other control characters written as ``\\xNN``."""
    text = text.translate(_BIDI).replace("\r\n", "\n")
    return "".join(
        _escape(c) if c not in keep and (unicodedata.category(c) == "Cc" or c in "\u2028\u2029") else c
        for c in text
    )


def skeleton(text: str) -> str:
    """What a reader takes ``text`` for: NFKC-normalised (fullwidth letters are letters), without format
    characters (zero-width spaces and joiners, soft hyphens, direction marks) and combining marks
    (``E\u0301`` is ``E``), letters that look Latin as Latin (Cyrillic ``Е`` is ``E``)."""
    if text.isascii():  # most text: nothing to normalise
        return text
    # NFKD, NFKC taken apart: format characters and marks go in one pass
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if unicodedata.category(c) not in _UNSEEN)
    return unicodedata.normalize("NFC", bare).translate(_LATIN)


def _defused(line: str) -> str:
    """``line`` with each marker look-alike's opening brackets (``[``, ``【``, ``⟦``…: the punctuation
    before it) made ``(``, and one put in where it had none. Linear: each character is looked at once."""
    out, done = [], 0
    for match in _MARKERS.finditer(line):
        start = match.start()
        while start > done and not _WORD.match(line, start - 1):
            start -= 1
        lead = "".join("(" if unicodedata.category(c) == "Ps" or c == "<" else c for c in line[start:match.start()])
        out += [line[done:start], lead if "(" in lead else f"{lead}(", match[0]]
        done = match.end()
    return "".join([*out, line[done:]])


def one_line(text: str) -> str:
    """A title, URL or snippet on one line: whitespace runs become one space, markers cannot be forged.

    Text that a reader would take for a marker (``skeleton``) is given in that form, the marker
    defused; other text keeps its characters (a Persian word keeps its zero-width non-joiner)."""
    line = " ".join(text.split())
    if _MARKERS.search(seen := skeleton(line)):
        line = _defused(" ".join(seen.split()))
    return clean(line, keep="")


def _words(text: str) -> str:
    return " ".join(re.findall(r"[^\W_]+", skeleton(text).casefold()))


def defuse(text: str, closing: str) -> str:
    """Multi-line ``text`` escaped, with any line that would read as the ``closing`` line quoted (its
    words, whatever their case, look-alike letters, accents and punctuation: ``【END OF PASSAGES】``)."""
    lines, words = clean(text).split("\n"), _words(closing)
    return "\n".join(f"> {line}" if _words(line) == words else line for line in lines)


def cut(text: str, limit: int, marker: str) -> str:
    """``text`` when it has at most ``limit`` characters, else its start and `` marker`` in ``limit``."""
    if len(text) <= limit:
        return text
    room = max(0, limit - len(marker) - 1)
    return f"{text[:room].rstrip()} {marker}".lstrip()


def cut_bytes(text: str, limit: int, marker: str) -> str:
    """``text`` when its UTF-8 fits ``limit`` bytes, else its start and `` marker`` within ``limit`` bytes.

    An empty string when not even the marker fits.
    """
    raw = text.encode()
    if len(raw) <= limit:
        return text
    room = limit - len(marker.encode()) - 1
    if room <= 0:
        return ""
    head = raw[:room].decode(errors="ignore").rstrip()
    return f"{head} {marker}".lstrip()


def utf8_len(text: str) -> int:
    return len(text.encode())
