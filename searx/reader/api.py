"""The ``/fetch`` contract, without Flask: parameters in, the JSON answer out (docs/api.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from searx.reader.document import DEFAULT_MAX_CHARS, FORMATS, MAX_CHARS, MAX_LINES, Page, slice_text
from searx.reader.errors import ReaderError


@dataclass(frozen=True)
class FetchRequest:
    url: str
    format: str = "markdown"
    max_chars: int = DEFAULT_MAX_CHARS
    start_line: int = 1
    max_lines: int | None = None


def _integer(values: Mapping[str, Any], name: str, low: int, high: int | None, default: int | None) -> int | None:
    raw = values.get(name)
    if raw is None or raw == "":
        return default
    if isinstance(raw, bool) or not isinstance(raw, (int, str)) or not str(raw).strip().isdigit():
        raise ReaderError("bad_request", f"{name} must be a whole number")
    value = int(str(raw).strip())
    if value < low or (high is not None and value > high):
        bound = f"{low} to {high}" if high is not None else f"at least {low}"
        raise ReaderError("bad_request", f"{name} must be {bound}")
    return value


def parse_request(values: Mapping[str, Any]) -> FetchRequest:
    """The checked parameters; ReaderError("bad_request") names the bad one."""
    url = values.get("url")
    if not isinstance(url, str) or not url.strip():
        raise ReaderError("bad_request", "url is required")
    fmt = values.get("format") or "markdown"
    if fmt not in FORMATS:
        raise ReaderError("bad_request", f"format must be one of {', '.join(FORMATS)}")
    max_chars = _integer(values, "max_chars", *MAX_CHARS, DEFAULT_MAX_CHARS)
    start_line = _integer(values, "start_line", 1, None, 1)
    max_lines = _integer(values, "max_lines", *MAX_LINES, None)
    assert max_chars is not None and start_line is not None
    return FetchRequest(url.strip(), str(fmt), max_chars, start_line, max_lines)


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


def error_body(exc: ReaderError) -> dict[str, Any]:
    """``{"error": {"code", "message"[, "upstream_status"]}}``."""
    error: dict[str, Any] = {"code": exc.code, "message": exc.message}
    if exc.upstream_status is not None:
        error["upstream_status"] = exc.upstream_status
    return {"error": error}
