"""One search started the one way, for the web's pages and API and for the MCP tools: the plugin
context of the query, the plugins on for the caller, the runner."""

from __future__ import annotations

from searx.plugins import PluginManager, SearchContext
from searx.preferences import Preferences
from searx.results.search import SearchOutcome, SearchQuery
from searx.search.runner import SearchRunner


def start_search(runner: SearchRunner, plugins: PluginManager, sq: SearchQuery, *, fmt: str, secret_key: str,
                 prefs: Preferences | None = None, client: str = "") -> SearchOutcome:
    """Run ``sq`` with the plugins on for ``prefs`` (the user's; None: the instance's defaults, and no
    preferences shown to the plugins). ``client``: the caller's pseudonym (see ``SearchRunner.run``)."""
    if prefs is None:
        active, shown = plugins.active(), {}
    else:
        active = plugins.active(prefs.csv("enabled_plugins"), prefs.csv("disabled_plugins"))
        shown = prefs.as_dict(include_secret=False)
    ctx = SearchContext(
        query=sq.query, pageno=sq.pageno, category=sq.categories[0] if sq.categories else "general", format=fmt,
        language=sq.language, safesearch=sq.safesearch, time_range=sq.time_range, preferences=shown,
        secret_key=secret_key.encode(),
    )
    return runner.run(sq, ctx, active, client=client)
