"""The backends whose endpoints answer OpenSearch's suggestions JSON, ``[query, [s1, s2, …]]``.

One row each: the endpoint and its parameters (facts of the upstream's API), and the prefixes of
answers that are no query (Mwmbl's ``go: …`` links).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import httpx

from searx.autocomplete.base import get, load_json, second_list
from searx.enginelib.html_parse import locale
from searx.enginelib.locales import region_of

# Startpage's interface languages (``lui``); others get English
_STARTPAGE = {"da": "dansk", "de": "deutsch", "en": "english", "es": "espanol", "fr": "francais", "nb": "norsk",
              "nl": "nederlands", "pl": "polski", "pt": "portugues", "sv": "svenska"}


@dataclass(frozen=True)
class OpenSearch:
    """A backend that answers ``[query, [suggestions]]``."""

    ask: Callable[[str, str], dict[str, Any]]
    drop: tuple[str, ...] = ()
    cookies: Mapping[str, str] | None = None

    def request(self, query: str, language: str) -> dict[str, Any]:
        params = self.ask(query, language)
        if self.cookies:
            params["cookies"] = dict(self.cookies)
        return params

    def response(self, resp: httpx.Response) -> list[str]:
        return [s for s in second_list(load_json(resp)) if not s.startswith(self.drop)]


def _region(language: str) -> str | None:
    return locale(language)[1] or None


def _wiki(language: str) -> str:
    # the language names the wiki's host: only a plain language code may
    lang = locale(language)[0]
    return lang if lang.isascii() and lang.isalpha() and 2 <= len(lang) <= 3 else "en"


OPENSEARCH: Mapping[str, OpenSearch] = {
    "duckduckgo": OpenSearch(lambda q, lang: get("https://duckduckgo.com/ac/", type="list", q=q, kl=region_of(lang))),
    # country=all: suggestions from every country, not the one Brave guesses from the server's address
    "brave": OpenSearch(lambda q, lang: get("https://search.brave.com/api/suggest", q=q), cookies={"country": "all"}),
    "kagi": OpenSearch(lambda q, lang: get("https://kagisuggest.com/api/autosuggest", q=q,
                                           r=(_region(lang) or "").lower() or None)),
    "mwmbl": OpenSearch(lambda q, lang: get("https://api.mwmbl.org/search/complete", q=q),
                        drop=("go: ", "search: ")),
    "privacywall": OpenSearch(lambda q, lang: get("https://www.privacywall.org/search/secure/suggestions.php",
                                                  q=q, cc=_region(lang))),
    "startpage": OpenSearch(lambda q, lang: get(
        "https://www.startpage.com/suggestions", q=q, format="opensearch", segment="startpage.defaultffx",
        lui=_STARTPAGE.get(locale(lang)[0], "english"))),
    "wikipedia": OpenSearch(lambda q, lang: get(
        f"https://{_wiki(lang)}.wikipedia.org/w/api.php", action="opensearch", format="json",
        formatversion="2", search=q, namespace="0", limit="10")),
    "yandex": OpenSearch(lambda q, lang: get("https://suggest.yandex.com/suggest-ff.cgi", part=q)),
}
