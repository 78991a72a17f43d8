"""Parse the raw query: ``!bang`` engines/categories, ``!!`` site bangs, ``:lang`` and ``<timeout``.

A bang may stand anywhere in the query; ``:lang`` only before the first
word. A token that looks like a bang but names nothing stays in the text.
``!!name`` names a site of the bang table (``searx.bangs``); ``!!`` alone asks
for the first result ("feeling lucky"); ``<3`` (seconds, below 100) or ``<850``
(milliseconds, from 100) limits how long the engines may take, as in SearXNG.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass, field

_LANG = re.compile(r":([a-zA-Z]{2,3})(?:-([a-zA-Z]{2}))?")
_TIMEOUT = re.compile(r"<([1-9][0-9]{0,4})")


@dataclass(frozen=True)
class ParsedQuery:
    """The query text with its bangs, language prefix and timeout taken out."""

    text: str
    engines: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    language: str | None = None
    bangs: tuple[str, ...] = field(default=())
    # the first ``!!name`` of the bang table (lower case), and whether ``!!`` stood alone
    site_bang: str | None = None
    lucky: bool = False
    timeout: float | None = None
    # every token taken out of the text, in order (the autocompleter puts them back)
    taken: tuple[str, ...] = ()


def _lang(token: str) -> str | None:
    match = _LANG.fullmatch(token)
    if not match:
        return None
    lang, region = match.groups()
    return f"{lang.lower()}-{region.upper()}" if region else lang.lower()


def timeout_of(token: str) -> float | None:
    """Seconds from ``<3`` (below 100: seconds) or ``<850`` (from 100: milliseconds); None otherwise."""
    match = _TIMEOUT.fullmatch(token)
    if not match:
        return None
    value = int(match.group(1))
    return float(value) if value < 100 else value / 1000


def syntax(token: str) -> bool:
    """Whether ``parse`` may take ``token`` (one word of a query) out of the text, with some engine and bang
    table: a bang (``!wp``, ``!!``, ``!!w``), a timeout (``<3``) or a language (``:fr``)."""
    return (token[:1] == "!" and len(token) > 1) or timeout_of(token) is not None or _lang(token) is not None


def parse(raw: str, shortcuts: Mapping[str, str], engine_names: Iterable[str], categories: Iterable[str],
          site_bangs: Container[str] = ()) -> ParsedQuery:  # fmt: skip
    """Split ``raw`` into text, bang engines/categories, a site bang, a language and a timeout.

    ``shortcuts`` maps shortcut -> engine name. Category bangs use ``_`` for
    spaces (``!social_media``). ``site_bangs``: the names of the ``!!`` table.
    """
    names = set(engine_names)
    cats = {c.replace(" ", "_").lower(): c for c in categories}
    words: list[str] = []
    engines: list[str] = []
    found_cats: list[str] = []
    bangs: list[str] = []
    taken: list[str] = []
    language: str | None = None
    site: str | None = None
    lucky = False
    timeout: float | None = None
    for token in raw.split():
        if token[0] not in "!<:":  # a plain word: most tokens of most queries
            words.append(token)
            continue
        if token == "!!":
            lucky = True
        elif token.startswith("!!"):
            if token[2:].lower() not in site_bangs or site is not None:
                words.append(token)
                continue
            site = token[2:].lower()
        elif token[0] == "!" and len(token) > 1:
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
        elif timeout is None and (limit := timeout_of(token)) is not None:
            timeout = limit
        elif language is None and not words and (lang := _lang(token)):
            language = lang
        else:
            words.append(token)
            continue
        taken.append(token)
    return ParsedQuery(" ".join(words), tuple(dict.fromkeys(engines)), tuple(dict.fromkeys(found_cats)), language,
                       tuple(bangs), site, lucky, timeout, tuple(taken))
