"""The shared ``Store`` on Valkey (or Redis): several instances agree through it.

Every operation is one round trip (a command or a Lua script), so it stays
atomic across instances. Valkey errors become ``StoreError`` here, once.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import valkey
from valkey import exceptions as vex

from searx.store.base import StoreError
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

# Errors that mean "the server cannot serve us now", as opposed to a caller bug.
_UNAVAILABLE = (vex.ConnectionError, vex.TimeoutError, vex.ResponseError, vex.InvalidResponse, OSError)


def _ms(ttl: float) -> int:
    """Seconds to whole milliseconds, at least 1 (Valkey refuses PX 0)."""
    return max(1, math.ceil(ttl * 1000))


class ValkeyStore:
    """``Store`` on a Valkey server named by ``url`` (valkey://, redis://, unix://).

    Timeouts are short on purpose: a dead or stalled server must cost a search
    a quarter of a second at most, and ``ResilientStore`` then stops asking it.
    """

    def __init__(self, url: str, *, prefix: str = "searx:", timeout: float = 0.25) -> None:
        self.url = url
        self._prefix = prefix
        self._client = valkey.Valkey.from_url(
            url,
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
            # one attempt per call: the resilient wrapper decides when to try again
            retry_on_timeout=False,
        )
        self._incr = self._client.register_script(_INCR)
        self._hit_window = self._client.register_script(_HIT_WINDOW)
        self._scripts: dict[str, Any] = {}

    def _key(self, key: str) -> str:
        return self._prefix + key

    def _call(self, op: Callable[[], T]) -> T:
        try:
            return op()
        except vex.ResponseError as exc:
            if "not an integer" in str(exc):  # same contract as MemoryStore.incr
                raise ValueError(f"store: value is not an integer: {exc}") from exc
            raise StoreError(f"valkey: {exc}") from exc
        except _UNAVAILABLE as exc:
            raise StoreError(f"valkey: {type(exc).__name__}: {exc}") from exc

    def get(self, key: str) -> bytes | None:
        value: Any = self._call(lambda: self._client.get(self._key(key)))
        return None if value is None else bytes(value)

    def get_many(self, keys: Sequence[str]) -> list[bytes | None]:
        if not keys:
            return []
        values: Any = self._call(lambda: self._client.mget([self._key(k) for k in keys]))
        return [None if v is None else bytes(v) for v in values]

    def set(self, key: str, value: bytes, ttl: float | None = None) -> None:
        px = None if ttl is None else _ms(ttl)
        self._call(lambda: self._client.set(self._key(key), value, px=px))

    def add(self, key: str, value: bytes, ttl: float | None = None) -> bool:
        px = None if ttl is None else _ms(ttl)
        return bool(self._call(lambda: self._client.set(self._key(key), value, px=px, nx=True)))

    def delete(self, key: str) -> None:
        self._call(lambda: self._client.delete(self._key(key)))

    def incr(self, key: str, ttl: float | None = None) -> int:
        px = 0 if ttl is None else _ms(ttl)
        return int(self._call(lambda: self._incr(keys=[self._key(key)], args=[px])))

    def hit_window(self, key: str, now: float, window: float, limit: int) -> tuple[bool, float]:
        # a unique member per hit: two hits at the same instant must both count
        member = f"{now!r}:{secrets.token_hex(6)}"
        args: list[str | int] = [repr(float(now)), repr(float(window)), limit, member, _ms(window)]
        allowed, wait = self._call(lambda: self._hit_window(keys=[self._key(key)], args=args))
        return bool(int(allowed)), max(0.0, float(wait))

    def run(self, script: Script, keys: Sequence[str], args: Sequence[str]) -> None:
        registered = self._scripts.get(script.name)
        if registered is None:
            # EVALSHA, and the script's text once more when the server forgot it (a restart)
            registered = self._scripts[script.name] = self._client.register_script(script.lua)
        self._call(lambda: registered(keys=[self._key(k) for k in keys], args=list(args)))

    def ping(self) -> bool:
        """True when the server answers (for health pages and start-up logs)."""
        return bool(self._call(self._client.ping))

    def close(self) -> None:
        """Drop the pooled connections."""
        self._client.close()  # type: ignore[no-untyped-call]  # redis-py leaves close() unannotated
