"""One search for the web layer: the query from the request's parameters, then ``search.start``."""

from __future__ import annotations

from collections.abc import Mapping

from searx.preferences import Preferences
from searx.results.search import SearchOutcome
from searx.search import request as search_request
from searx.search.start import start_search
from searx.services import Services


def run_search(svc: Services, values: Mapping[str, str], prefs: Preferences, fmt: str, *,
               accept_language: str = "", client: str = "") -> SearchOutcome:
    """Parse the parameters (``BadRequest`` on bad ones) and run the search.

    ``client``: the client's pseudonym; a cache hit is reported only to the client that filled the entry.
    """
    sq = search_request.build(values, prefs, svc.engines, accept_language=accept_language,
                              max_page=svc.settings.search.max_page)
    return start_search(svc.runner, svc.plugins, sq, fmt=fmt, secret_key=svc.settings.server.secret_key, prefs=prefs,
                        client=client)
