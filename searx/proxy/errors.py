"""The pictures' one error type: a stable ``code`` (its status is the answer's) and a plain message."""

from __future__ import annotations

from searx.errors import SearxError


class ImageError(SearxError):
    """A picture that cannot be served; its ``code`` gives the status the endpoint answers."""

    def __init__(self, code: str, message: str, *, retry_after: float | None = None) -> None:
        super().__init__(message, code=code)
        self.retry_after = retry_after
