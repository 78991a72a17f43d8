"""Parse the raw query: ``!bang`` engines/categories and ``:lang`` prefixes.

A bang may stand anywhere in the query; ``:lang`` only before the first
word. A token that looks like a bang but names nothing stays in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

_LANG = re.compile(r"^:([a-zA-Z]{2,3})(?:-([a-zA-Z]{2}))?$")


@dataclass(frozen=True)
class ParsedQuery:
    """The query text with its bangs and language prefix taken out."""

    text: str
    engines: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    language: str | None = None
    bangs: tuple[str, ...] = field(default=())


def _lang(token: str) -> str | None:
    match = _LANG.match(token)
    if not match:
        return None
    lang, region = match.groups()
    return f"{lang.lower()}-{region.upper()}" if region else lang.lower()


def parse(raw: str, shortcuts: Mapping[str, str], engine_names: Iterable[str], categories: Iterable[str]) -> ParsedQuery:
    """Split ``raw`` into text, bang engines/categories and a language.

    ``shortcuts`` maps shortcut -> engine name. Category bangs use ``_`` for
    spaces (``!social_media``).
    """
    names = set(engine_names)
    cats = {c.replace(" ", "_").lower(): c for c in categories}
    words: list[str] = []
    engines: list[str] = []
    found_cats: list[str] = []
    bangs: list[str] = []
    language: str | None = None
    for token in raw.split():
        if token.startswith("!") and len(token) > 1 and not token.startswith("!!"):
            key = token[1:].lower()
            if key in shortcuts:
                engines.append(shortcuts[key])
            elif key in names:
                engines.append(key)
            elif key in cats:
                found_cats.append(cats[key])
            else:
                words.append(token)
                continue
            bangs.append(token)
            continue
        if language is None and token.startswith(":") and not words:
            lang = _lang(token)
            if lang:
                language = lang
                continue
        words.append(token)
    return ParsedQuery(" ".join(words), tuple(dict.fromkeys(engines)), tuple(dict.fromkeys(found_cats)), language, tuple(bangs))
