"""Pools: parts of the store with bounds of their own, so that one kind of value cannot push out another.

The store itself (``open_store``) keeps the instance's state and safety
records: engine health, reader cooldowns, limiter windows, locks, MCP session
markers. Everything a client can make the instance write in bulk lives in a
pool of its own, each with a byte and key budget: the caches (search results,
answers, suggestions, favicons), the reader's documents, map tiles,
conversations and share links. A flood of one fills only its own pool: an
evicting pool pushes out its own oldest values, a ``refuse`` pool (share links,
which promise to stay readable until they expire) refuses new ones
(``StoreFull``) and keeps the old. The budgets hold in memory and on Valkey
alike (``searx.store.valkey.ValkeyPool`` counts them there).
"""

from __future__ import annotations

from searx.settings_sections import StoreSettings
from searx.store.base import Pool, Store

__all__ = ["Pool", "caches", "pool"]


def pool(store: Store, spec: Pool) -> Store:
    """The pool ``spec`` of ``store``; build each once per app (in memory, a pool is its own dict).

    In memory: a ``MemoryStore`` of its own. On Valkey: the same server, its values counted against the
    budget, with a memory pool of the same budget while Valkey is away (the store's one breaker decides).
    A store without pools (a test's) is used as it is.
    """
    make = getattr(store, "pool", None)
    return make(spec) if callable(make) else store


def caches(store: Store, conf: StoreSettings) -> Store:
    """The caches' pool (``store.cache_bytes``): search results, answers, suggestions, favicons."""
    return pool(store, Pool("cache", conf.cache_bytes))
