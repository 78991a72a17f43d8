"""Searching: what a search asks for, which engines run, the runner, engine health."""

from searx.results.search import EngineReport, SearchOutcome, SearchQuery

__all__ = ["EngineReport", "SearchOutcome", "SearchQuery"]
