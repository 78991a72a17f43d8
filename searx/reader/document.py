"""The extracted document, the page it came from, and the slice of it a caller asked for (pure)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

FORMATS = ("markdown", "text")
MAX_URL = 2048
MAX_CHARS = (100, 100_000)
DEFAULT_MAX_CHARS = 20_000
MAX_LINES = (1, 10_000)
START_LINES = (1, 10_000_000)
# whose read it is: an API caller's (/fetch, web_fetch, collection sources), refused at once when its slots
# are taken; or the summary's, with slots of its own, waiting for the site's until its deadline
Lane = Literal["api", "summary"]


@dataclass(frozen=True)
class Document:
    """What one response body holds, as text.

    ``text`` is the body only (the title is its own field), in ``format``
    ("markdown" or "text"); a PDF's text has a ``Page N`` line before each page
    and ``pages`` says how many there are. ``kind`` names the extractor used
    ("html", "pdf", "text", "json", "xml", "feed").
    """

    title: str
    text: str
    format: str
    content_type: str
    kind: str
    pages: int | None = None


@dataclass(frozen=True)
class Page:
    """A page read: ``url`` as requested, ``final_url`` after redirects, its document."""

    url: str
    final_url: str
    host: str
    status: int
    document: Document
    cached: bool


class PageReader(Protocol):
    """The page reader as the rest of the instance uses it (``searx.reader.service.Reader``).

    The summary and the collections' sources ``read`` pages, ``web_fetch`` also asks
    ``cached``, the collections ``extract`` their uploads with the same bounded extractors.
    """

    api_enabled: bool  # whether it may read for others (/fetch, web_fetch)

    def read(self, url: str, *, format: str = "markdown", deadline: float | None = None,
             accept_language: str | None = None, client: str | None = None, lane: Lane = "api") -> Page: ...  # fmt: skip

    def cached(self, url: str, format: str) -> bool:
        """Whether ``read`` would answer from the cache (no request to the page's server)."""
        ...

    def extract(self, body: bytes, content_type: str, *, format: str = "markdown") -> Document:
        """Bytes already in memory (an upload) as a document; ReaderError when they cannot be read."""
        ...


@dataclass(frozen=True)
class Slice:
    """Lines ``start_line``..``end_line`` (1-based, inclusive) of a document, cut at ``max_chars``."""

    text: str
    truncated: bool
    total_chars: int
    start_line: int
    end_line: int
    total_lines: int
    next_line: int | None


def slice_text(text: str, *, max_chars: int = DEFAULT_MAX_CHARS, start_line: int = 1,
               max_lines: int | None = None) -> Slice:
    """The part of ``text`` a caller asked for.

    Whole lines are kept while they fit in ``max_chars``; a first line longer
    than that is cut inside. A cut text ends with ``[truncated, N chars more]``
    (N counts the requested lines left out) after at most ``max_chars``
    characters. ``next_line`` is where the following slice starts, or None.
    """
    lines = text.split("\n") if text else []
    total = len(lines)
    first = max(1, start_line)
    wanted = lines[first - 1:] if max_lines is None else lines[first - 1:first - 1 + max_lines]
    wanted_chars = len("\n".join(wanted))
    kept: list[str] = []
    used = 0
    for line in wanted:
        cost = len(line) + (1 if kept else 0)
        if used + cost > max_chars:
            if not kept:
                kept.append(line[:max_chars])
                used = max_chars
            break
        kept.append(line)
        used += cost
    body = "\n".join(kept)
    truncated = len(body) < wanted_chars
    if truncated:
        body += f"\n[truncated, {wanted_chars - len(body)} chars more]"
    end = first - 1 + len(kept) if kept else min(first - 1, total)
    return Slice(
        text=body, truncated=truncated, total_chars=len(text), start_line=first, end_line=end,
        total_lines=total, next_line=end + 1 if end < total else None,
    )
