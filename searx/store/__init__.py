"""Shared state behind one small interface (memory by default, Valkey when named).

Everything that several instances must agree on goes through a ``Store``:
engine health and cooldowns, caches, rate-limit windows, in-flight locks.
Values are bytes; callers encode (msgspec JSON) themselves. The interface is
in ``base``, the stores in ``memory``, ``valkey`` and ``fallback``, the
choice from the ``store:`` settings in ``factory``, and the pools that keep
what clients write in bulk apart from the instance's state in ``pools``.
"""

from __future__ import annotations

from searx.store.base import Pool, Store, StoreError, StoreFull
from searx.store.factory import check_store, open_store
from searx.store.memory import MemoryStore
from searx.store.pools import caches, pool
from searx.store.script import Script

__all__ = ["MemoryStore", "Pool", "Script", "Store", "StoreError", "StoreFull", "caches", "check_store", "open_store",
           "pool"]
