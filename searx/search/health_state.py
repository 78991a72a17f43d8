"""Engine-health state and its two updates, as store scripts (atomic across instances).

An engine's state is one msgspec JSON value. ``RECORD`` (the outcomes of one
search, every engine in one step) and ``END_COOLDOWN`` change it: a Lua script
on Valkey, the same rules in Python under the memory store's lock. Both take
their time from the caller.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from searx.results.search import ANSWERED, BOT_CHECK, Outcome
from searx.store.script import Script

# the outcomes health records (a suspended engine was not asked: nothing to record)
OUTCOMES: tuple[Outcome, ...] = ("ok", "no_results", "challenged", "blocked", "timeout", "error")
SUCCESS = ANSWERED
INFRA: tuple[Outcome, ...] = ("timeout", "error")

CHALLENGE_BASE = 300.0      # first cooldown after a bot check without Retry-After
INFRA_BASE = 60.0           # first cooldown after two infrastructure failures in a row
MAX_COOLDOWN = 3600.0       # doubling stops here
MAX_RETRY_AFTER = 86400.0   # a Retry-After is honoured, but not beyond a day
RECENT = 100                # outcomes kept per engine for the success rate and the percentiles
MAX_REASON = 80             # a failure's reason as kept in the recent outcomes


class Event(msgspec.Struct, array_like=True):
    time: float
    outcome: str
    latency: float | None = None
    reason: str = ""  # failures only (what /stats counts as error kinds); an older state has none


class Failure(msgspec.Struct):
    outcome: str
    reason: str
    time: float


class Cooldown(msgspec.Struct):
    """The part of the state that decides admission (what ``admit`` decodes: the outcomes are skipped)."""

    cooldown_until: float = 0.0     # 0: not suspended
    cooldown_reason: str = ""
    cooldown_started: float = 0.0
    bot_checks: int = 0             # consecutive challenged/blocked, for doubling
    infra_failures: int = 0         # consecutive timeouts/errors
    infra_cooldowns: int = 0        # infra cooldowns in the current streak, for doubling
    last_failure: Failure | None = None


class State(Cooldown):
    """The whole state, as /stats reads it."""

    recent: list[Event] = msgspec.field(default_factory=list)


class _Stored(Cooldown):
    """The state as an update reads it: the recent outcomes stay encoded, each one only copied."""

    recent: list[msgspec.Raw] = msgspec.field(default_factory=list)


encode = msgspec.json.Encoder().encode
_decoders: dict[type, Any] = {kind: msgspec.json.Decoder(kind).decode for kind in (State, Cooldown, _Stored)}
_decode_names = msgspec.json.Decoder(list[str]).decode


def _decoded(raw: bytes | None, kind: type) -> Any:
    """The stored state; a fresh one when absent, older or corrupt (never fail a search on it)."""
    if raw is None:
        return kind()
    try:
        return _decoders[kind](raw)
    except msgspec.DecodeError:
        return kind()


def decode(raw: bytes | None) -> State:
    """The whole stored state (a fresh one when absent or corrupt)."""
    state: State = _decoded(raw, State)
    return state


def decode_cooldown(raw: bytes | None) -> Cooldown:
    """The admission part of the stored state, without decoding the recent outcomes."""
    state: Cooldown = _decoded(raw, Cooldown)
    return state


def decode_names(raw: bytes | None) -> list[str]:
    try:
        return _decode_names(raw) if raw else []
    except msgspec.DecodeError:
        return []


def _doubling(base: float, count: int) -> float:
    return min(MAX_COOLDOWN, base * float(2 ** max(0, count - 1)))


def _cool(state: Cooldown, now: float, duration: float, reason: str) -> None:
    state.cooldown_until = now + duration
    state.cooldown_started = now
    state.cooldown_reason = reason


def _reset(state: Cooldown) -> None:
    state.cooldown_until = 0.0
    state.cooldown_reason = ""
    state.bot_checks = state.infra_failures = state.infra_cooldowns = 0


def apply_outcome(state: Cooldown, now: float, outcome: str, reason: str, retry_after: float | None) -> None:
    """Apply one outcome to ``state``: start, keep or end a cooldown by the rules."""
    probing = bool(state.cooldown_until) and now >= state.cooldown_until
    cooling = bool(state.cooldown_until) and now < state.cooldown_until
    if outcome in SUCCESS:
        _reset(state)
        return
    state.last_failure = Failure(outcome, reason, now)
    if cooling:
        # calls admitted before the cooldown began, answering late (a burst of
        # concurrent searches): no news, so no doubling; a longer Retry-After counts
        if outcome in BOT_CHECK and retry_after is not None and retry_after > 0:
            state.cooldown_until = max(state.cooldown_until, now + min(retry_after, MAX_RETRY_AFTER))
    elif outcome in BOT_CHECK:
        state.bot_checks += 1
        state.infra_failures = 0
        if retry_after is not None and retry_after > 0:
            _cool(state, now, min(retry_after, MAX_RETRY_AFTER), reason)
        else:
            _cool(state, now, _doubling(CHALLENGE_BASE, state.bot_checks), reason)
    else:
        state.infra_failures += 1
        # a failed probe re-cools at once: the engine was already known to be down
        if state.infra_failures >= 2 or probing:
            state.infra_cooldowns += 1
            _cool(state, now, _doubling(INFRA_BASE, state.infra_cooldowns), reason)


# one engine call for RECORD: name, outcome, reason, retry_after, latency
Call = tuple[str, str, str, float | None, float | None]


def record_keys(names_key: str, keys: Sequence[tuple[str, str]]) -> list[str]:
    """RECORD's keys: the list of names, then each engine's state and probe lock."""
    return [names_key, *(key for pair in keys for key in pair)]


def record_args(now: float, calls: Sequence[Call]) -> list[str]:
    """RECORD's arguments (Valkey passes strings; the Python side reads the same)."""
    # the reason is cut here, once for both sides (Lua would cut bytes, not characters)
    args = [repr(float(now))]
    for name, outcome, reason, retry_after, latency in calls:
        args += [outcome, reason[:MAX_REASON], "" if retry_after is None else repr(float(retry_after)),
                 "" if latency is None else repr(float(latency)), name]
    return args


def _apply_record(values: list[bytes | None], args: Sequence[str]) -> list[bytes | None]:
    raw_names = values[0]
    now = float(args[0])
    names = decode_names(raw_names)
    new_names = [name for name in dict.fromkeys(args[5::5]) if name not in names]
    out: list[bytes | None] = [raw_names if not new_names else encode(sorted([*names, *new_names]))]
    states: dict[str, _Stored] = {}  # an engine named twice in one batch: its second call sees its first
    for i in range(len(values) // 2):
        outcome, reason, retry_after, latency, name = args[1 + 5 * i:6 + 5 * i]
        state = states.get(name) or _decoded(values[1 + 2 * i], _Stored)
        states[name] = state
        kept = "" if outcome in SUCCESS else reason  # a failure's reason, already cut by record_args
        event = msgspec.Raw(encode(Event(now, outcome, float(latency) if latency else None, kept)))
        state.recent = [*state.recent[-(RECENT - 1):], event]
        apply_outcome(state, now, outcome, reason, float(retry_after) if retry_after else None)
    for i in range(len(values) // 2):
        out += [encode(states[args[5 + 5 * i]]), None]
    return out


def _apply_end(values: list[bytes | None], args: Sequence[str]) -> list[bytes | None]:
    raw_state, _probe = values
    if raw_state is None:
        return [None, None]
    state: _Stored = _decoded(raw_state, _Stored)
    _reset(state)
    return [encode(state), None]


# Lua numbers keep 14 significant digits in cjson: times survive to a tenth of a
# millisecond, enough for cooldowns. cjson writes an empty table as {}, so an
# empty outcome list is left out (msgspec then uses its default).
_LUA_COMMON = f"""
local CHALLENGE_BASE, INFRA_BASE = {CHALLENGE_BASE}, {INFRA_BASE}
local MAX_COOLDOWN, MAX_RETRY_AFTER, RECENT = {MAX_COOLDOWN}, {MAX_RETRY_AFTER}, {RECENT}
local function load(key)
  local raw = redis.call('GET', key)
  local ok, s = false, nil
  if raw then ok, s = pcall(cjson.decode, raw) end
  if not ok or type(s) ~= 'table' then s = {{}} end
  s.cooldown_until = tonumber(s.cooldown_until) or 0
  s.cooldown_started = tonumber(s.cooldown_started) or 0
  if type(s.cooldown_reason) ~= 'string' then s.cooldown_reason = '' end
  s.bot_checks = tonumber(s.bot_checks) or 0
  s.infra_failures = tonumber(s.infra_failures) or 0
  s.infra_cooldowns = tonumber(s.infra_cooldowns) or 0
  if type(s.recent) ~= 'table' then s.recent = {{}} end
  return s
end
local function reset(s)
  s.cooldown_until = 0
  s.cooldown_reason = ''
  s.bot_checks, s.infra_failures, s.infra_cooldowns = 0, 0, 0
end
local function save(key, s)
  if next(s.recent) == nil then s.recent = nil end
  redis.call('SET', key, cjson.encode(s))
end
"""

# KEYS: names, then a state and a probe lock per engine. ARGV: as record_args().
_RECORD_LUA = _LUA_COMMON + """
local now = tonumber(ARGV[1])
local function doubling(base, count)
  return math.min(MAX_COOLDOWN, base * 2 ^ math.max(0, count - 1))
end
local function apply(s, outcome, reason, retry_after)
  local probing = s.cooldown_until ~= 0 and now >= s.cooldown_until
  local cooling = s.cooldown_until ~= 0 and now < s.cooldown_until
  local function cool(duration)
    s.cooldown_until, s.cooldown_started, s.cooldown_reason = now + duration, now, reason
  end
  local bot = outcome == 'challenged' or outcome == 'blocked'
  if outcome == 'ok' or outcome == 'no_results' then
    reset(s)
    return
  end
  s.last_failure = {outcome = outcome, reason = reason, time = now}
  if cooling then
    if bot and retry_after and retry_after > 0 then
      s.cooldown_until = math.max(s.cooldown_until, now + math.min(retry_after, MAX_RETRY_AFTER))
    end
  elseif bot then
    s.bot_checks, s.infra_failures = s.bot_checks + 1, 0
    if retry_after and retry_after > 0 then
      cool(math.min(retry_after, MAX_RETRY_AFTER))
    else
      cool(doubling(CHALLENGE_BASE, s.bot_checks))
    end
  else
    s.infra_failures = s.infra_failures + 1
    if s.infra_failures >= 2 or probing then
      s.infra_cooldowns = s.infra_cooldowns + 1
      cool(doubling(INFRA_BASE, s.infra_cooldowns))
    end
  end
end
local names, known, added = {}, {}, false
local raw = redis.call('GET', KEYS[1])
if raw then
  local ok, decoded = pcall(cjson.decode, raw)
  if ok and type(decoded) == 'table' then names = decoded end
end
for _, n in ipairs(names) do known[n] = true end
for i = 0, (#KEYS - 1) / 2 - 1 do
  local a = 2 + 5 * i
  local outcome, reason, name = ARGV[a], ARGV[a + 1], ARGV[a + 4]
  local retry_after, latency = tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3])
  local s = load(KEYS[2 + 2 * i])
  if outcome == 'ok' or outcome == 'no_results' then
    table.insert(s.recent, {now, outcome, latency == nil and cjson.null or latency})
  else
    table.insert(s.recent, {now, outcome, latency == nil and cjson.null or latency, reason})
  end
  while #s.recent > RECENT do table.remove(s.recent, 1) end
  apply(s, outcome, reason, retry_after)
  save(KEYS[2 + 2 * i], s)
  redis.call('DEL', KEYS[3 + 2 * i])
  if not known[name] then
    table.insert(names, name)
    known[name], added = true, true
  end
end
if added then
  table.sort(names)
  redis.call('SET', KEYS[1], cjson.encode(names))
end
"""

# KEYS: state, probe lock.
_END_LUA = _LUA_COMMON + """
if redis.call('EXISTS', KEYS[1]) == 1 then
  local s = load(KEYS[1])
  reset(s)
  save(KEYS[1], s)
end
redis.call('DEL', KEYS[2])
"""

RECORD = Script("health-record", _RECORD_LUA, _apply_record)
END_COOLDOWN = Script("health-end-cooldown", _END_LUA, _apply_end)
