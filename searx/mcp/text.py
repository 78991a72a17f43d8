"""Text handed to a model: control characters escaped, direction overrides removed, cut to bounds (pure)."""

from __future__ import annotations

import re
import unicodedata

# embeddings, overrides and isolates: they reorder what a reader sees without changing the text
_BIDI = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"), None)
_MARKERS = re.compile(r"\[([\W_]*(?:BEGIN|END)[\W_]*UNTRUSTED)", re.IGNORECASE)


def _escape(char: str) -> str:
    return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"


def clean(text: str, *, keep: str = "\n\t") -> str:
    """``text`` without direction overrides, its other control characters written as ``\\xNN``."""
    text = text.translate(_BIDI).replace("\r\n", "\n")
    return "".join(
        _escape(c) if c not in keep and (unicodedata.category(c) == "Cc" or c in "\u2028\u2029") else c
        for c in text
    )


def visible(text: str) -> str:
    """What a reader sees of ``text``: NFKC-normalised (fullwidth letters are letters), without format
    characters (zero-width spaces and joiners, soft hyphens, direction marks)."""
    return "".join(c for c in unicodedata.normalize("NFKC", text) if unicodedata.category(c) != "Cf")


def one_line(text: str) -> str:
    """A title, URL or snippet on one line: whitespace runs become one space, markers cannot be forged.

    Text whose visible form holds a marker is given in that form, the marker defused; other text keeps
    its characters (a Persian word keeps its zero-width non-joiner)."""
    line = " ".join(text.split())
    if _MARKERS.search(seen := visible(line)):
        line = _MARKERS.sub(r"(\1", " ".join(seen.split()))
    return clean(line, keep="")


def defuse(text: str, closing: str) -> str:
    """Multi-line ``text`` escaped, with any line that would read as the ``closing`` line quoted."""
    lines = clean(text).split("\n")
    return "\n".join(f"> {line}" if visible(line).strip() == closing else line for line in lines)


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
