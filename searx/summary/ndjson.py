"""The NDJSON lines of POST /ai_summary (docs/dev/ai_summary_protocol.md): one event, one JSON object, one line."""

from __future__ import annotations

from typing import Any

import msgspec

import searx.errors as errors
from searx.errors import STATUS
from searx.summary.body import Body
from searx.summary.events import (
    Conversation,
    Delta,
    Done,
    Event,
    Failed,
    Head,
    Passages,
    Reading,
    Related,
    Search,
)

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
    "bad_conversation": "This conversation cannot be continued; search again.",
    "no_results": "The search for this question found nothing to answer from.",
    "disabled": "This is switched off on this instance.",
    "store_unavailable": "The instance cannot keep this now; try again later.",
    "store_full": "The instance keeps as many shared answers as it can; try again later.",
}
# code -> (HTTP status when refused before the stream starts, message)
ERRORS: dict[str, tuple[int, str]] = {code: (STATUS[code], message) for code, message in MESSAGES.items()}

_encode = msgspec.json.Encoder().encode


def _object(event: Event) -> dict[str, Any]:
    match event:
        case Search():
            return {"search": {"query": event.query, "rewritten": event.rewritten}}
        case Head():
            return {"v": VERSION, "sources": event.sources, "model": event.model, "cached": event.cached}
        case Reading():
            return {"reading": {"url": event.url, "state": event.state}}
        case Passages():
            return {"passages": event.items}
        case Delta():
            return {"delta": event.text}
        case Related():
            return {"related": event.questions}
        case Conversation():
            return {"conversation": {"id": event.conversation, "turn": event.turn, "max_turns": event.max_turns,
                                     "share": event.share}}  # fmt: skip
        case Done():
            return {"done": True, "model": event.model, "finish_reason": event.finish_reason,
                    "citations": event.citations, "invalid_citations": event.invalid, "cached": event.cached,
                    "grounded": event.grounded, **event.review}  # fmt: skip
        case Failed():
            return error_body(event.code)


def encode(event: Event) -> bytes:
    """One event as one NDJSON line."""
    return _encode(_object(event)) + b"\n"


def body(events: Body[Event]) -> Body[bytes]:
    """The response body: ``events`` as lines; closing it closes ``events`` (once)."""
    return Body(map(encode, events), events.close)


def error_body(code: str) -> dict[str, dict[str, Any]]:
    """The protocol's error object: the one JSON error body with the code's message."""
    return errors.error_body(code, MESSAGES[code])


def status(code: str) -> int:
    return STATUS[code]
