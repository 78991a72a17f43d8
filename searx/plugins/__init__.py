"""Plugins: three hooks named as SearXNG's (their signatures differ: docs/dev/plugins.md), a small search context and the manager.

Hooks (each plugin overrides the ones it needs):

- ``pre_search(ctx) -> bool``: before the engines run; False stops them.
- ``on_result(ctx, result) -> bool``: per main result; may change it; False drops it.
- ``post_search(ctx) -> None``: after merging; may add answers, infoboxes, ...

Plugins get a ``SearchContext``, never the web request.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from searx.results.types import MainResult, ResultSet

log = logging.getLogger("searx.plugins")


@dataclass
class SearchContext:
    """What a hook may read and change about one search."""

    query: str
    pageno: int
    category: str
    format: str
    language: str
    safesearch: int
    time_range: str | None
    preferences: Mapping[str, Any]
    results: ResultSet = field(default_factory=ResultSet)
    # set by the web layer so plugins can sign things (never the raw request)
    secret_key: bytes = b""


class Plugin:
    """Base class; a plugin is a subclass with an ``id`` and some hooks."""

    id: str = ""
    name: str = ""
    description: str = ""
    default_on: bool = True

    def __init__(self, settings: Any = None) -> None:
        self.settings = settings

    def pre_search(self, ctx: SearchContext) -> bool:
        return True

    def on_result(self, ctx: SearchContext, result: MainResult) -> bool:
        return True

    def post_search(self, ctx: SearchContext) -> None:
        return None


class PluginManager:
    """Runs the hooks of the plugins a user has switched on.

    A failing hook is logged under the plugin's id and skipped;
    ``raise_errors`` (set in tests) re-raises instead.
    """

    def __init__(self, plugins: Iterable[Plugin], raise_errors: bool = False) -> None:
        self.plugins = {p.id: p for p in plugins}
        self.raise_errors = raise_errors

    def active(self, enabled: Iterable[str] = (), disabled: Iterable[str] = ()) -> list[Plugin]:
        """The plugins on for a user: defaults, plus ``enabled``, minus ``disabled``."""
        on, off = set(enabled), set(disabled)
        return [p for p in self.plugins.values() if (p.default_on or p.id in on) and p.id not in off]

    def _fail(self, plugin: Plugin, hook: str, exc: Exception) -> None:
        log.error("plugin %s: %s failed: %s", plugin.id, hook, exc, exc_info=exc)
        if self.raise_errors:
            raise exc

    def pre_search(self, plugins: list[Plugin], ctx: SearchContext) -> bool:
        go_on = True
        for plugin in plugins:
            try:
                go_on = plugin.pre_search(ctx) is not False and go_on
            except Exception as exc:  # noqa: BLE001 - a plugin never fails the search
                self._fail(plugin, "pre_search", exc)
        return go_on

    def on_result(self, plugins: list[Plugin], ctx: SearchContext, result: MainResult) -> bool:
        for plugin in plugins:
            try:
                if plugin.on_result(ctx, result) is False:
                    return False
            except Exception as exc:  # noqa: BLE001
                self._fail(plugin, "on_result", exc)
        return True

    def post_search(self, plugins: list[Plugin], ctx: SearchContext) -> None:
        for plugin in plugins:
            try:
                plugin.post_search(ctx)
            except Exception as exc:  # noqa: BLE001
                self._fail(plugin, "post_search", exc)
