"""Is the shared store answering? One ping with the store's short timeout, for /healthz and /metrics."""

from __future__ import annotations

from typing import Literal

from searx.store.base import Store, StoreError

State = Literal["memory", "ok", "down"]


def probe(store: Store) -> State:
    """``memory`` when no shared store is configured, ``ok`` when it answers a ping,
    ``down`` when it does not (the instance then serves from memory)."""
    primary = getattr(store, "primary", None)
    ping = getattr(primary, "ping", None)
    if ping is None:
        return "memory"
    try:
        return "ok" if ping() else "down"
    except StoreError:
        return "down"
