"""What every autocomplete backend is: ``request(query, language)`` -> the request's params,
``response(resp)`` -> the suggestions; and the parsing helpers they share (pure)."""

from __future__ import annotations

import json
from typing import Any, Protocol
from urllib.parse import urlencode

import httpx

from searx.enginelib.params import HttpRequest


class Backend(Protocol):
    """One upstream's suggestion endpoint, shaped like an engine: no I/O of its own."""

    def request(self, query: str, language: str) -> HttpRequest:
        """The request for the partial ``query`` in a search ``language`` (``en-US``, ``de``, ``all``):
        ``url`` and optionally ``headers`` and ``cookies``."""
        ...

    def response(self, resp: httpx.Response) -> list[str]:
        """The suggestions an answer holds (anything unexpected raises; the suggester gives none then)."""
        ...


def get(base: str, **args: str | int | None) -> HttpRequest:
    """A GET of ``base`` with ``args`` in the query string (arguments given as None are left out)."""
    return {"url": base + "?" + urlencode({k: v for k, v in args.items() if v is not None}), "method": "GET"}


def load_json(resp: httpx.Response) -> Any:
    """The answer's JSON (``ValueError`` when it is none)."""
    return json.loads(resp.content.decode(resp.encoding or "utf-8", "replace"))


def second_list(data: Any) -> list[str]:
    """OpenSearch's suggestions answer ``[query, [s1, s2, …], …]``: the list of suggestions."""
    if not isinstance(data, list) or len(data) < 2 or not isinstance(data[1], list):
        raise ValueError("not an OpenSearch suggestions answer")
    return [s for s in data[1] if isinstance(s, str)]


def strings(items: Any, key: str | int) -> list[str]:
    """``item[key]`` of each item of a list that has it as a string."""
    if not isinstance(items, list):
        raise ValueError("no list of suggestions")
    found = []
    for item in items:
        try:
            value = item[key]
        except (KeyError, IndexError, TypeError):
            continue
        if isinstance(value, str):
            found.append(value)
    return found
