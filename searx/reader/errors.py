"""The reader's one error type: a stable ``code`` and a plain message safe to show."""

from __future__ import annotations

from typing import Any

from searx.errors import SearxError

# the codes a page read can end in; their HTTP statuses are searx.errors.STATUS's (docs/api.md, "/fetch");
# forbidden: a browser request from another site; busy: every read slot of this process is taken
CODES = ("bad_request", "address_refused", "forbidden", "unsupported_type", "too_large", "unreadable", "challenged",
         "http_error", "too_many_redirects", "bad_redirect", "tls_error", "network_error", "timeout", "rate_limited",
         "busy", "disabled")


class ReaderError(SearxError):
    """A page that could not be read. ``code`` is one of ``CODES``.

    ``upstream_status`` is the status the page's server answered (``http_error``,
    ``rate_limited``); ``retry_after`` the seconds a caller should wait, when known;
    ``url`` the address whose server gave that answer (after redirects; never shown).
    """

    def __init__(
        self, code: str, message: str, *, upstream_status: int | None = None, retry_after: float | None = None,
        url: str | None = None,
    ) -> None:
        if code not in CODES:
            raise ValueError(f"unknown reader error code {code!r}")
        super().__init__(message, code=code)
        self.upstream_status = upstream_status
        self.retry_after = retry_after
        self.url = url

    @property
    def status(self) -> int:
        """The status to answer an API caller with: upstream 4xx stay 4xx, 5xx become 502."""
        up = self.upstream_status
        if self.code == "http_error" and up is not None and 400 <= up < 500:
            return up
        return super().status

    def details(self) -> dict[str, Any]:
        return {} if self.upstream_status is None else {"upstream_status": self.upstream_status}
