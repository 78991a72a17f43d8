"""Who may do what: writes need a token; reads too on a public instance (tokens: ``searx.bearer``)."""

from __future__ import annotations

from collections.abc import Sequence

from searx.bearer import token_valid
from searx.errors import CollectionError


class Unauthorized(CollectionError):
    code = "unauthorized"


class Forbidden(CollectionError):
    code = "forbidden"


def check(token: str, tokens: Sequence[str], *, write: bool, public: bool) -> None:
    """Raise ``Unauthorized``/``Forbidden`` unless the caller may read (or write)."""
    if not write and not public:
        return
    if not tokens:
        raise Forbidden("collections are read-only here: the administrator has set no collections.tokens")
    if not token_valid(token, tokens):
        raise Unauthorized("a valid token is required (Authorization: Bearer …)")
