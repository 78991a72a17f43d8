"""The backends whose endpoints answer a JSON object holding a list of suggestion objects.

One row each: the endpoint and its parameters, the keys down to the list, and the key of the
text in each item (facts of the upstream's API).
"""

from __future__ import annotations

import secrets
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import httpx

from searx.autocomplete.base import get, load_json, strings
from searx.enginelib.locales import locale_tag

_CVID = string.ascii_uppercase + string.digits


def _unchanged(text: str) -> str:
    return text


def _bing_marks(text: str) -> str:
    # Bing marks the typed part with private-use characters (U+E000 … U+E001)
    return text.replace("\ue000", "").replace("\ue001", "")


@dataclass(frozen=True)
class Listed:
    """A backend that answers ``{…: [{key: suggestion}, …]}``."""

    ask: Callable[[str, str], dict[str, Any]]
    path: tuple[str | int, ...]
    key: str | int
    clean: Callable[[str], str] = _unchanged

    def request(self, query: str, language: str) -> dict[str, Any]:
        return self.ask(query, language)

    def response(self, resp: httpx.Response) -> list[str]:
        data = load_json(resp)
        for step in self.path:
            data = data[step]
        return [self.clean(s) for s in strings(data, self.key)]


LISTS: Mapping[str, Listed] = {
    "qwant": Listed(lambda q, lang: get("https://api.qwant.com/v3/suggest", q=q,
                                        locale=locale_tag({"language": lang}, "web"), version="2"),
                    ("data", "items"), "value"),
    "baidu": Listed(lambda q, lang: get("https://www.baidu.com/sugrec", ie="utf-8", json=1, prod="pc", wd=q),
                    ("g",), "q"),
    "360search": Listed(lambda q, lang: get("https://sug.so.360.cn/suggest", format="json", word=q),
                        ("result",), "word"),
    "quark": Listed(lambda q, lang: get("https://sugs.m.sm.cn/web", q=q), ("r",), "w"),
    # cvid: 32 capital letters and digits, new for every request (as Bing's own page makes one)
    "bing": Listed(lambda q, lang: get("https://www.bing.com/AS/Suggestions", qry=q, csr=1,
                                       cvid="".join(secrets.choice(_CVID) for _ in range(32))),
                   ("s",), "q", _bing_marks),
    "naver": Listed(lambda q, lang: get("https://ac.search.naver.com/nx/ac", q=q, r_format="json", st=0),
                    ("items", 0), 0),
}
