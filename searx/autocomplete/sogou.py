"""Sogou's suggestions (its mobile endpoint): a call around ``["query", ["s1", "s2", …], …]``."""

from __future__ import annotations

import json

import httpx

from searx.autocomplete.base import get
from searx.enginelib.params import HttpRequest


def request(query: str, language: str) -> HttpRequest:
    # m: the client's name, the one this endpoint is known to answer
    return get("https://sor.html5.qq.com/api/getsug", m="searxng", key=query)


def response(resp: httpx.Response) -> list[str]:
    # the query and its suggestions: from the first "[" to the first "]" after it, closed again
    text = resp.text
    start = text.find("[")
    end = text.find("]", start)
    if start < 0 or end < 0:
        raise ValueError("no suggestions list in the answer")
    data = json.loads(text[start:end] + "]]")
    return [s for s in data[1] if isinstance(s, str)]
