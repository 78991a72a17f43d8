"""Shared state behind one small interface (memory by default, Valkey when named).

Everything that several instances must agree on goes through a ``Store``:
engine health and cooldowns, caches, rate-limit windows, in-flight locks.
Values are bytes; callers encode (msgspec JSON) themselves. The interface is
in ``base``, the stores in ``memory``, ``valkey`` and ``fallback``, and the
choice from the ``store:`` settings in ``factory``.
"""

from __future__ import annotations

from searx.store.base import Store, StoreError
from searx.store.factory import cache_store, check_store, open_store
from searx.store.memory import MemoryStore
from searx.store.script import Script

__all__ = ["MemoryStore", "Script", "Store", "StoreError", "cache_store", "check_store", "open_store"]
