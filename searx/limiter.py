"""Per-client sliding-window limits per route and a global cap on AI summaries.

Pure logic over a ``Store``: the web layer finds the client address with
``searx.client_address`` and answers 429 with ``Retry-After`` when ``check`` says no.
No user agent is ever judged here: API clients are welcome.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import msgspec

from searx.client_address import client_key
from searx.errors import SettingsError
from searx.settings import section
from searx.settings_sections import LimiterSettings
from searx.store import Store

# --- rules -----------------------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    """At most ``limit`` requests per ``window`` seconds per client; limit 0 = no limit."""

    limit: int
    window: float


@dataclass(frozen=True)
class Cap:
    """At most ``limit`` generations at once across all instances (0 = no cap).

    A slot expires after ``ttl`` seconds, so a crashed worker frees it; keep
    ``ttl`` above ``ai_summary.total_timeout``.
    """

    limit: int
    ttl: float


@dataclass(frozen=True)
class Rules:
    routes: Mapping[str, Rule] = field(default_factory=lambda: {
        "search": Rule(30, 60.0), "autocompleter": Rule(120, 60.0), "ai_summary": Rule(6, 60.0),
        "fetch": Rule(20, 60.0), "image_proxy": Rule(600, 60.0)})
    ai_summary_global: Cap = Cap(2, 240.0)


def _number(path: str, value: Any, *, integer: bool) -> Any:
    kinds = (int,) if integer else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or value < 0:
        raise SettingsError(f"{path}: expected a non-negative {'integer' if integer else 'number'}")
    return value


def rules_from_settings(config: LimiterSettings | Mapping[str, Any]) -> Rules:
    """Build Rules from the ``limiter:`` settings over the defaults; raises SettingsError naming the key.

    Routes: ``search``, ``autocompleter``, ``ai_summary``, ``fetch`` and ``image_proxy`` ({limit, window}); the global cap
    ``ai_summary_global`` ({limit, ttl}). Unknown keys stop start-up (settings).
    """
    conf = config if isinstance(config, LimiterSettings) else section(LimiterSettings, "limiter", dict(config))
    defaults = Rules()
    routes = dict(defaults.routes)
    for name in msgspec.structs.asdict(conf):
        entry = getattr(conf, name)
        if name == "ai_summary_global":
            continue
        base = routes.get(name, Rule(0, 60.0))
        limit = base.limit if entry.limit is None else _number(f"limiter.{name}.limit", entry.limit, integer=True)
        window = base.window if entry.window is None else float(
            _number(f"limiter.{name}.window", entry.window, integer=False))
        if window <= 0:
            raise SettingsError(f"limiter.{name}.window: must be above 0")
        routes[name] = Rule(limit, window)
    cap, given = defaults.ai_summary_global, conf.ai_summary_global
    cap = Cap(
        cap.limit if given.limit is None else _number("limiter.ai_summary_global.limit", given.limit, integer=True),
        cap.ttl if given.ttl is None else float(_number("limiter.ai_summary_global.ttl", given.ttl, integer=False)),
    )
    return Rules(routes=routes, ai_summary_global=cap)


def retry_after_header(seconds: float) -> str:
    """The ``Retry-After`` value: whole seconds, at least 1."""
    return str(max(1, math.ceil(seconds)))


# --- the limiter -----------------------------------------------------------------


class Limiter:
    """Answers "may this client use this route now?" and hands out generation slots.

    Pass wall-clock time (``time.time()``) as ``now`` when several instances
    share a Valkey store: their windows are compared across machines.
    """

    def __init__(self, store: Store, rules: Rules | None = None) -> None:
        self.store = store
        self.rules = rules or Rules()

    def check(self, route: str, client: str, now: float) -> tuple[bool, float]:
        """Record a request; (allowed, seconds to wait before the next one may pass)."""
        rule = self.rules.routes.get(route)
        if rule is None:
            raise ValueError(f"limiter: no rule for route {route!r}")
        if rule.limit <= 0:
            return True, 0.0
        return self.store.hit_window(f"limit:{route}:{client_key(client)}", now, rule.window, rule.limit)

    def acquire_generation(self) -> str | None:
        """A slot token for one summary generation, or None when all slots are busy.

        Hand the token to ``release_generation`` in a ``finally``.
        """
        cap = self.rules.ai_summary_global
        if cap.limit <= 0:
            return "-"
        token = secrets.token_hex(8)
        for slot in range(cap.limit):
            if self.store.add(f"limit:gen:{slot}", token.encode(), ttl=cap.ttl):
                return f"{slot}:{token}"
        return None

    def release_generation(self, token: str | None) -> None:
        """Free the slot, unless it expired and now belongs to another generation."""
        if not token or token == "-":
            return
        slot, _, own = token.partition(":")
        key = f"limit:gen:{slot}"
        # get-then-delete is not atomic; the gap matters only for a slot that
        # outlived its ttl, which already means the generation overran
        if self.store.get(key) == own.encode():
            self.store.delete(key)
