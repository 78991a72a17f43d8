"""The choices of one search (query as typed, categories, language, safe search, time range) and the
links of its results page that keep them: other pages, tabs, suggestions, the share link.

Pure: the view passes in the request's values and preferences after the search was built (so
every value here was accepted by ``searx.search.request``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

from searx.preferences import Preferences
from searx.results.search import SearchQuery
from searx.search.request import search_language


@dataclass(frozen=True)
class SearchChoices:
    """What the results page's form and links carry; ``language`` is the user's choice (auto, all or
    a code), not the language ``auto`` resolved to, so the next page asks the same way."""

    q: str
    categories: tuple[str, ...]
    language: str
    safesearch: int
    time_range: str

    def params(self, **change: str) -> dict[str, str]:
        values = {"q": self.q, "categories": ",".join(self.categories), "language": self.language,
                  "safesearch": str(self.safesearch), "time_range": self.time_range}
        values.update(change)
        return values

    def fields(self, pageno: int = 1, **change: str) -> dict[str, str]:
        """The request's values for these choices (``change`` replaces some: another category, query);
        a POST user's links are forms of these as hidden fields."""
        params = self.params(**change)
        if pageno > 1:
            params["pageno"] = str(pageno)
        return params

    def url(self, pageno: int = 1, **change: str) -> str:
        """``/search?...`` with these choices."""
        return "/search?" + urlencode(self.fields(pageno, **change))


def choices(values: Mapping[str, str], prefs: Preferences, sq: SearchQuery) -> SearchChoices:
    """The choices of the search ``sq`` that ``values`` (the request) asked for."""
    language = values.get("language") or prefs.get("language") or "auto"
    if language != "auto":
        language = search_language(language)
    return SearchChoices(q=values.get("q", sq.query), categories=sq.categories, language=language,
                         safesearch=sq.safesearch, time_range=sq.time_range or "")
