"""Which plugins run: the built-ins, classes named by dotted path in ``plugins:``, and installed
packages' entry points in the ``searx_ai.plugins`` group (docs/dev/plugins.md).

Every plugin subclasses ``searx.plugins.Plugin`` and uses this project's hooks.
A name that cannot be imported, is not such a class or repeats an id stops
start-up naming its ``plugins.<key>``.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Iterable
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from searx.errors import SettingsError
from searx.plugins import Plugin, PluginConfig
from searx.plugins.builtin import BUILTIN
from searx.plugins.searxng import UnknownPlugin, configured, is_searxng_path, plugin_id
from searx.settings import Settings, section

log = logging.getLogger("searx.plugins")

ENTRY_POINT_GROUP = "searx_ai.plugins"
EntryPoints = Callable[[], Iterable[EntryPoint]]


def _installed() -> Iterable[EntryPoint]:
    return entry_points(group=ENTRY_POINT_GROUP)


def _is_dotted(key: str) -> bool:
    """A class path of a plugin to import (SearXNG's own ``searx.plugins.<id>...`` name built-ins)."""
    return "." in key and not is_searxng_path(key)


def _import(key: str, where: str) -> type[Plugin]:
    module_name, _, attr = key.rpartition(".")
    try:
        found = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as exc:
        raise SettingsError(f"{where}: cannot load {key!r}: {type(exc).__name__}: {exc}") from exc
    if not (isinstance(found, type) and issubclass(found, Plugin)):
        raise SettingsError(f"{where}: {key!r} is not a subclass of searx.plugins.Plugin")
    if not found.id:
        raise SettingsError(f"{where}: {key!r} has no id")
    return found


def plugin_classes(settings: Settings, installed: EntryPoints = _installed) -> list[tuple[type[Plugin], bool | None]]:
    """(class, active from the settings or None) in hook order: the built-ins, then dotted
    paths, then entry points, with ``ai_summary`` last (it steps aside when another answered).
    Every plugin's settings are checked (``check`` and its ``Config``): at start-up."""
    return [(cls, active) for cls, active, _ in _found(settings, installed)]


def _found(settings: Settings, installed: EntryPoints) -> list[tuple[type[Plugin], bool | None, PluginConfig]]:
    classes: list[tuple[type[Plugin], str]] = [(cls, cls.id) for cls in BUILTIN if cls.available(settings)]
    for key in settings.plugins:
        if _is_dotted(key):
            classes.append((_import(key, f"plugins.{key}"), key))
    for ep in installed():
        cls = _import(ep.value.replace(":", "."), f"entry point {ep.name!r} of group {ENTRY_POINT_GROUP}")
        classes.append((cls, cls.id))
    seen: dict[str, str] = {}
    for cls, key in classes:
        if cls.id in seen:
            raise SettingsError(f"plugins.{key}: plugin id {cls.id!r} is used twice (also {seen[cls.id]})")
        seen[cls.id] = key
    configs = {cls.id: _config(cls, key, settings) for cls, key in classes}
    for cls, _ in classes:
        cls.check(settings)  # its settings, checked at start-up
    active, _ = _configured(settings, _known(classes))
    ordered = sorted(classes, key=lambda item: item[0].id == "ai_summary")  # stable: only ai_summary moves
    return [(cls, active.get(key, active.get(cls.id)), configs[cls.id]) for cls, key in ordered]


def _config(cls: type[Plugin], key: str, settings: Settings) -> PluginConfig:
    """The plugin's own keys of its ``plugins:`` entry (named by ``key``, or by its id in either spelling),
    checked against its ``Config``: a key it does not declare stops start-up naming it. SearXNG's own
    plugins, which declare none, keep accepting the keys SearXNG's entries may carry."""
    found = next(((k, entry) for k, entry in settings.plugins.items()
                  if k == key or (not _is_dotted(k) and plugin_id(k) == cls.id)), None)  # fmt: skip
    if cls.Config is PluginConfig and cls in BUILTIN:
        return PluginConfig()
    where, entry = found or (key, {})
    return section(cls.Config, f"plugins.{where}", {k: v for k, v in entry.items() if k != "active"})


def _known(classes: Iterable[tuple[type[Plugin], Any]]) -> set[str]:
    """The plugin ids of this instance, built-ins it does not offer (hostnames without rules) included."""
    return {cls.id for cls in BUILTIN} | {cls.id for cls, _ in classes}


def _configured(settings: Settings, known: set[str]) -> tuple[dict[str, bool], list[UnknownPlugin]]:
    return configured(settings.plugins, settings.enabled_plugins, known)


def unknown_plugins(settings: Settings, installed: EntryPoints = _installed) -> list[UnknownPlugin]:
    """The plugins the settings name (either SearXNG form) that this instance does not have."""
    return _configured(settings, _known(plugin_classes(settings, installed)))[1]


def load_plugins(settings: Settings, installed: EntryPoints = _installed) -> list[Plugin]:
    """One instance of each plugin, ``cls(settings, config)``; ``plugins.<id or path>.active`` decides whether
    it is on by default."""
    plugins = []
    for cls, active, config in _found(settings, installed):
        plugin = cls(settings, config)
        if active is not None:
            plugin.default_on = active
        plugins.append(plugin)
    return plugins
