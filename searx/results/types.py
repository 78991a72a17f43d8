"""Result types: what engines produce and what formats render.

Engines return plain dicts, as SearXNG engines do; ``from_engine_item`` turns
each into one typed result. Unknown keys are ignored. Only http(s) links pass
(``safe_url``): no format ever renders a ``javascript:`` or ``data:`` URL.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import msgspec

# the schemes a result may link to; everything else (javascript:, data:, vbscript:,
# file:, relative links an engine failed to resolve) is dropped
URL_SCHEMES = frozenset({"http", "https"})


def safe_url(url: str) -> str:
    """``url`` when it is an absolute http(s) URL, else ``""``.

    A protocol-relative ``//host/path`` becomes ``https://host/path``; inner
    spaces are percent-encoded. Control characters refuse the URL: browsers
    drop tabs and newlines, so ``java\tscript:`` would otherwise run.
    """
    url = url.strip().replace(" ", "%20")
    if not url or any(ord(c) < 32 or 127 <= ord(c) < 160 for c in url):
        return ""
    if url.startswith("//"):
        url = "https:" + url
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError:
        return ""
    return url if parts.scheme.lower() in URL_SCHEMES and parts.hostname else ""


class MainResult(msgspec.Struct, kw_only=True):
    """An ordinary link result (the ``results`` list of the JSON API)."""

    url: str
    title: str
    content: str = ""
    engine: str = ""
    engines: list[str] = msgspec.field(default_factory=list)
    positions: list[int] = msgspec.field(default_factory=list)
    score: float = 0.0
    category: str = "general"
    template: str = "default.html"
    publishedDate: str | None = None  # noqa: N815 - SearXNG's JSON name
    thumbnail: str = ""
    img_src: str = ""
    priority: str = ""
    # private: not rendered by formats
    norm_url: str = ""


class Answer(msgspec.Struct, kw_only=True):
    """An instant answer (plugins and engines). ``kind`` tells templates what it is."""

    answer: str
    url: str = ""
    engine: str = ""
    kind: str = "answer"
    # a summary placeholder carries its data here (see searx.plugins.ai_summary)
    data: dict[str, Any] | None = None


class Infobox(msgspec.Struct, kw_only=True):
    infobox: str
    id: str = ""
    content: str = ""
    img_src: str = ""
    urls: list[dict[str, str]] = msgspec.field(default_factory=list)
    attributes: list[dict[str, str]] = msgspec.field(default_factory=list)
    engine: str = ""
    engines: list[str] = msgspec.field(default_factory=list)


class ResultSet(msgspec.Struct, kw_only=True):
    """Everything one search produced, before or after merging."""

    results: list[MainResult] = msgspec.field(default_factory=list)
    answers: list[Answer] = msgspec.field(default_factory=list)
    infoboxes: list[Infobox] = msgspec.field(default_factory=list)
    suggestions: list[str] = msgspec.field(default_factory=list)
    corrections: list[str] = msgspec.field(default_factory=list)
    number_of_results: int = 0


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ("" if value is None else str(value))


def from_engine_item(item: dict[str, Any], engine: str, category: str) -> object | None:
    """Turn one dict returned by an engine's ``response()`` into a typed result.

    Returns ``None`` for items that carry nothing usable (no URL, no text).
    A dict ``{"number_of_results": n}`` returns an ``int``.
    """
    if "suggestion" in item:
        text = _text(item["suggestion"]).strip()
        return ("suggestion", text) if text else None
    if "correction" in item:
        text = _text(item["correction"]).strip()
        return ("correction", text) if text else None
    if "answer" in item:
        text = _text(item["answer"]).strip()
        return Answer(answer=text, url=safe_url(_text(item.get("url"))), engine=engine) if text else None
    if "infobox" in item:
        return Infobox(
            infobox=_text(item["infobox"]),
            id=_text(item.get("id")),
            content=_text(item.get("content")),
            img_src=safe_url(_text(item.get("img_src"))),
            urls=[{"title": _text(u.get("title")), "url": url} for u in item.get("urls") or []
                  if isinstance(u, dict) and (url := safe_url(_text(u.get("url"))))],
            attributes=[
                {"label": _text(a.get("label")), "value": _text(a.get("value"))} for a in item.get("attributes") or []
            ],
            engine=engine,
            engines=[engine],
        )
    if "number_of_results" in item and "url" not in item:
        try:
            return int(item["number_of_results"])
        except (TypeError, ValueError):
            return None
    url = safe_url(_text(item.get("url")))
    if not url:
        return None
    published = item.get("publishedDate")
    if published is not None and not isinstance(published, str):
        published = published.isoformat() if hasattr(published, "isoformat") else str(published)
    return MainResult(
        url=url,
        title=_text(item.get("title")).strip(),
        content=_text(item.get("content")).strip(),
        engine=engine,
        category=_text(item.get("category")) or category,
        template=_text(item.get("template")) or "default.html",
        publishedDate=published,
        thumbnail=safe_url(_text(item.get("thumbnail"))),
        img_src=safe_url(_text(item.get("img_src"))),
    )
