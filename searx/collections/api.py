"""A collection search asked from outside, without Flask: the arguments of ``/api/collections/<name>/search``
and of the MCP tool ``search_collection``, checked one way (docs/api.md, docs/admin/mcp.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import searx.args as a

DEFAULT_RESULTS = 5


def search_args(args: Mapping[str, Any], *, max_query: int, max_results: int) -> tuple[str, int]:
    """The query (a non-empty string) and how many passages (1 to ``max_results``, 5 when absent);
    ``ArgumentError`` names the first bad one."""
    query = a.text(args, "query", max_len=max_query, required=True)
    assert query is not None
    return query, a.integer(args, "max_results", DEFAULT_RESULTS, 1, max_results)
