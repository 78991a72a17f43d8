"""Text from outside (a server's error message, a URL) made safe for one log line.

Control and format characters, line and paragraph separators are written as
``\\xNN`` / ``\\uNNNN`` escapes, so nothing logged can forge a second line,
hide text or smuggle a NUL; the result is bounded.
"""

from __future__ import annotations

import unicodedata

MAX_LEN = 300


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def loggable(value: object, limit: int = MAX_LEN) -> str:
    """``str(value)`` with unprintable characters escaped, cut to ``limit`` characters."""
    text = str(value)[:limit]
    return "".join(
        _escape(c) if c == "\\" or unicodedata.category(c)[0] == "C" or unicodedata.category(c) in ("Zl", "Zp") else c
        for c in text
    )
