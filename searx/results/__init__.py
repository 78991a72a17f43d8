"""Typed results and the pure logic that merges and scores them."""

from searx.results.types import Answer, Infobox, MainResult, ResultSet, from_engine_item

__all__ = ["Answer", "Infobox", "MainResult", "ResultSet", "from_engine_item"]
