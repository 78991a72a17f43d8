"""The tracker_url_remover plugin: strips tracking parameters from result URLs (``searx.results.trackers``)."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from searx.plugins import N_, Plugin, SearchContext
from searx.results.trackers import strip_trackers
from searx.results.types import MainResult


def clean_url(url: str) -> str:
    """``url`` without tracking parameters; unchanged when it has none."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    if not parts.query:
        return url
    query = strip_trackers(parts.query, (parts.hostname or "").lower())
    return url if query == parts.query else urlunsplit(parts._replace(query=query))


class TrackerURLRemoverPlugin(Plugin):
    id = "tracker_url_remover"
    name = N_("Tracker URL remover")
    description = N_("Remove tracking parameters (utm_*, fbclid, gclid, ...) from result links.")

    def on_result(self, ctx: SearchContext, result: MainResult) -> bool:
        result.url = clean_url(result.url)
        return True
