"""What ``/autocompleter`` offers for a partial query: bangs while one is typed, else the chosen
backend's suggestions, each as the whole query to search (its bangs and prefixes kept).

A last word starting with ``!!`` is completed from the bang table, one starting with ``!``
from the engines' shortcuts, names and categories; nothing is sent anywhere for those.
"""

from __future__ import annotations

from collections.abc import Mapping

from searx.autocomplete.suggester import MAX_SUGGESTIONS, Suggester
from searx.bangs import Bangs, starting
from searx.engines import Engine, categories_of
from searx.errors import BadRequest
from searx.search.request import MAX_QUERY, parse_query

# what "!!" alone offers: one well-known site of each kind, in the table's names
FEATURED = ("g", "ddg", "w", "wt", "yt", "gh", "osm", "a", "so", "r")


class Autocompleter:
    """Completions for the instance's engines and bang table, and one backend's suggestions."""

    def __init__(self, engines: Mapping[str, Engine], bangs: Bangs, suggester: Suggester, *, min_chars: int) -> None:
        self._engines = engines
        self._bangs = bangs
        self._suggester = suggester
        self._min = min_chars
        self._categories = categories_of(engines)
        # a bang is one token: engine names with a space cannot be one, categories write it as "_"
        self._engine_bangs = sorted({e.shortcut.lower() for e in engines.values() if e.shortcut}
                                    | {n.lower() for n in engines if " " not in n}
                                    | {c.replace(" ", "_").lower() for c in self._categories})
        self._featured = [n for n in FEATURED if n in bangs] or list(bangs.urls)[:MAX_SUGGESTIONS]

    def complete(self, raw: str, backend: str, language: str) -> list[str]:
        """Whole queries to offer for ``raw``; ``backend`` "" asks no one (bangs are still completed).

        ``language``: the user's search language; a ``:lang`` prefix in the query wins.
        """
        if len(raw) > MAX_QUERY:
            raise BadRequest(f"the query is longer than {MAX_QUERY} characters")
        words = raw.split()
        last = words[-1] if words and not raw[-1].isspace() else ""
        head = raw[: len(raw) - len(last)]
        if last.startswith("!!"):
            typed = last[2:].lower()
            names = self._bangs.complete(typed, MAX_SUGGESTIONS) if typed else self._featured
            return [f"{head}!!{n}" for n in names]
        if last.startswith("!"):
            return [f"{head}!{n}" for n in starting(self._engine_bangs, last[1:].lower(), MAX_SUGGESTIONS)]
        parsed = parse_query(raw, self._engines, self._bangs, self._categories)
        if not backend or len(parsed.text) < max(self._min, 1):
            return []
        prefix = " ".join(parsed.taken)
        found = self._suggester.suggest(backend, parsed.text, parsed.language or language)
        return [f"{prefix} {s}" if prefix else s for s in found]
