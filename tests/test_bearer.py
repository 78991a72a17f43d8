"""The one bearer-token check (collections, /mcp, the engine check): outside input, so attacked."""

from __future__ import annotations

import pytest

from searx.bearer import authorized, bearer, token_valid

TOKENS = ["tok-123", "other-token"]


@pytest.mark.parametrize("header, token", [
    ("Bearer tok-123", "tok-123"), ("bearer  tok-123 ", "tok-123"), (" BEARER tok-123", "tok-123"),
    ("Basic tok-123", ""), ("tok-123", ""), ("Bearer", ""), ("", ""), (None, ""),
])  # fmt: skip
def test_the_token_comes_from_the_bearer_scheme_only(header, token):
    assert bearer(header) == token


@pytest.mark.parametrize("header", ["Bearer tok-123", "Bearer other-token"])
def test_a_configured_token_is_authorized(header):
    assert authorized(header, TOKENS)


@pytest.mark.parametrize("header", ["Bearer tok-12", "Bearer tok-1234", "Bearer TOK-123", "tok-123", "Basic tok-123",
                                    "Bearer ", "Bearer tok-123\x00", "Bearer tök-123", None])
def test_anything_else_is_not(header):
    assert not authorized(header, TOKENS)


def test_no_configured_token_authorizes_nobody():
    assert not authorized("Bearer anything", []) and not token_valid("", [""])
