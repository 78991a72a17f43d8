"""Pick the store the ``store:`` settings name, and check those settings at start-up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from searx.errors import SettingsError
from searx.settings import section
from searx.settings_sections import StoreSettings
from searx.store.base import Store
from searx.store.memory import MemoryStore

_VALKEY_SCHEMES = ("valkey", "valkeys", "redis", "rediss", "unix")


def _settings(config: StoreSettings | Mapping[str, Any]) -> StoreSettings:
    return config if isinstance(config, StoreSettings) else section(StoreSettings, "store", dict(config))


def check_store(config: StoreSettings | Mapping[str, Any]) -> StoreSettings:
    """Check the ``store:`` settings without connecting; raises SettingsError naming the key."""
    conf = _settings(config)
    if conf.max_keys < 1:
        raise SettingsError("store.max_keys: must be at least 1")
    for key, value in (("max_bytes", conf.max_bytes), ("cache_bytes", conf.cache_bytes)):
        if value < 1024 * 1024:
            raise SettingsError(f"store.{key}: must be at least 1048576 (1 MiB)")
    if conf.timeout <= 0:
        raise SettingsError("store.timeout: must be above 0")
    if conf.backoff < 0:
        raise SettingsError("store.backoff: must be 0 or more")
    url = conf.url or "memory://"
    scheme = url.partition(":")[0].lower()
    if scheme == "memory":
        return conf
    if scheme not in _VALKEY_SCHEMES:
        raise SettingsError(f"store.url: unsupported scheme {scheme!r} (memory, {', '.join(_VALKEY_SCHEMES)})")
    from valkey.connection import parse_url  # a memory-only instance never loads the Valkey client

    try:
        parse_url(url)
    except ValueError as exc:
        raise SettingsError(f"store.url: {exc}") from exc
    return conf


def open_store(config: StoreSettings | Mapping[str, Any]) -> Store:
    """The store named by the ``store:`` settings; raises SettingsError naming the key.

    An empty ``url`` or ``memory://`` gives the in-process MemoryStore; a
    ``valkey://``, ``redis://`` or ``unix://`` URL gives a Valkey store that
    falls back to memory while the server is away. Nothing connects here.
    """
    conf = check_store(config)
    if (conf.url or "memory://").lower().startswith("memory:"):
        return MemoryStore(max_keys=conf.max_keys, max_bytes=conf.max_bytes)
    from searx.store.fallback import ResilientStore
    from searx.store.valkey import ValkeyStore

    try:
        primary = ValkeyStore(conf.url, prefix=conf.prefix, timeout=conf.timeout)
    except ValueError as exc:
        raise SettingsError(f"store.url: {exc}") from exc
    return ResilientStore(primary, MemoryStore(max_keys=conf.max_keys, max_bytes=conf.max_bytes), backoff=conf.backoff)
