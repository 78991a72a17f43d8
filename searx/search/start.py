"""One search started the one way, for the web's pages and API and for the MCP tools: the plugin
context of the query, the plugins on for the caller, the runner."""

from __future__ import annotations

from searx.plugins import Caller, Plugin, PluginManager, SearchContext
from searx.preferences import Preferences
from searx.results.search import SearchOutcome, SearchQuery
from searx.search.runner import SearchRunner


def context(sq: SearchQuery, *, fmt: str, secret_key: str, prefs: Preferences | None = None,
            caller: Caller | None = None) -> SearchContext:  # fmt: skip
    """The plugins' context of ``sq``: the user's preferences (none for None), who asks (``caller``)."""
    caller = caller or Caller()
    return SearchContext(
        query=sq.query, pageno=sq.pageno, category=sq.categories[0] if sq.categories else "general", format=fmt,
        language=sq.language, safesearch=sq.safesearch, time_range=sq.time_range,
        preferences=prefs.as_dict(include_secret=False) if prefs is not None else {}, secret_key=secret_key.encode(),
        client_ip=caller.client_ip, user_agent=caller.user_agent, locale=caller.locale, gettext=caller.gettext,
    )


def active(plugins: PluginManager, prefs: Preferences | None = None) -> list[Plugin]:
    """The plugins on for ``prefs`` (the user's), or the instance's defaults for None."""
    return plugins.active() if prefs is None else plugins.active(prefs.csv("enabled_plugins"),
                                                                 prefs.csv("disabled_plugins"))


def start_search(runner: SearchRunner, plugins: PluginManager, sq: SearchQuery, *, fmt: str, secret_key: str,
                 prefs: Preferences | None = None, client: str = "", caller: Caller | None = None) -> SearchOutcome:
    """Run ``sq`` with the plugins on for ``prefs`` (the user's; None: the instance's defaults, and no
    preferences shown to the plugins). ``client``: the caller's pseudonym (see ``SearchRunner.run``);
    ``caller``: who asks, for the plugins that answer about the client (the web fills it, MCP does not)."""
    ctx = context(sq, fmt=fmt, secret_key=secret_key, prefs=prefs, caller=caller)
    return runner.run(sq, ctx, active(plugins, prefs), client=client)


def from_cache(runner: SearchRunner, plugins: PluginManager, sq: SearchQuery, *, fmt: str, secret_key: str,
               prefs: Preferences | None = None) -> bool:
    """Whether ``start_search`` would answer ``sq`` from the search cache, asking no engine."""
    ctx = context(sq, fmt=fmt, secret_key=secret_key, prefs=prefs)
    return runner.is_cached(sq, ctx, active(plugins, prefs))
