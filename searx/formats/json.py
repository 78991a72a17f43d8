"""The JSON API shape SearXNG clients parse (LangChain, MCP servers, ...)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

import msgspec

from searx.results.answers import LEGACY, Answer, own_fields
from searx.results.search import SearchOutcome
from searx.results.types import MainResult, kind_fields

_encoder = msgspec.json.Encoder()
_EXTRA = ("thumbnail_src", "resolution", "img_format", "filesize", "source", "length", "iframe_src", "author",
          "audio_src", "views", "metadata")
# the fields each kind of result always carries (SearXNG's templates), empty or not
_KIND_FIELDS = {
    "images.html": ("thumbnail_src", "resolution", "img_format", "source", "author"),
    "videos.html": ("length", "iframe_src", "author", "source"),
    "news": ("source",),
}


def _parsed(url: str) -> list[str]:
    try:
        return list(urlparse(url))
    except ValueError:
        return ["", "", url, "", "", ""]


def parsed_url(r: MainResult) -> list[str]:
    """SearXNG's ``parsed_url`` (``urlparse``'s six parts) from the result's one split of its URL."""
    try:
        parts = r.parts
        if ";" not in parts.path:  # urlparse would split path parameters off: only then parse again
            return [parts.scheme, parts.netloc, parts.path, "", parts.query, parts.fragment]
        return _parsed(r.url)
    except ValueError:
        return ["", "", r.url, "", "", ""]


def result_dict(r: MainResult) -> dict[str, Any]:
    parsed = parsed_url(r)
    out: dict[str, Any] = {
        "url": r.url, "title": r.title, "content": r.content or "", "engine": r.engine, "engines": r.engines,
        "positions": r.positions, "score": r.score, "category": r.category, "parsed_url": parsed,
        "template": r.template, "publishedDate": r.publishedDate, "thumbnail": r.thumbnail or "",
        "img_src": r.img_src or "", "priority": r.priority,
    }
    for name in _KIND_FIELDS.get(r.kind, ()):
        out[name] = getattr(r, name) or ("" if name != "iframe_src" else None)
    for name in _EXTRA:
        if value := getattr(r, name):
            out[name] = value
    for name in kind_fields(r):  # a map, torrent, paper, package or file result's own fields, as SearXNG's
        out[name] = getattr(r, name)
    return out


def answer_dict(a: Answer) -> dict[str, Any]:
    """SearXNG's ``as_dict()`` of an answer: a plain one carries ``answer``, a typed one its own
    fields (``translations``; ``current``, ``forecasts``, ``service``)."""
    out: dict[str, Any] = {"url": a.url or None, "engine": a.engine, "parsed_url": _parsed(a.url) if a.url else None,
                           "template": a.template}
    if a.template == LEGACY:
        out["answer"] = a.answer
    else:
        out.update(own_fields(a))
    return out


def payload(outcome: SearchOutcome) -> dict[str, Any]:
    rs = outcome.results
    return {
        "query": outcome.query.query,
        "number_of_results": int(rs.number_of_results),
        "results": [result_dict(r) for r in rs.results],
        "answers": [answer_dict(a) for a in rs.answers if a.kind != "ai_summary"],
        "corrections": rs.corrections,
        "infoboxes": [
            {"infobox": b.infobox, "id": b.id or None, "content": b.content, "img_src": b.img_src or None,
             "urls": b.urls, "attributes": b.attributes, "engine": b.engine, "engines": b.engines}
            for b in rs.infoboxes
        ],
        "suggestions": rs.suggestions,
        "unresponsive_engines": [list(pair) for pair in outcome.unresponsive],
        "cached": outcome.cached,
    }


def render(outcome: SearchOutcome, base_url: str = "") -> bytes:
    return _encoder.encode(payload(outcome))
