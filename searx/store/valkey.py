"""The shared ``Store`` on Valkey (or Redis): several instances agree through it.

Every operation is one round trip (a command or a Lua script), so it stays
atomic across instances. Valkey errors become ``StoreError`` here, once.

A pool (``searx.store.pools``) on Valkey: Valkey has one memory for every key,
and its ``maxmemory-policy`` is the operator's. So the instance counts what
each pool holds itself: beside the values, a sorted set (key by order of
writing), a hash (key -> bytes) and a total, all updated in the same script as
the value. Past the budget the oldest written value goes first (an evicting
pool), or the new value is refused (``StoreFull``) once the values that
expired on their own are forgotten (a ``refuse`` pool: its values all have
one time to live, so the oldest written expires first).
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import valkey
from valkey import exceptions as vex

from searx.store.base import Pool, Pools, StoreError, StoreFull
from searx.store.script import Script

T = TypeVar("T")

# INCR, and set the expiry only when this call created the counter.
_INCR = """
local value = redis.call('INCR', KEYS[1])
if value == 1 and tonumber(ARGV[1]) > 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return value
"""

# Sliding window in a sorted set scored by hit time. Numbers go back as strings:
# Lua numbers returned to the client are truncated to integers.
_HIT_WINDOW = """
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  if oldest[2] == nil then
    return {0, tostring(window)}
  end
  return {0, tostring(tonumber(oldest[2]) + window - now)}
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return {1, '0'}
"""

# KEYS: the value's key, the pool's index (sorted set), sizes (hash), totals (hash: bytes, seq).
# ARGV: value, PX (0: none), max bytes, max keys, refuse (1/0), only if absent (1/0), delete (1/0).
# Returns 1 stored (or deleted), 0 present already (only if absent), -1 refused, 2 too large to keep.
_BUDGETED = """
local key, index, sizes, totals = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local value, px = ARGV[1], tonumber(ARGV[2])
local max_bytes, max_keys = tonumber(ARGV[3]), tonumber(ARGV[4])
local refuse, nx, delete = ARGV[5] == '1', ARGV[6] == '1', ARGV[7] == '1'
local function forget(k)
  local old = redis.call('HGET', sizes, k)
  if old then
    redis.call('HDEL', sizes, k)
    redis.call('ZREM', index, k)
    redis.call('HINCRBY', totals, 'bytes', -tonumber(old))
  end
end
if delete then
  forget(key)
  redis.call('DEL', key)
  return 1
end
if nx and redis.call('EXISTS', key) == 1 then
  return 0
end
local size = #key + #value
if size > max_bytes then
  if refuse then return -1 end
  forget(key)
  redis.call('DEL', key)
  return 2
end
local old = tonumber(redis.call('HGET', sizes, key) or '0')
local used = tonumber(redis.call('HGET', totals, 'bytes') or '0') - old
local count = redis.call('ZCARD', index) - (old > 0 and 1 or 0)
while used + size > max_bytes or count + 1 > max_keys do
  local oldest = redis.call('ZRANGE', index, 0, 0)[1]
  if not oldest then break end
  if oldest == key then
    oldest = redis.call('ZRANGE', index, 1, 1)[1]
    if not oldest then break end
  end
  if refuse and redis.call('EXISTS', oldest) == 1 then return -1 end
  local freed = tonumber(redis.call('HGET', sizes, oldest) or '0')
  forget(oldest)
  redis.call('DEL', oldest)
  used = used - freed
  count = count - 1
end
forget(key)
if px > 0 then
  redis.call('SET', key, value, 'PX', px)
else
  redis.call('SET', key, value)
end
redis.call('HSET', sizes, key, size)
redis.call('ZADD', index, redis.call('HINCRBY', totals, 'seq', 1), key)
redis.call('HINCRBY', totals, 'bytes', size)
return 1
"""


# Errors that mean "the server cannot serve us now", as opposed to a caller bug.
_UNAVAILABLE = (vex.ConnectionError, vex.TimeoutError, vex.ResponseError, vex.InvalidResponse, OSError)


def ms(ttl: float) -> int:
    """Seconds to whole milliseconds, at least 1 (Valkey refuses PX 0)."""
    return max(1, math.ceil(ttl * 1000))


class ValkeyStore(Pools):
    """``Store`` on a Valkey server named by ``url`` (valkey://, redis://, unix://).

    Timeouts are short on purpose: a dead or stalled server must cost a search
    a quarter of a second at most, and ``ResilientStore`` then stops asking it.
    """

    def __init__(self, url: str, *, prefix: str = "searx:", timeout: float = 0.25) -> None:
        self.url = url
        self._prefix = prefix
        self.client = valkey.Valkey.from_url(
            url,
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
            # one attempt per call: the resilient wrapper decides when to try again
            retry_on_timeout=False,
        )
        self._incr = self.client.register_script(_INCR)
        self._hit_window = self.client.register_script(_HIT_WINDOW)
        self._scripts: dict[str, Any] = {}

    def key(self, key: str) -> str:
        """The key in Valkey: ``store.prefix`` and ``key``."""
        return self._prefix + key

    def call(self, op: Callable[[], T]) -> T:
        """``op()``; Valkey's errors become ``StoreError`` (a non-integer counter ``ValueError``)."""
        try:
            return op()
        except vex.ResponseError as exc:
            if "not an integer" in str(exc):  # same contract as MemoryStore.incr
                raise ValueError(f"store: value is not an integer: {exc}") from exc
            raise StoreError(f"valkey: {exc}") from exc
        except _UNAVAILABLE as exc:
            raise StoreError(f"valkey: {type(exc).__name__}: {exc}") from exc

    def get(self, key: str) -> bytes | None:
        value: Any = self.call(lambda: self.client.get(self.key(key)))
        return None if value is None else bytes(value)

    def get_many(self, keys: Sequence[str]) -> list[bytes | None]:
        if not keys:
            return []
        values: Any = self.call(lambda: self.client.mget([self.key(k) for k in keys]))
        return [None if v is None else bytes(v) for v in values]

    def set(self, key: str, value: bytes, ttl: float | None = None) -> None:
        px = None if ttl is None else ms(ttl)
        self.call(lambda: self.client.set(self.key(key), value, px=px))

    def add(self, key: str, value: bytes, ttl: float | None = None) -> bool:
        px = None if ttl is None else ms(ttl)
        return bool(self.call(lambda: self.client.set(self.key(key), value, px=px, nx=True)))

    def delete(self, key: str) -> None:
        self.call(lambda: self.client.delete(self.key(key)))

    def incr(self, key: str, ttl: float | None = None) -> int:
        px = 0 if ttl is None else ms(ttl)
        return int(self.call(lambda: self._incr(keys=[self.key(key)], args=[px])))

    def hit_window(self, key: str, now: float, window: float, limit: int) -> tuple[bool, float]:
        # a unique member per hit: two hits at the same instant must both count
        member = f"{now!r}:{secrets.token_hex(6)}"
        args: list[str | int] = [repr(float(now)), repr(float(window)), limit, member, ms(window)]
        allowed, wait = self.call(lambda: self._hit_window(keys=[self.key(key)], args=args))
        return bool(int(allowed)), max(0.0, float(wait))

    def run(self, script: Script, keys: Sequence[str], args: Sequence[str]) -> None:
        registered = self._scripts.get(script.name)
        if registered is None:
            # EVALSHA, and the script's text once more when the server forgot it (a restart)
            registered = self._scripts[script.name] = self.client.register_script(script.lua)
        self.call(lambda: registered(keys=[self.key(k) for k in keys], args=list(args)))

    def _make_pool(self, spec: Pool) -> ValkeyPool:
        """The pool on this server, its values counted against its budget (``ValkeyPool``)."""
        return ValkeyPool(self, spec)

    def ping(self) -> bool:
        """True when the server answers (for health pages and start-up logs)."""
        return bool(self.call(self.client.ping))

    def close(self) -> None:
        """Drop the pooled connections."""
        self.client.close()


class ValkeyPool:
    """``Store`` of one pool on a ``ValkeyStore``'s connection: ``set``, ``add`` and ``delete`` keep the
    budget; ``get`` reads as the store does; counters, windows and scripts are not counted (no pool uses them)."""

    def __init__(self, store: ValkeyStore, pool: Pool) -> None:
        self.store, self.spec = store, pool
        self._script = store.client.register_script(_BUDGETED)
        self._index = [store.key(f"pool:{pool.name}:{part}") for part in ("index", "sizes", "totals")]

    def _write(self, key: str, value: bytes, ttl: float | None, *, nx: bool = False, delete: bool = False) -> int:
        p = self.spec
        args: list[Any] = [value, 0 if ttl is None else ms(ttl), p.max_bytes, p.max_keys, int(p.refuse), int(nx),
                           int(delete)]  # fmt: skip
        done = int(self.store.call(lambda: self._script(keys=[self.store.key(key), *self._index], args=args)))
        if done == -1:
            raise StoreFull(f"pool {p.name}: no room for {len(key) + len(value)} more bytes")
        return done

    def used(self) -> int:
        """The bytes the pool counts (for tests and the bench)."""
        raw: Any = self.store.call(lambda: self.store.client.hget(self._index[2], "bytes"))
        return int(raw or 0)

    def get(self, key: str) -> bytes | None:
        return self.store.get(key)

    def get_many(self, keys: Sequence[str]) -> list[bytes | None]:
        return self.store.get_many(keys)

    def set(self, key: str, value: bytes, ttl: float | None = None) -> None:
        self._write(key, value, ttl)

    def add(self, key: str, value: bytes, ttl: float | None = None) -> bool:
        return self._write(key, value, ttl, nx=True) == 1

    def delete(self, key: str) -> None:
        self._write(key, b"", None, delete=True)

    def incr(self, key: str, ttl: float | None = None) -> int:
        return self.store.incr(key, ttl)

    def hit_window(self, key: str, now: float, window: float, limit: int) -> tuple[bool, float]:
        return self.store.hit_window(key, now, window, limit)

    def run(self, script: Script, keys: Sequence[str], args: Sequence[str]) -> None:
        self.store.run(script, keys, args)
