"""One short LLM call under a strict time budget (a follow-up's rewrite, related questions): its text, or None.

It goes to the same server as the answer, through the same client
(``searx.summary.llm``), with the budget as every timeout; any failure is
None, and the caller falls back. Nothing here is shown to the user as it is.
"""

from __future__ import annotations

import logging

import httpx

from searx.errors import LLMError
from searx.summary import llm
from searx.summary.llm import Limits, Target, Watch

log = logging.getLogger("searx.summary")


def complete(target: Target, messages: list[dict[str, str]], *, max_tokens: int, timeout: float, connect: float,
             watch: Watch | None = None, transport: httpx.BaseTransport | None = None) -> str | None:  # fmt: skip
    """The whole reply of one chat completion within ``timeout`` seconds, or None (error, late, cut off)."""
    if timeout <= 0:
        return None
    limits = Limits(min(connect, timeout), timeout, timeout, timeout)
    try:
        reply = llm.complete(target, messages, limits, max_tokens=max_tokens, temperature=0.0, watch=watch,
                             transport=transport)  # fmt: skip
    except LLMError as exc:
        log.info("ai_summary: a short call failed: %s", exc.code)
        return None
    return reply.text if reply is not None and reply.reason == "stop" else None
