"""Swisscows' suggestions: a plain JSON list of strings."""

from __future__ import annotations

import httpx

from searx.autocomplete.base import get, load_json
from searx.enginelib.params import HttpRequest


def request(query: str, language: str) -> HttpRequest:
    return get("https://swisscows.ch/api/suggest", query=query, itemsCount=5)


def response(resp: httpx.Response) -> list[str]:
    data = load_json(resp)
    if not isinstance(data, list):
        raise ValueError("not a list of suggestions")
    return [s for s in data if isinstance(s, str)]
