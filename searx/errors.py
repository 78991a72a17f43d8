"""The exception tree of searx-ai: configuration, engine and LLM errors.

Foreign exceptions (httpx, lxml, ...) are translated into these once, at the
boundary that sees them (``searx.network`` for engines, ``searx.summary.llm``
for the LLM), and chained with ``from``.
"""

from __future__ import annotations


class SearxError(Exception):
    """Base of every error raised by searx-ai itself."""


class SettingsError(SearxError):
    """Bad configuration; the message names the key path (``engines[3].shortcut``)."""


class BadRequest(SearxError):
    """A client sent parameters that cannot be used; the message is safe to show."""


# --- engines -----------------------------------------------------------------
#
# ``reason`` is the text SearXNG clients know from ``unresponsive_engines``;
# ``outcome`` is the engine-health outcome (see docs/admin/engines.md).


class EngineError(SearxError):
    """An engine call that did not give results."""

    reason = "unexpected crash"
    outcome = "error"

    def __init__(self, message: str = "", *, retry_after: float | None = None) -> None:
        super().__init__(message or self.reason)
        self.retry_after = retry_after


class EngineTimeout(EngineError):
    reason = "timeout"
    outcome = "timeout"


class EngineNetworkError(EngineError):
    reason = "network error"


class EngineHTTPError(EngineError):
    reason = "HTTP error"


class EngineParseError(EngineError):
    reason = "parsing error"


class EngineAccessDenied(EngineError):
    reason = "access denied"
    outcome = "blocked"


class EngineTooManyRequests(EngineError):
    reason = "too many requests"
    outcome = "blocked"


class EngineCaptcha(EngineError):
    """A bot check was served instead of results (often with HTTP 200/202)."""

    reason = "CAPTCHA"
    outcome = "challenged"


# --- LLM (the AI summary) ------------------------------------------------------


class LLMError(SearxError):
    """A failed summary; ``code`` is the stable NDJSON error code."""

    code = "llm_failed"

    def __init__(self, message: str = "", *, code: str | None = None) -> None:
        super().__init__(message or self.code)
        if code is not None:
            self.code = code
