"""What ``/stats`` shows and ``/stats/errors`` answers, from the engine health figures (``EngineHealth.stats``).

Pure: the view passes in the engines and their figures. Sorting is done here, so the page's
sort links work without JavaScript.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from searx import errors
from searx.engines import Engine
from searx.errors import BadRequest
from searx.webapp.prefs_page import state_of

# sort key -> whether its natural order is descending (most errors first; fastest, least reliable first)
SORTS: dict[str, bool] = {"name": False, "time": False, "p80": False, "reliability": False, "errors": True}
ORDERS = ("asc", "desc")


@dataclass(frozen=True)
class ErrorKind:
    outcome: str
    reason: str
    count: int


@dataclass(frozen=True)
class StatsRow:
    name: str
    calls: int
    median: float | None
    p80: float | None
    reliability: int | None  # percent of the recent calls that answered
    errors: tuple[ErrorKind, ...]
    error_count: int
    last_outcome: str  # "" when never asked
    last_time: str  # ISO 8601, "" when never asked
    state: str  # ok, cooling or suspended (engine health's cooldown)
    reason: str
    minutes_left: int


def check_sort(sort: str, order: str) -> tuple[str, bool]:
    """The sort key and whether it runs descending; BadRequest names the allowed values."""
    if sort not in SORTS:
        raise BadRequest(f"sort must be one of {', '.join(SORTS)}")
    if order and order not in ORDERS:
        raise BadRequest("order must be asc or desc")
    return sort, (order == "desc") if order else SORTS[sort]


def _iso(when: float | None) -> str:
    return datetime.datetime.fromtimestamp(when, datetime.UTC).isoformat() if when else ""


def row(name: str, figures: Mapping[str, Any]) -> StatsRow:
    kinds = tuple(ErrorKind(e["outcome"], e["reason"], e["count"]) for e in figures.get("errors") or ())
    rate = figures.get("success_rate")
    last = figures.get("last_outcome") or {}
    state, reason, minutes_left = state_of(figures)
    return StatsRow(
        name=name, calls=int(figures.get("calls") or 0), median=figures.get("median_latency"),
        p80=figures.get("p80_latency"), reliability=None if rate is None else round(100 * rate),
        errors=kinds, error_count=sum(k.count for k in kinds), last_outcome=str(last.get("outcome") or ""),
        last_time=_iso(last.get("time")), state=state, reason=reason, minutes_left=minutes_left,
    )


_VALUE: dict[str, Callable[[StatsRow], Any]] = {
    "name": lambda r: r.name.casefold(), "time": lambda r: r.median, "p80": lambda r: r.p80,
    "reliability": lambda r: r.reliability, "errors": lambda r: r.error_count if r.calls else None}


def rows(names: list[str], stats: Mapping[str, Mapping[str, Any]], sort: str, descending: bool) -> list[StatsRow]:
    """One row per engine, sorted; engines without that figure (never asked) last whatever the order."""
    value = _VALUE[sort]
    table = [row(name, stats.get(name) or {}) for name in names]
    known = sorted((r for r in table if value(r) is not None), key=lambda r: (value(r), r.name.casefold()),
                   reverse=descending)
    unknown = sorted((r for r in table if value(r) is None), key=lambda r: r.name.casefold())
    return known + unknown


def _exception_class(outcome: str, reason: str) -> str:
    """The class of this project's exception tree that reports ``reason`` (else its outcome's)."""
    by_outcome = {"timeout": errors.EngineTimeout, "challenged": errors.EngineCaptcha,
                  "blocked": errors.EngineAccessDenied}
    found = next((cls for cls in _engine_errors() if cls.reason == reason), by_outcome.get(outcome, errors.EngineError))
    return f"{found.__module__}.{found.__qualname__}"


def _engine_errors() -> list[type[errors.EngineError]]:
    pending, out = [errors.EngineError], []
    while pending:
        cls = pending.pop()
        out.append(cls)
        pending.extend(cls.__subclasses__())
    return out


def engine_errors(engines: Mapping[str, Engine], stats: Mapping[str, Mapping[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """SearXNG's ``/stats/errors``: per engine with errors, one entry per kind with its share of the
    recent calls (a multiple of 5 percent). This instance records outcomes, not tracebacks: the
    fields SearXNG fills from one name the engine's module and leave the rest empty."""
    out: dict[str, list[dict[str, Any]]] = {}
    for name in sorted(engines):
        figures = stats.get(name) or {}
        kinds = figures.get("errors") or []
        if not kinds:
            continue
        sent = max(int(figures.get("calls") or 0), 1)
        module = engines[name].module.__name__.replace(".", "/") + ".py"
        entries = [{"filename": module, "function": "", "line_no": 0, "code": "",
                    "exception_classname": _exception_class(k["outcome"], k["reason"]), "log_message": k["reason"],
                    "log_parameters": [k["outcome"]], "secondary": False,
                    "percentage": round(20 * k["count"] / sent) * 5} for k in kinds]
        out[name] = sorted(entries, key=lambda e: -e["percentage"])
    return out
