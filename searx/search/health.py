"""Engine health: outcomes, cooldowns with single-probe recovery, and /stats figures.

State lives in a ``Store`` as msgspec JSON (one key per engine), so several
instances sharing a Valkey store agree on which engines are cooling down. Every
change is one store script (``health_state``), atomic across instances; a
search records all its engines' outcomes in one (``record_all``).
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import msgspec

from searx.results.search import BOT_CHECK, EngineReport
from searx.search.health_state import (
    END_COOLDOWN,
    INFRA,
    OUTCOMES,
    RECORD,
    SUCCESS,
    Call,
    Cooldown,
    State,
    decode,
    decode_cooldown,
    decode_names,
    record_args,
    record_keys,
)
from searx.store import Store

__all__ = ["BOT_CHECK", "INFRA", "OUTCOMES", "SUCCESS", "EngineHealth"]

PROBE_TTL = 120.0           # a probe that never reports frees the lock after this

_DEFAULT_REASON = {"challenged": "CAPTCHA", "blocked": "access denied", "timeout": "timeout", "error": "error"}


class EngineHealth:
    """Decides whether an engine may be asked, and records what each call did."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time, prefix: str = "health:") -> None:
        self._store = store
        self._clock = clock
        self._prefix = prefix

    # --- store access -------------------------------------------------------

    def _key(self, name: str) -> str:
        return f"{self._prefix}engine:{name}"

    def _names_key(self) -> str:
        return f"{self._prefix}names"

    def _probe_key(self, name: str) -> str:
        return f"{self._prefix}probe:{name}"

    def _load(self, name: str) -> State:
        return decode(self._store.get(self._key(name)))

    def names(self) -> list[str]:
        """Every engine that ever reported an outcome to this store."""
        return decode_names(self._store.get(self._names_key()))

    # --- the runner's API ---------------------------------------------------

    def admit(self, name: str) -> str | None:
        """None when ``name`` may be asked now; else the reason it is suspended.

        When a cooldown has ended exactly one caller (across instances, via
        ``Store.add``) is admitted as the probe; others stay suspended until it reports.
        """
        return self.admit_all([name])[name]

    def admit_all(self, names: Iterable[str]) -> dict[str, str | None]:
        """``admit`` for every engine of a search with one store read (a probe takes its lock)."""
        names = list(dict.fromkeys(names))
        if not names:
            return {}
        raws = self._store.get_many([self._key(name) for name in names])
        return {name: self._decide(name, decode_cooldown(raw)) for name, raw in zip(names, raws, strict=True)}

    def _decide(self, name: str, state: Cooldown) -> str | None:
        if not state.cooldown_until:
            return None
        if self._clock() < state.cooldown_until:
            return state.cooldown_reason
        if self._store.add(self._probe_key(name), b"1", ttl=PROBE_TTL):
            return None
        return state.cooldown_reason

    def suspended(self, name: str) -> str | None:
        """The suspension reason without taking the probe (for display and forced checks)."""
        state = decode_cooldown(self._store.get(self._key(name)))
        if state.cooldown_until and self._clock() < state.cooldown_until:
            return state.cooldown_reason
        if state.cooldown_until and self._store.get(self._probe_key(name)) is not None:
            return state.cooldown_reason
        return None

    def force(self, name: str) -> str | None:
        """For the engine test report: ask the engine whatever its cooldown.

        Returns the suspension reason it had (or None) and changes nothing; the
        caller then calls ``record`` — a success ends the cooldown, a bot check
        starts one (a running cooldown is kept, not doubled).
        """
        return self.suspended(name)

    def end_cooldown(self, name: str) -> None:
        """End a cooldown and forget the failure streaks (operator action)."""
        self._store.run(END_COOLDOWN, [self._key(name), self._probe_key(name)], [])

    def record(self, name: str, outcome: str, *, reason: str = "", retry_after: float | None = None,
               latency: float | None = None, results: int = 0) -> None:
        """Record one engine call's outcome and start or end a cooldown by the rules."""
        self._record([(name, outcome, reason, retry_after, latency)])

    def record_all(self, reports: Iterable[EngineReport]) -> None:
        """``record`` for every engine call of one search, in one store script (one round trip).

        Each report's ``elapsed`` is the call's latency; a suspended engine made no call and is skipped.
        """
        self._record([(r.name, r.outcome, r.reason, r.retry_after, r.elapsed) for r in reports
                      if r.outcome != "suspended"])

    def _record(self, calls: Sequence[Call]) -> None:
        """One store script: each engine's state and probe lock and the list of names change
        together, so outcomes recorded at once by several instances are all kept."""
        if not calls:
            return
        for _, outcome, *_rest in calls:
            if outcome not in OUTCOMES:
                raise ValueError(f"unknown engine outcome {outcome!r}")
        calls = [(name, outcome, reason or _DEFAULT_REASON.get(outcome, ""), retry_after, latency)
                 for name, outcome, reason, retry_after, latency in calls]
        keys = record_keys(self._names_key(), [(self._key(c[0]), self._probe_key(c[0])) for c in calls])
        self._store.run(RECORD, keys, record_args(self._clock(), calls))

    # --- /stats ---------------------------------------------------------------

    def stats(self, names: Iterable[str] | None = None) -> dict[str, dict[str, Any]]:
        """Per engine, over its last ``RECENT`` calls: success rate, median and 80th percentile of
        the answers' times, error kinds with counts, the last outcome; and the cooldown state.

        The figures are computed here, from the bounded list each state keeps: recording an
        outcome (the search path) does no more work for them.
        """
        now = self._clock()
        out: dict[str, dict[str, Any]] = {}
        for name in (self.names() if names is None else names):
            out[name] = _figures(self._load(name), now)
        return out


def percentile(values: list[float], fraction: float) -> float | None:
    """The ``fraction`` percentile of ``values`` (linear between the nearest ranks), None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    rank = fraction * (len(ordered) - 1)
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def _figures(state: State, now: float) -> dict[str, Any]:
    calls = len(state.recent)
    ok = sum(1 for e in state.recent if e.outcome in SUCCESS)
    latencies = [e.latency for e in state.recent if e.latency is not None and e.outcome in SUCCESS]
    counts = {o: sum(1 for e in state.recent if e.outcome == o) for o in OUTCOMES}
    kinds = Counter((e.outcome, e.reason or _DEFAULT_REASON.get(e.outcome, "")) for e in state.recent
                    if e.outcome not in SUCCESS)
    last = state.recent[-1] if state.recent else None
    active = bool(state.cooldown_until)
    return {
        "calls": calls,
        "outcomes": counts,
        "success_rate": (ok / calls) if calls else None,
        "median_latency": statistics.median(latencies) if latencies else None,
        "p80_latency": percentile(latencies, 0.8),
        "errors": [{"outcome": outcome, "reason": reason, "count": count}
                   for (outcome, reason), count in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))],
        "last_outcome": {"outcome": last.outcome, "time": last.time} if last else None,
        "last_failure": msgspec.to_builtins(state.last_failure) if state.last_failure else None,
        "cooldown": {
            "active": active,
            "reason": state.cooldown_reason,
            "seconds_left": max(0.0, state.cooldown_until - now) if active else 0.0,
            "until": state.cooldown_until if active else None,
            # the cooldown ran out and the next call will be (or is) the probe
            "probing": active and now >= state.cooldown_until,
        },
    }
