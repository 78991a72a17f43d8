"""The reader's one error type: a stable ``code`` and a plain message safe to show."""

from __future__ import annotations

from searx.errors import SearxError

# code -> the HTTP status an API answers with (see docs/api.md, "/fetch")
HTTP_STATUS: dict[str, int] = {
    "bad_request": 400,
    "address_refused": 403,
    "forbidden": 403,  # a browser request from another site
    "unsupported_type": 415,
    "too_large": 413,
    "unreadable": 422,
    "challenged": 502,
    "http_error": 502,  # an upstream 4xx is answered with 4xx, see ReaderError.http_status
    "too_many_redirects": 502,
    "tls_error": 502,
    "network_error": 502,
    "timeout": 504,
    "rate_limited": 429,
    "busy": 503,  # every read slot of this process is taken
    "disabled": 404,
}


class ReaderError(SearxError):
    """A page that could not be read. ``code`` is one of ``HTTP_STATUS``'s keys.

    ``upstream_status`` is the status the page's server answered (``http_error``,
    ``rate_limited``); ``retry_after`` the seconds a caller should wait, when known;
    ``url`` the address whose server gave that answer (after redirects; never shown).
    """

    def __init__(
        self, code: str, message: str, *, upstream_status: int | None = None, retry_after: float | None = None,
        url: str | None = None,
    ) -> None:
        if code not in HTTP_STATUS:
            raise ValueError(f"unknown reader error code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message
        self.upstream_status = upstream_status
        self.retry_after = retry_after
        self.url = url

    @property
    def http_status(self) -> int:
        """The status to answer an API caller with: upstream 4xx stay 4xx, 5xx become 502."""
        up = self.upstream_status
        if self.code == "http_error" and up is not None and 400 <= up < 500:
            return up
        return HTTP_STATUS[self.code]
