"""Seznam's suggestions: ``result`` items of type ``ItemType.TEXT``, each text in highlighted parts."""

from __future__ import annotations

import httpx

from searx.autocomplete.base import get, load_json, strings
from searx.enginelib.params import HttpRequest


def request(query: str, language: str) -> HttpRequest:
    return get("https://suggest.seznam.cz/fulltext/cs", phrase=query, cursorPosition=len(query), format="json-2",
               highlight="1", count="6")


def response(resp: httpx.Response) -> list[str]:
    items = load_json(resp)["result"]
    return ["".join(strings(item.get("text"), "text")) for item in items
            if isinstance(item, dict) and item.get("itemType") == "ItemType.TEXT"]
