"""The data a search carries: the question asked and what came back."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from searx.results.types import ResultSet

TIME_RANGES = ("day", "week", "month", "year")

# how one engine call ended (docs/admin/engines.md); "suspended": not asked, its cooldown runs
Outcome = Literal["ok", "no_results", "challenged", "blocked", "timeout", "error", "suspended"]
ANSWERED: tuple[Outcome, ...] = ("ok", "no_results")  # the engine answered, with results or without
BOT_CHECK: tuple[Outcome, ...] = ("challenged", "blocked")


def no_language(code: str) -> bool:
    """Whether a search language names no language: empty, ``all`` (every one) or ``auto`` (the browser's,
    not yet resolved)."""
    return not code or code.strip().lower() in ("all", "auto")


@dataclass(frozen=True)
class SearchQuery:
    """A validated search: the text and the engines that will answer it."""

    query: str
    engines: tuple[str, ...]
    categories: tuple[str, ...] = ("general",)
    language: str = "all"
    safesearch: int = 0
    time_range: str | None = None
    pageno: int = 1
    # seconds the engines may take at most (``<3`` in the query, ``timeout_limit``); None: their own timeouts
    timeout: float | None = None
    # ``!!`` alone: the results page goes to the first result (not part of the cache key)
    lucky: bool = False

    def cache_key(self) -> str:
        # a search cut short by its timeout is kept apart from one that let every engine answer
        return "\x1f".join((
            self.query, ",".join(sorted(self.engines)), ",".join(sorted(self.categories)), self.language,
            str(self.safesearch), self.time_range or "", str(self.pageno),
            *((f"<{self.timeout:g}",) if self.timeout is not None else ()),
        ))


@dataclass
class EngineReport:
    """How one engine call ended (see docs/admin/engines.md for the outcomes)."""

    name: str
    outcome: Outcome
    reason: str = ""
    results: int = 0
    elapsed: float = 0.0
    detail: str = ""
    retry_after: float | None = None  # the engine's Retry-After (seconds), for its cooldown

    @property
    def answered(self) -> bool:
        """Whether the engine answered (results or none), rather than failing or being skipped."""
        return self.outcome in ANSWERED


@dataclass
class SearchOutcome:
    """A finished search: merged results, per-engine reports, timings."""

    query: SearchQuery
    results: ResultSet
    reports: list[EngineReport] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    cached: bool = False

    @property
    def unresponsive(self) -> list[tuple[str, str]]:
        """``[name, reason]`` pairs as SearXNG's ``unresponsive_engines``."""
        return [(r.name, r.reason) for r in self.reports if not r.answered]

    @property
    def all_failed(self) -> bool:
        return bool(self.reports) and not any(r.answered for r in self.reports)
