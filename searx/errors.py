"""The exception tree of searx-ai, the stable ``code`` of each error, and the one code → HTTP status table.

Foreign exceptions (httpx, aiohttp, lxml, sqlite3, ...) are translated into
these once, at the boundary that sees them, and chained with ``from``. Every
error of the project derives from ``SearxError``; ``tests/test_errors.py``
checks that each one is drawn here and that each code is in ``STATUS``::

    SearxError                     internal      (this module)
    ├── SettingsError              bad_settings
    ├── BadRequest                 bad_request
    ├── Refused                    the refusal's own code (rate_limited, unauthorized, ...)
    ├── EngineError                engine_error  (also ``reason`` and ``outcome``)
    │   ├── EngineTimeout          engine_timeout
    │   ├── EngineNetworkError     engine_network_error
    │   ├── EngineHTTPError        engine_http_error
    │   ├── EngineParseError       engine_parse_error
    │   ├── EngineAccessDenied     engine_access_denied
    │   ├── EngineTooManyRequests  engine_too_many_requests
    │   └── EngineCaptcha          engine_captcha
    ├── LLMError                   llm_failed, or the code it carries
    ├── StoreError                 store_unavailable  (searx/store/base.py)
    ├── StoreFull                  store_full         (searx/store/base.py)
    ├── AddressRefusedError        address_refused    (searx/network/guard.py)
    ├── TooManyRedirects           too_many_redirects (searx/network/guarded.py)
    ├── BadRedirect                bad_redirect       (searx/network/guarded.py)
    ├── Unreachable                network_error or tls_error (searx/network/guarded.py)
    ├── DeadlineExceeded           timeout            (searx/network/capped.py)
    ├── BodyTooLarge               too_large          (searx/network/capped.py)
    ├── ImageError                 its code           (searx/proxy/errors.py)
    ├── ReaderError                its code           (searx/reader/errors.py)
    ├── EvidenceError              its code           (searx/summary/evidence.py)
    ├── ArgumentError              bad_request        (searx/args.py)
    ├── EmbedError                 embed_failed       (searx/collections/embed.py)
    └── CollectionError            bad_request
        ├── BadName                bad_request        (searx/collections/errors.py, as the six below)
        ├── NotFound               not_found
        ├── Conflict               conflict
        ├── TooLarge               too_large
        ├── Unsupported            unreadable
        ├── Starting               starting
        ├── Unavailable            unavailable
        ├── Unauthorized           unauthorized       (searx/collections/access.py)
        └── Forbidden              forbidden          (searx/collections/access.py)

The web layer answers an error with ``status`` and one JSON body,
``{"error": {"code", "message", ...}}`` (``error_body``); the endpoints
SearXNG's and LocalAI's clients call keep their flat ``{"error": message}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from searx.results.search import Outcome

# code -> the HTTP status an API answers with (docs/api.md, docs/dev/ai_summary_protocol.md)
STATUS: dict[str, int] = {
    "bad_request": 400,
    "unauthorized": 401,
    "forbidden": 403,
    "address_refused": 403,
    "bad_signature": 403,
    "expired": 403,
    "bad_conversation": 403,
    "not_found": 404,
    "disabled": 404,
    "no_results": 404,
    "conflict": 409,
    "too_large": 413,
    "unsupported_type": 415,
    "unreadable": 422,
    "rate_limited": 429,
    "internal": 500,
    "bad_settings": 500,
    "challenged": 502,
    "http_error": 502,  # a reader error keeps an upstream 4xx, see ReaderError.status
    "too_many_redirects": 502,
    "bad_redirect": 502,
    "tls_error": 502,
    "network_error": 502,
    "upstream_too_large": 502,
    "llm_unreachable": 502,
    "llm_rejected": 502,
    "llm_failed": 502,
    "interrupted": 502,
    "no_answer": 502,
    "not_configured": 503,
    "busy": 503,
    "starting": 503,
    "unavailable": 503,
    "store_unavailable": 503,
    "store_full": 507,
    "embed_failed": 503,
    "timeout": 504,
    "first_token_timeout": 504,
    "idle_timeout": 504,
    "deadline": 504,
    "engine_error": 502,
    "engine_timeout": 504,
    "engine_network_error": 502,
    "engine_http_error": 502,
    "engine_parse_error": 502,
    "engine_access_denied": 502,
    "engine_too_many_requests": 502,
    "engine_captcha": 502,
}


def error_body(code: str, message: str, **extra: Any) -> dict[str, dict[str, Any]]:
    """The one JSON error body: ``{"error": {"code", "message", ...extra}}``."""
    return {"error": {"code": code, "message": message, **extra}}


class SearxError(Exception):
    """Base of every error raised by searx-ai itself.

    ``code`` is stable (a key of ``STATUS``), ``message`` is plain text safe to
    show; ``retry_after`` the seconds a caller should wait, when known.
    """

    code = "internal"
    retry_after: float | None = None

    def __init__(self, message: str = "", *, code: str | None = None) -> None:
        if code is not None:
            if code not in STATUS:
                raise ValueError(f"unknown error code {code!r}")
            self.code = code
        super().__init__(message or self.code)
        self.message = message or self.code

    @property
    def status(self) -> int:
        """The HTTP status of ``code``."""
        return STATUS[self.code]

    def details(self) -> dict[str, Any]:
        """Fields the JSON body carries besides the code and the message."""
        return {}


class SettingsError(SearxError):
    """Bad configuration; the message names the key path (``engines[3].shortcut``)."""

    code = "bad_settings"


class BadRequest(SearxError):
    """A client sent parameters that cannot be used; the message is safe to show."""

    code = "bad_request"


class Refused(SearxError):
    """A request a rule of the instance refuses: ``Refused("rate_limited", "…", retry_after=3)``."""

    def __init__(self, code: str, message: str = "", *, retry_after: float | None = None) -> None:
        super().__init__(message, code=code)
        self.retry_after = retry_after


# --- engines -----------------------------------------------------------------
#
# ``reason`` is the text SearXNG clients know from ``unresponsive_engines``;
# ``outcome`` is the engine-health outcome (see docs/admin/engines.md).


class EngineError(SearxError):
    """An engine call that did not give results."""

    code = "engine_error"
    reason = "unexpected crash"
    outcome: Outcome = "error"

    def __init__(self, message: str = "", *, retry_after: float | None = None) -> None:
        super().__init__(message or self.reason)
        self.retry_after = retry_after


class EngineTimeout(EngineError):
    code = "engine_timeout"
    reason = "timeout"
    outcome = "timeout"


class EngineNetworkError(EngineError):
    code = "engine_network_error"
    reason = "network error"


class EngineHTTPError(EngineError):
    code = "engine_http_error"
    reason = "HTTP error"

    def __init__(self, message: str = "", *, retry_after: float | None = None, upstream_status: int | None = None) -> None:
        super().__init__(message, retry_after=retry_after)
        self.upstream_status = upstream_status  # the upstream's HTTP status, when one said it


class EngineParseError(EngineError):
    code = "engine_parse_error"
    reason = "parsing error"


class EngineAccessDenied(EngineError):
    code = "engine_access_denied"
    reason = "access denied"
    outcome = "blocked"


class EngineTooManyRequests(EngineError):
    code = "engine_too_many_requests"
    reason = "too many requests"
    outcome = "blocked"


class EngineCaptcha(EngineError):
    """A bot check was served instead of results (often with HTTP 200/202)."""

    code = "engine_captcha"
    reason = "CAPTCHA"
    outcome = "challenged"


# --- LLM (the AI summary) ------------------------------------------------------


class LLMError(SearxError):
    """A failed summary; ``code`` is the stable NDJSON error code."""

    code = "llm_failed"


# --- knowledge collections -------------------------------------------------------


class CollectionError(SearxError):
    """Base of the collections' errors (``searx/collections/errors.py``); ``message`` is safe to show.

    Here, below the collections, so that what catches a collection's error (the collections
    engine, the MCP tools) needs no import of the collections package."""

    code = "bad_request"

    def __init__(self, message: str) -> None:
        super().__init__(message)
