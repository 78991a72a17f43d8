"""The ``/fetch`` contract, without Flask: parameters in, the JSON answer out (docs/api.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import searx.args as a
from searx.reader.document import (
    DEFAULT_MAX_CHARS,
    FORMATS,
    MAX_CHARS,
    MAX_LINES,
    MAX_URL,
    START_LINES,
    Page,
    slice_text,
)

ARGUMENTS = ("url", "format", "max_chars", "start_line", "max_lines")
INTEGERS = ("max_chars", "start_line", "max_lines")


@dataclass(frozen=True)
class FetchRequest:
    url: str
    format: str = "markdown"
    max_chars: int = DEFAULT_MAX_CHARS
    start_line: int = 1
    max_lines: int | None = None


def parse_request(args: Mapping[str, Any]) -> FetchRequest:
    """The checked arguments of one page read (``/fetch`` and ``web_fetch``); ArgumentError names the bad one.

    Typed values (JSON); a form's strings go through ``form_arguments`` first.
    """
    url = a.text(args, "url", max_len=MAX_URL, required=True)
    assert url is not None
    max_lines = args.get("max_lines")
    return FetchRequest(
        url=url.strip(), format=a.choice(args, "format", FORMATS) or "markdown",
        max_chars=a.integer(args, "max_chars", DEFAULT_MAX_CHARS, *MAX_CHARS),
        start_line=a.integer(args, "start_line", 1, *START_LINES),
        max_lines=None if max_lines is None else a.integer(args, "max_lines", 0, *MAX_LINES),
    )


def form_arguments(values: Mapping[str, Any]) -> dict[str, Any]:
    """Query-string and form values as ``parse_request`` reads them: an empty value is none, and a
    whole number written in digits is that number (anything else stays text, and is refused)."""
    out: dict[str, Any] = {}
    for name, value in values.items():
        if value == "":
            continue
        if name in INTEGERS and isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        out[name] = value
    return out


def answer(page: Page, req: FetchRequest) -> dict[str, Any]:
    """The 200 JSON body for a page read."""
    doc = page.document
    part = slice_text(doc.text, max_chars=req.max_chars, start_line=req.start_line, max_lines=req.max_lines)
    return {
        "url": page.url, "final_url": page.final_url, "host": page.host, "status": page.status,
        "content_type": doc.content_type, "title": doc.title, "format": doc.format, "text": part.text,
        "truncated": part.truncated, "total_chars": part.total_chars, "start_line": part.start_line,
        "end_line": part.end_line, "total_lines": part.total_lines, "next_line": part.next_line,
        "cached": page.cached,
    }  # fmt: skip
