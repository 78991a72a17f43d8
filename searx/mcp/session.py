"""Sessions of the 2025 protocol versions, signed instead of stored.

A session id carries the negotiated version and the time it was issued,
signed (the ``MCP_SESSION`` signer of ``searx.signer``): every worker and every
instance sharing the secret accepts it without a shared lookup (the memory
store is per process). Ending a session (``DELETE``) writes a marker in the
store until the id would have expired anyway; at most ``MAX_ENDED`` markers
live at once (a window over the session lifetime counts them), so DELETEs
cannot fill the store.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from typing import Literal

from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

from searx.signer import MCP_SESSION, Signer
from searx.store import Store

SESSION_TTL = 7 * 86400.0
MAX_ENDED = 10_000  # ended sessions remembered at once, for everyone
Ended = Literal["ended", "unknown", "full"]


class Sessions:
    def __init__(self, secret_key: str, store: Store, *, ttl: float = SESSION_TTL,
                 clock: Callable[[], float] = time.time) -> None:
        self._signer = Signer(secret_key, MCP_SESSION, digits=32)
        self.store = store
        self.ttl = ttl
        self.clock = clock

    @staticmethod
    def _ended_key(session_id: str) -> str:
        return "mcp:ended:" + hashlib.sha256(session_id.encode()).hexdigest()[:32]

    def open(self, version: str) -> str:
        body = f"{version}.{int(self.clock())}.{secrets.token_hex(8)}"
        return f"{body}.{self._signer.sign(body)}"

    def _issued(self, session_id: str) -> tuple[str, float] | None:
        body, _, signature = session_id.rpartition(".")
        if len(session_id) > 200 or not self._signer.valid(body, signature):
            return None
        version, _, rest = body.partition(".")
        issued = rest.partition(".")[0]
        if version not in HANDSHAKE_PROTOCOL_VERSIONS or not issued.isdigit():
            return None
        return version, float(issued)

    def version(self, session_id: str) -> str | None:
        """The protocol version of a live session; None when unknown, expired or ended."""
        found = self._issued(session_id)
        if found is None or self.clock() >= found[1] + self.ttl:
            return None
        if self.store.get(self._ended_key(session_id)) is not None:
            return None
        return found[0]

    def end(self, session_id: str) -> Ended:
        """End a live session: ``ended``; ``unknown`` when it was not one; ``full`` when ``MAX_ENDED``
        sessions were ended within a session's lifetime (this one then lasts until it expires)."""
        found = self._issued(session_id)
        if found is None or self.version(session_id) is None:
            return "unknown"
        now = self.clock()
        if not self.store.hit_window("mcp:ended", now, self.ttl, MAX_ENDED)[0]:
            return "full"
        self.store.set(self._ended_key(session_id), b"1", ttl=max(1.0, found[1] + self.ttl - now))
        return "ended"
