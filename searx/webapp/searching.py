"""One search for the web layer: build the query, the plugin context, run it."""

from __future__ import annotations

from collections.abc import Mapping

from searx.plugins import SearchContext
from searx.preferences import Preferences
from searx.results.search import SearchOutcome
from searx.search import request as search_request
from searx.services import Services


def run_search(svc: Services, values: Mapping[str, str], prefs: Preferences, fmt: str, *,
               accept_language: str = "", client: str = "") -> SearchOutcome:
    """Parse the parameters (``BadRequest`` on bad ones) and run the search.

    ``client``: the client's pseudonym; a cache hit is reported only to the client that filled the entry.
    """
    sq = search_request.build(values, prefs, svc.engines, accept_language=accept_language,
                              max_page=svc.settings.search.max_page)
    plugins = svc.plugins.active(prefs.csv("enabled_plugins"), prefs.csv("disabled_plugins"))
    ctx = SearchContext(
        query=sq.query, pageno=sq.pageno, category=sq.categories[0] if sq.categories else "general", format=fmt,
        language=sq.language, safesearch=sq.safesearch, time_range=sq.time_range,
        preferences=prefs.as_dict(include_secret=False), secret_key=svc.settings.server.secret_key.encode(),
    )
    return svc.runner.run(sq, ctx, plugins, client=client)
