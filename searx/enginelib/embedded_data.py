"""Data a page embeds in its scripts: a JSON value after a marker, or a JavaScript object literal.

Pure functions for engine modules. Pages that hydrate in the browser (Startpage's
``React.createElement(...)``, Flickr's ``modelExport:``, SvelteKit's ``kit.start(...)``
on Brave) carry their results as one literal; it is decoded once per page by the
C JSON scanner, never by a regular expression per result.
"""

from __future__ import annotations

import json
import re
from typing import Any

from searx.errors import EngineParseError

_DECODER = json.JSONDecoder()
# JSON strings (kept as they are) and what lies between them
_STRINGS = re.compile(r'("(?:[^"\\]|\\.)*")', re.S)
# an unquoted key after "{" or ",", and JavaScript's undefined: only outside strings
_KEY = re.compile(r"([{,]\s*)([A-Za-z_$][\w$]*)(\s*:)")
_UNDEFINED = re.compile(r"\b(?:void 0|undefined)\b")
_SEP = "\x00"


def _start(text: str, marker: str) -> int:
    at = text.find(marker)
    if at < 0:
        raise EngineParseError(f"no {marker.strip()!r} data on the page")
    for i in range(at + len(marker), min(len(text), at + len(marker) + 200)):
        if text[i] in "{[":
            return i
    raise EngineParseError(f"no literal after {marker.strip()!r}")


def json_after(text: str, marker: str) -> Any:
    """The JSON object or array that follows ``marker`` in ``text`` (what is after it is ignored)."""
    start = _start(text, marker)
    try:
        return _DECODER.raw_decode(text, start)[0]
    except ValueError as exc:
        raise EngineParseError(f"the data after {marker.strip()!r} is not JSON: {exc}") from exc


def js_to_json(source: str) -> str:
    """JSON text of a JavaScript literal whose strings are double-quoted (what SvelteKit's
    serializer writes): unquoted keys quoted, ``void 0`` / ``undefined`` as null.

    The text between strings is rewritten in one pass of the C regex engine: joined by a
    separator no script holds, substituted, split back."""
    parts = _STRINGS.split(source)
    between = _SEP.join(parts[0::2])
    between = _UNDEFINED.sub("null", _KEY.sub(r'\1"\2"\3', between))
    parts[0::2] = between.split(_SEP)
    return "".join(parts)


def js_after(text: str, marker: str) -> Any:
    """The JavaScript object or array literal that follows ``marker`` (see ``js_to_json``)."""
    start = _start(text, marker)
    end = text.find("</script", start)
    try:
        return _DECODER.raw_decode(js_to_json(text[start:end if end > 0 else len(text)]))[0]
    except ValueError as exc:
        raise EngineParseError(f"the data after {marker.strip()!r} is not a plain literal: {exc}") from exc

