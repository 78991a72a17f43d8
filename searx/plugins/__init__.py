"""Plugins: three hooks named as SearXNG's (their signatures differ: docs/dev/plugins.md), a small search context and the manager.

Hooks (each plugin overrides the ones it needs):

- ``pre_search(ctx) -> bool``: before the engines run; False stops them.
- ``on_result(ctx, result) -> bool``: per engine main result, before merging and
  caching (as SearXNG); may change it; False drops it. ``cache_key(ctx)`` says
  what the change depends on (it is part of the search cache's key).
- ``post_search(ctx) -> None``: after merging, on every request; may add answers, infoboxes, ...

Plugins get a ``SearchContext``, never the web request. A new answer without an
``engine`` is stamped ``plugin: <id>`` (SearXNG's name for it).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from searx.results.types import Answer, MainResult, ResultSet
from searx.settings import Settings
from searx.settings_sections import PluginConfig
from searx.store.base import Store

log = logging.getLogger("searx.plugins")

__all__ = ["AnswerPlugin", "Caller", "N_", "Plugin", "PluginConfig", "PluginManager", "Resources", "SearchContext"]


def N_(text: str) -> str:  # noqa: N802 - the marker Babel extracts; translated where it is shown
    return text


def _same(text: str) -> str:
    return text


@dataclass(frozen=True)
class Caller:
    """Who asks, as the web layer resolved it (trusted proxies applied): the client's address, its
    User-Agent, the interface language and its translation of a message. Unknown elsewhere (MCP)."""

    client_ip: str = ""
    user_agent: str = ""
    locale: str = "en"
    gettext: Callable[[str], str] = _same


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
    # who asks, as the web layer resolved it (trusted proxies applied); empty elsewhere (MCP)
    client_ip: str = ""
    user_agent: str = ""
    # the interface language (a catalog name: "de", "pt_BR") and its translation of a message
    locale: str = "en"
    gettext: Callable[[str], str] = field(default=_same)


@dataclass(frozen=True)
class Resources:
    """What the instance lends plugins once built (``Plugin.start``): its shared store and
    ``get(url, timeout) -> bytes``, a GET through the engine network (``outgoing.proxies`` and
    ``verify`` apply; raises ``EngineError``)."""

    store: Store
    get: Callable[[str, float], bytes]


# what a plugin built without settings (in a test) sees: the defaults of every section
DEFAULT_SETTINGS = Settings()


class Plugin:
    """Base class; a plugin is a subclass with an ``id`` and some hooks."""

    id: str = ""
    # shown in the preferences, translated there: mark them with N_()
    name: str = ""
    description: str = ""
    default_on: bool = True
    # the keys of its ``plugins:`` entry (a subclass of PluginConfig; annotate ``config: Config`` to read them)
    Config: ClassVar[type[PluginConfig]] = PluginConfig

    def __init__(self, settings: Settings = DEFAULT_SETTINGS, config: PluginConfig | None = None) -> None:
        self.settings = settings
        self.config = config if config is not None else self.Config()

    def start(self, resources: Resources) -> None:
        """Called once when the instance is built, before any search."""

    @classmethod
    def available(cls, settings: Settings) -> bool:
        """Whether the instance offers it at all (hostnames: only with rules); else it is not built."""
        return True

    @classmethod
    def check(cls, settings: Settings) -> None:
        """Raise ``SettingsError`` naming the key when the settings it reads cannot work (at start-up)."""

    @property
    def shapes_results(self) -> bool:
        """Whether it has an ``on_result`` hook (its changes are cached with the results)."""
        return type(self).on_result is not Plugin.on_result

    def cache_key(self, ctx: SearchContext) -> str:
        """What ``on_result`` depends on besides the result: override when it reads a
        preference or data of the instance (rules), so a change is never served from the cache."""
        return self.id

    def pre_search(self, ctx: SearchContext) -> bool:
        return True

    def on_result(self, ctx: SearchContext, result: MainResult) -> bool:
        return True

    def post_search(self, ctx: SearchContext) -> None:
        return None


class AnswerPlugin(Plugin):
    """A plugin that answers some queries with a line of text on the first page (calculator, unit
    converter, ...): ``answer(ctx)`` returns the line, or None after one cheap look at the query."""

    def answer(self, ctx: SearchContext) -> str | None:
        raise NotImplementedError

    def post_search(self, ctx: SearchContext) -> None:
        if ctx.pageno > 1:
            return
        text = self.answer(ctx)
        if text:
            ctx.results.answers.append(Answer(answer=text))


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

    def start(self, resources: Resources) -> None:
        for plugin in self.plugins.values():
            plugin.start(resources)

    def _fail(self, plugin: Plugin, hook: str, exc: Exception) -> None:
        log.error("plugin %s: %s failed: %s", plugin.id, hook, exc, exc_info=exc)
        if self.raise_errors:
            raise exc

    @staticmethod
    def _stamp(plugin: Plugin, ctx: SearchContext, before: int) -> None:
        for answer in ctx.results.answers[before:]:
            answer.engine = answer.engine or f"plugin: {plugin.id}"

    def pre_search(self, plugins: list[Plugin], ctx: SearchContext) -> bool:
        go_on = True
        for plugin in plugins:
            before = len(ctx.results.answers)
            try:
                go_on = plugin.pre_search(ctx) is not False and go_on
            except Exception as exc:  # noqa: BLE001 - a plugin never fails the search
                self._fail(plugin, "pre_search", exc)
            self._stamp(plugin, ctx, before)
        return go_on

    @staticmethod
    def variant(plugins: list[Plugin], ctx: SearchContext) -> str:
        """The part of the search cache's key that the ``on_result`` hooks of ``plugins`` decide."""
        return "\x1f".join(p.cache_key(ctx) for p in plugins if p.shapes_results)

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
            before = len(ctx.results.answers)
            try:
                plugin.post_search(ctx)
            except Exception as exc:  # noqa: BLE001
                self._fail(plugin, "post_search", exc)
            self._stamp(plugin, ctx, before)
