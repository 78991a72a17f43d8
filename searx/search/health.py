"""Engine health: outcomes, cooldowns with single-probe recovery, and /stats figures.

State lives in a ``Store`` as msgspec JSON (one key per engine), so several
instances sharing a Valkey store agree on which engines are cooling down.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Callable, Iterable

import msgspec

from searx.store import Store

OUTCOMES = ("ok", "no_results", "challenged", "blocked", "timeout", "error")
SUCCESS = ("ok", "no_results")
BOT_CHECK = ("challenged", "blocked")
INFRA = ("timeout", "error")

CHALLENGE_BASE = 300.0      # first cooldown after a bot check without Retry-After
INFRA_BASE = 60.0           # first cooldown after two infrastructure failures in a row
MAX_COOLDOWN = 3600.0       # doubling stops here
MAX_RETRY_AFTER = 86400.0   # a Retry-After is honoured, but not beyond a day
PROBE_TTL = 120.0           # a probe that never reports frees the lock after this
RECENT = 100                # outcomes kept per engine for the success rate and median

_DEFAULT_REASON = {"challenged": "CAPTCHA", "blocked": "access denied", "timeout": "timeout", "error": "error"}


class Event(msgspec.Struct, array_like=True):
    time: float
    outcome: str
    latency: float | None = None


class Failure(msgspec.Struct):
    outcome: str
    reason: str
    time: float


class State(msgspec.Struct):
    cooldown_until: float = 0.0     # 0: not suspended
    cooldown_reason: str = ""
    cooldown_started: float = 0.0
    bot_checks: int = 0             # consecutive challenged/blocked, for doubling
    infra_failures: int = 0         # consecutive timeouts/errors
    infra_cooldowns: int = 0        # infra cooldowns in the current streak, for doubling
    last_failure: Failure | None = None
    recent: list[Event] = msgspec.field(default_factory=list)


_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder(State).decode
_decode_names = msgspec.json.Decoder(list[str]).decode


def _doubling(base: float, count: int) -> float:
    return min(MAX_COOLDOWN, base * 2 ** max(0, count - 1))


class EngineHealth:
    """Decides whether an engine may be asked, and records what each call did."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time, prefix: str = "health:") -> None:
        self._store = store
        self._clock = clock
        self._prefix = prefix
        # record() reads, changes and writes one key: serialise it within this process
        # (across instances a lost update only drops one stats event)
        self._lock = threading.Lock()

    # --- store access -------------------------------------------------------

    def _key(self, name: str) -> str:
        return f"{self._prefix}engine:{name}"

    def _probe_key(self, name: str) -> str:
        return f"{self._prefix}probe:{name}"

    def _load(self, name: str) -> State:
        raw = self._store.get(self._key(name))
        if raw is None:
            return State()
        try:
            return _decode(raw)
        except msgspec.DecodeError:
            return State()  # an older or corrupt record: start over rather than fail searches

    def _save(self, name: str, state: State) -> None:
        self._store.set(self._key(name), _encode(state))

    def _remember_name(self, name: str) -> None:
        names = self.names()
        if name not in names:
            self._store.set(f"{self._prefix}names", _encode(sorted([*names, name])))

    def names(self) -> list[str]:
        """Every engine that ever reported an outcome to this store."""
        raw = self._store.get(f"{self._prefix}names")
        return _decode_names(raw) if raw else []

    # --- the runner's API ---------------------------------------------------

    def admit(self, name: str) -> str | None:
        """None when ``name`` may be asked now; else the reason it is suspended.

        When a cooldown has ended exactly one caller (across instances, via
        ``Store.add``) is admitted as the probe; others stay suspended until it reports.
        """
        state = self._load(name)
        if not state.cooldown_until:
            return None
        if self._clock() < state.cooldown_until:
            return state.cooldown_reason
        if self._store.add(self._probe_key(name), b"1", ttl=PROBE_TTL):
            return None
        return state.cooldown_reason

    def suspended(self, name: str) -> str | None:
        """The suspension reason without taking the probe (for display and forced checks)."""
        state = self._load(name)
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
        with self._lock:
            state = self._load(name)
            state.cooldown_until = 0.0
            state.cooldown_reason = ""
            state.bot_checks = state.infra_failures = state.infra_cooldowns = 0
            self._save(name, state)
        self._store.delete(self._probe_key(name))

    def record(self, name: str, outcome: str, *, reason: str = "", retry_after: float | None = None,
               latency: float | None = None, results: int = 0) -> None:
        """Record one engine call's outcome and start or end a cooldown by the rules."""
        if outcome not in OUTCOMES:
            raise ValueError(f"unknown engine outcome {outcome!r}")
        with self._lock:
            self._record(name, outcome, reason, retry_after, latency)

    def _record(self, name: str, outcome: str, reason: str, retry_after: float | None,
                latency: float | None) -> None:
        now = self._clock()
        state = self._load(name)
        state.recent = [*state.recent[-(RECENT - 1):], Event(now, outcome, latency)]
        probing = bool(state.cooldown_until) and now >= state.cooldown_until
        cooling = bool(state.cooldown_until) and now < state.cooldown_until
        reason = reason or _DEFAULT_REASON.get(outcome, "")
        if outcome in SUCCESS:
            state.cooldown_until = 0.0
            state.cooldown_reason = ""
            state.bot_checks = state.infra_failures = state.infra_cooldowns = 0
        else:
            state.last_failure = Failure(outcome, reason, now)
            if cooling:
                # calls admitted before the cooldown began, answering late (a burst of
                # concurrent searches): no news, so no doubling; a longer Retry-After counts
                if outcome in BOT_CHECK and retry_after is not None and retry_after > 0:
                    state.cooldown_until = max(state.cooldown_until, now + min(float(retry_after), MAX_RETRY_AFTER))
            elif outcome in BOT_CHECK:
                state.bot_checks += 1
                state.infra_failures = 0
                if retry_after is not None and retry_after > 0:
                    duration = min(float(retry_after), MAX_RETRY_AFTER)
                else:
                    duration = _doubling(CHALLENGE_BASE, state.bot_checks)
                self._cool(state, now, duration, reason)
            else:
                state.infra_failures += 1
                # a failed probe re-cools at once: the engine was already known to be down
                if state.infra_failures >= 2 or probing:
                    state.infra_cooldowns += 1
                    self._cool(state, now, _doubling(INFRA_BASE, state.infra_cooldowns), reason)
        self._save(name, state)
        self._remember_name(name)
        self._store.delete(self._probe_key(name))

    @staticmethod
    def _cool(state: State, now: float, duration: float, reason: str) -> None:
        state.cooldown_until = now + duration
        state.cooldown_started = now
        state.cooldown_reason = reason

    # --- /stats ---------------------------------------------------------------

    def stats(self, names: Iterable[str] | None = None) -> dict[str, dict]:
        """Per engine: success rate, median latency, last failure and cooldown state."""
        now = self._clock()
        out: dict[str, dict] = {}
        for name in (self.names() if names is None else names):
            state = self._load(name)
            calls = len(state.recent)
            ok = sum(1 for e in state.recent if e.outcome in SUCCESS)
            latencies = [e.latency for e in state.recent if e.latency is not None and e.outcome in SUCCESS]
            counts = {o: sum(1 for e in state.recent if e.outcome == o) for o in OUTCOMES}
            active = bool(state.cooldown_until)
            out[name] = {
                "calls": calls,
                "outcomes": counts,
                "success_rate": (ok / calls) if calls else None,
                "median_latency": statistics.median(latencies) if latencies else None,
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
        return out
