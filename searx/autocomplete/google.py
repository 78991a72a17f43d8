"""Google's suggestions: ``/complete/search?client=gws-wiz``; the answer's first list holds
``[html, kind, [flags]]`` items (the completion's text with ``<b>`` marks)."""

from __future__ import annotations

import json
from typing import Any

import httpx

from searx.autocomplete.base import get, strings
from searx.enginelib.html_parse import strip_tags
from searx.enginelib.locales import language_args


def request(query: str, language: str) -> dict[str, Any]:
    hl = language_args({"language": language}, restrict=False)["hl"]
    return get("https://www.google.com/complete/search", q=query, client="gws-wiz", hl=hl)


def response(resp: httpx.Response) -> list[str]:
    # JSON wrapped in a call (window.google.ac.h(...)) or behind an XSSI guard ()]}'): from the first [ to the last ]
    text = resp.text
    start, end = text.find("["), text.rfind("]")
    if start < 0 or end < start:
        raise ValueError("no JSON list in the answer")
    data = json.loads(text[start:end + 1])
    return [strip_tags(s) for s in strings(data[0], 0)]
