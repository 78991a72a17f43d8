"""The data a search carries: the question asked and what came back."""

from __future__ import annotations

from dataclasses import dataclass, field

from searx.results.types import ResultSet

TIME_RANGES = ("day", "week", "month", "year")


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

    def cache_key(self) -> str:
        return "\x1f".join((
            self.query, ",".join(sorted(self.engines)), ",".join(sorted(self.categories)), self.language,
            str(self.safesearch), self.time_range or "", str(self.pageno),
        ))


@dataclass
class EngineReport:
    """How one engine call ended (see docs/admin/engines.md for the outcomes)."""

    name: str
    outcome: str  # ok, no_results, challenged, blocked, timeout, error, suspended
    reason: str = ""
    results: int = 0
    elapsed: float = 0.0
    detail: str = ""
    retry_after: float | None = None  # the engine's Retry-After (seconds), for its cooldown


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
        return [(r.name, r.reason) for r in self.reports if r.outcome not in ("ok", "no_results")]

    @property
    def all_failed(self) -> bool:
        return bool(self.reports) and all(r.outcome not in ("ok", "no_results") for r in self.reports)
