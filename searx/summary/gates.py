"""Where a summary may be generated and when: the LLM server the request's preferences choose, and a slot on it.

The admin ``api_key`` goes only to the admin ``base_url``; a user's own server
(where the admin allows it) passes the address guard and is reached at the
checked address. The admin server's slots are this process's gate, then the
shared cap across instances; users' servers have a gate of their own.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol
from urllib.parse import urlsplit

from searx.logtext import loggable
from searx.network.guard import AddressGuard, AddressRefusedError
from searx.origin import parse_origin
from searx.settings_sections import AISummary
from searx.summary.llm import Target

log = logging.getLogger("searx.summary")


@dataclass(frozen=True)
class Refusal:
    """A request refused before streaming; ``code`` is the protocol's error code."""

    code: str


def choose_target(conf: AISummary, guard: AddressGuard, prefs: Mapping[str, str]) -> Target | Refusal:
    """The server, model and key for a request with these ``ai_summary_*`` preferences."""
    server = (prefs.get("ai_summary_server") or "").strip() if conf.allow_user_server else ""
    model = (prefs.get("ai_summary_model") or "").strip()
    if server and not (conf.base_url and (mine := parse_origin(server)) and mine == parse_origin(conf.base_url)):
        try:
            checked = guard.check(server)
        except AddressRefusedError as exc:
            log.info("ai_summary: user server refused: %s", loggable(exc))
            return Refusal("bad_request")
        # the admin key never goes to a server the user chose
        return Target(server, model, (prefs.get("ai_summary_api_key") or "").strip(), pinned=checked)
    if not conf.base_url:
        return Refusal("not_configured")
    # the admin's server and key serve only the admin's model, or one the admin listed
    return Target(conf.base_url, model if model in conf.models else conf.model, conf.api_key)


def server_of(target: Target) -> str:
    """Which server a target is, as a digest of whose it is, its origin and path (never its key): a
    conversation keeps it without keeping a user's server address."""
    whose = "user" if target.pinned is not None else "admin"
    where = f"{whose}:{parse_origin(target.base_url) or target.base_url}{urlsplit(target.base_url).path}"
    return hashlib.sha256(where.encode()).hexdigest()[:32]


class Slots(Protocol):
    """The cross-instance cap on generations (``searx.limiter.Limiter``): a token for a slot, or None when all
    are busy; the token handed back when the generation ends."""

    def acquire_generation(self) -> str | None: ...

    def release_generation(self, token: str | None) -> None: ...


class Gates:
    """Generation slots; thread-safe. ``slots``: the cross-instance cap, or None."""

    def __init__(self, conf: AISummary, slots: Slots | None = None) -> None:
        self._timeout = conf.queue_timeout
        self._slots = slots
        self._gate = threading.BoundedSemaphore(max(1, conf.max_concurrent))
        self._user_gate = threading.BoundedSemaphore(max(1, conf.user_max_concurrent))

    def acquire(self, *, user: bool) -> Callable[[], None] | None:
        """A generation slot, or None when busy; returns how to release it.

        A user's server: the users' gate only. The admin server: this process's
        gate, then the shared cap across instances.
        """
        gate = self._user_gate if user else self._gate
        if not gate.acquire(timeout=self._timeout):
            return None
        slots = None if user else self._slots
        if slots is None:
            return gate.release
        token = slots.acquire_generation()
        if token is None:
            gate.release()
            return None

        def release() -> None:
            try:
                slots.release_generation(token)
            finally:
                gate.release()

        return release
