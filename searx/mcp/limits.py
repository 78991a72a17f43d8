"""Tool-call and session limits: per client and for everyone, in sliding windows kept in the store.

Applied whether or not ``server.limiter`` is on; callers skip it for answers
from a cache, which cost the engines nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from searx.client_address import client_key
from searx.limiter import retry_after_header
from searx.settings_sections import MCP
from searx.store import Store


class CallLimits:
    """``check(client)`` records one call and says how long to wait when over a limit."""

    def __init__(self, store: Store, config: MCP, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.config = config
        self.clock = clock

    def check(self, client: str) -> str | None:
        """None when the call may run; else the refusal text (with the wait in seconds)."""
        c, now = self.config, self.clock()
        # the client's own window first: a client over its limit does not spend everyone's
        if c.client_limit:
            allowed, wait = self.store.hit_window(f"mcp:calls:{client_key(client)}", now, c.window, c.client_limit)
            if not allowed:
                return (f"rate limited: {c.client_limit} tool calls per {c.window:g} s per client; "
                        f"try again in {retry_after_header(wait)} s")
        if c.total_limit:
            allowed, wait = self.store.hit_window("mcp:calls:all", now, c.window, c.total_limit)
            if not allowed:
                return (f"rate limited: this instance takes {c.total_limit} tool calls per {c.window:g} s from "
                        f"everyone; try again in {retry_after_header(wait)} s")
        return None

    def session(self, client: str) -> tuple[str, float] | None:
        """None when ``client`` may open (``initialize``) or end (``DELETE``) a session now; else the
        refusal text and the seconds to wait."""
        c = self.config
        if not c.session_limit:
            return None
        allowed, wait = self.store.hit_window(f"mcp:sessions:{client_key(client)}", self.clock(), c.window,
                                              c.session_limit)  # fmt: skip
        if allowed:
            return None
        return (f"rate limited: {c.session_limit} sessions opened or ended per {c.window:g} s per client; "
                f"try again in {retry_after_header(wait)} s", wait)
