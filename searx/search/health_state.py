"""Engine-health state and its two updates, as store scripts (atomic across instances).

An engine's state is one msgspec JSON value. ``RECORD`` (one outcome) and
``END_COOLDOWN`` change it in one step: a Lua script on Valkey, the same rules
in Python under the memory store's lock. Both take their time from the caller.
"""

from __future__ import annotations

from collections.abc import Sequence

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
RECENT = 100                # outcomes kept per engine for the success rate and median


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


encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder(State).decode
_decode_names = msgspec.json.Decoder(list[str]).decode


def decode(raw: bytes | None) -> State:
    """The stored state; a fresh one when absent, older or corrupt (never fail a search on it)."""
    if raw is None:
        return State()
    try:
        return _decode(raw)
    except msgspec.DecodeError:
        return State()


def decode_names(raw: bytes | None) -> list[str]:
    try:
        return _decode_names(raw) if raw else []
    except msgspec.DecodeError:
        return []


def _doubling(base: float, count: int) -> float:
    return min(MAX_COOLDOWN, base * 2 ** max(0, count - 1))


def _cool(state: State, now: float, duration: float, reason: str) -> None:
    state.cooldown_until = now + duration
    state.cooldown_started = now
    state.cooldown_reason = reason


def _reset(state: State) -> None:
    state.cooldown_until = 0.0
    state.cooldown_reason = ""
    state.bot_checks = state.infra_failures = state.infra_cooldowns = 0


def record(state: State, now: float, outcome: str, reason: str, retry_after: float | None,
           latency: float | None) -> None:
    """Apply one outcome to ``state``: start, keep or end a cooldown by the rules."""
    state.recent = [*state.recent[-(RECENT - 1):], Event(now, outcome, latency)]
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


def record_args(name: str, now: float, outcome: str, reason: str, retry_after: float | None,
                latency: float | None) -> list[str]:
    """RECORD's arguments (Valkey passes strings; the Python side reads the same)."""
    return [repr(float(now)), outcome, reason, "" if retry_after is None else repr(float(retry_after)),
            "" if latency is None else repr(float(latency)), name]


def _apply_record(values: list[bytes | None], args: Sequence[str]) -> list[bytes | None]:
    raw_state, raw_names, _probe = values
    now, outcome, reason, retry_after, latency, name = args
    state = decode(raw_state)
    record(state, float(now), outcome, reason, float(retry_after) if retry_after else None,
           float(latency) if latency else None)
    names = decode_names(raw_names)
    new_names = raw_names if name in names else encode(sorted([*names, name]))
    return [encode(state), new_names, None]


def _apply_end(values: list[bytes | None], args: Sequence[str]) -> list[bytes | None]:
    raw_state, _probe = values
    if raw_state is None:
        return [None, None]
    state = decode(raw_state)
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

# KEYS: state, names, probe lock. ARGV: as record_args().
_RECORD_LUA = _LUA_COMMON + """
local now, outcome, reason = tonumber(ARGV[1]), ARGV[2], ARGV[3]
local retry_after, latency, name = tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6]
local s = load(KEYS[1])
table.insert(s.recent, {now, outcome, latency == nil and cjson.null or latency})
while #s.recent > RECENT do table.remove(s.recent, 1) end
local probing = s.cooldown_until ~= 0 and now >= s.cooldown_until
local cooling = s.cooldown_until ~= 0 and now < s.cooldown_until
local function cool(duration)
  s.cooldown_until, s.cooldown_started, s.cooldown_reason = now + duration, now, reason
end
local function doubling(base, count)
  return math.min(MAX_COOLDOWN, base * 2 ^ math.max(0, count - 1))
end
local bot = outcome == 'challenged' or outcome == 'blocked'
if outcome == 'ok' or outcome == 'no_results' then
  reset(s)
else
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
save(KEYS[1], s)
local names = {}
local raw = redis.call('GET', KEYS[2])
if raw then
  local ok, decoded = pcall(cjson.decode, raw)
  if ok and type(decoded) == 'table' then names = decoded end
end
local known = false
for _, n in ipairs(names) do
  if n == name then known = true end
end
if not known then
  table.insert(names, name)
  table.sort(names)
  redis.call('SET', KEYS[2], cjson.encode(names))
end
redis.call('DEL', KEYS[3])
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
