"""The NDJSON events of POST /ai_summary (docs/dev/ai_summary_protocol.md): one JSON object a line."""

from __future__ import annotations

from typing import Any

import msgspec

import searx.errors as errors
from searx.errors import STATUS
from searx.summary.evidence import Source

VERSION = 1

# code -> the plain message users see (the HTTP status of a refusal is searx.errors.STATUS's)
MESSAGES: dict[str, str] = {
    "not_configured": "The AI summary is not configured on this instance.",
    "bad_request": "The summary request was not understood.",
    "forbidden": "Summary requests must come from this site.",
    "bad_signature": "These search results cannot be summarised; search again.",
    "expired": "These search results are too old to summarise; search again.",
    "busy": "The summariser is busy; try again in a moment.",
    "rate_limited": "Too many summary requests; try again later.",
    "llm_unreachable": "The language model server cannot be reached.",
    "llm_rejected": "The language model server refused the request.",
    "llm_failed": "The language model server failed.",
    "first_token_timeout": "The language model took too long to start answering.",
    "idle_timeout": "The language model stopped answering.",
    "deadline": "The answer took too long and was stopped.",
    "interrupted": "The answer was cut off.",
    "no_answer": "The language model gave no answer.",
}
# code -> (HTTP status when refused before the stream starts, message)
ERRORS: dict[str, tuple[int, str]] = {code: (STATUS[code], message) for code, message in MESSAGES.items()}

_encode = msgspec.json.Encoder().encode


def _line(obj: Any) -> bytes:
    return _encode(obj) + b"\n"


def head(sources: list[Source], model: str, cached: bool) -> bytes:
    return _line({"v": VERSION, "sources": sources, "model": model, "cached": cached})


def delta(text: str) -> bytes:
    return _line({"delta": text})


def reading(url: str, state: str) -> bytes:
    """Progress of reading one source's page: started, then ok, failed or skipped."""
    return _line({"reading": {"url": url, "state": state}})


def passages(items: list[dict[str, Any]]) -> bytes:
    """The passages of read pages the model is given: ``[{"n": 1, "text": "…"}]``."""
    return _line({"passages": items})


def done(
    *, model: str, finish_reason: str, citations: list[int], invalid: list[int], cached: bool, grounded: bool,
    review: dict[str, Any] | None = None,
) -> bytes:
    """The terminal line; ``review``: the support marks and language fields (``Review.fields``)."""
    return _line(
        {
            "done": True,
            "model": model,
            "finish_reason": finish_reason,
            "citations": citations,
            "invalid_citations": invalid,
            "cached": cached,
            "grounded": grounded,
            **(review or {}),
        }
    )


def error_body(code: str) -> dict[str, dict[str, Any]]:
    """The protocol's error object: the one JSON error body with the code's message."""
    return errors.error_body(code, MESSAGES[code])


def error(code: str) -> bytes:
    return _line(error_body(code))


def status(code: str) -> int:
    return STATUS[code]
