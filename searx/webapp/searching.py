"""One search for the web layer: a ``!!`` bang's site, or the query from the request's parameters, then
``search.start``."""

from __future__ import annotations

from collections.abc import Mapping

import searx.webapp.i18n as i18n
from searx.plugins import Caller
from searx.preferences import Preferences
from searx.results.search import SearchOutcome, SearchQuery
from searx.search import request as search_request
from searx.search.start import start_search
from searx.services import Services


def bang_target(svc: Services, values: Mapping[str, str]) -> str | None:
    """Where a ``!!name words`` query goes (the site's search for the words alone); None for any other.

    The URL is the table's template and the words: no preference, cookie or parameter of the
    request travels with it.
    """
    raw = values.get("q", "")
    if "!!" not in raw:
        return None
    parsed = search_request.parse_query(raw, svc.engines, svc.bangs)
    return svc.bangs.url(parsed.site_bang, parsed.text) if parsed.site_bang else None


def lucky_target(outcome: SearchOutcome) -> str | None:
    """``!!`` alone: the first result's link, when there is one."""
    results = outcome.results.results
    return results[0].url if outcome.query.lucky and results else None


def run_search(svc: Services, values: Mapping[str, str], prefs: Preferences, fmt: str, *,
               accept_language: str = "", client: str = "", address: str = "", user_agent: str = "",
               locale: str = "en") -> SearchOutcome:  # fmt: skip
    """Parse the parameters (``BadRequest`` on bad ones) and run the search.

    ``client``: the client's pseudonym; a cache hit is reported only to the client that filled the entry.
    ``address`` (as the trusted-proxy rules resolve it), ``user_agent`` and the interface ``locale``
    reach the plugins in their context.
    """
    sq = search_request.build(values, prefs, svc.engines, accept_language=accept_language,
                              max_page=svc.settings.search.max_page, site_bangs=svc.bangs)
    return run_query(svc, sq, prefs, fmt, client=client, address=address, user_agent=user_agent, locale=locale)


def run_query(svc: Services, sq: SearchQuery, prefs: Preferences, fmt: str, *, client: str = "", address: str = "",
              user_agent: str = "", locale: str = "en") -> SearchOutcome:  # fmt: skip
    """Run ``sq`` (``searx.search.request.build_query``) for the web's user with ``prefs``; see ``run_search``."""
    caller = Caller(client_ip=address, user_agent=user_agent, locale=locale,
                    gettext=i18n.translations(locale).gettext)  # fmt: skip
    return start_search(svc.runner, svc.plugins, sq, fmt=fmt, secret_key=svc.settings.server.secret_key, prefs=prefs,
                        client=client, caller=caller)
