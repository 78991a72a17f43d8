"""One short LLM call under a strict time budget (a follow-up's rewrite, related questions): its text, or None.

It goes to the same server as the answer, through the same client
(``searx.summary.llm``), with the budget as every timeout; any failure is
None, and the caller falls back. Nothing here is shown to the user as it is.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import httpx

from searx.errors import LLMError
from searx.summary.llm import Finish, Limits, LLMStream, Target, Token

log = logging.getLogger("searx.summary")

# registers how to abort the call when the client leaves; False: it already left
Watch = Callable[[Callable[[], None]], bool]


def complete(target: Target, messages: list[dict[str, str]], *, max_tokens: int, timeout: float, connect: float,
             watch: Watch | None = None, transport: httpx.BaseTransport | None = None) -> str | None:  # fmt: skip
    """The whole reply of one chat completion within ``timeout`` seconds, or None (error, late, cut off)."""
    if timeout <= 0:
        return None
    payload: dict[str, Any] = {"messages": messages, "stream": True, "max_tokens": max_tokens, "temperature": 0.0}
    if target.model:
        payload["model"] = target.model
    limits = Limits(min(connect, timeout), timeout, timeout, timeout)
    stream = LLMStream(target, payload, limits, transport=None if target.pinned else transport)
    try:
        if watch is not None and not watch(stream.close):
            return None
        text: list[str] = []
        for event in stream:
            if isinstance(event, Token):
                text.append(event.text)
            elif isinstance(event, Finish):
                return "".join(text) if event.reason == "stop" else None
    except LLMError as exc:
        log.info("ai_summary: a short call failed: %s", exc.code)
    finally:
        stream.close()
    return None
