"""The tracker_url_remover plugin: strips tracking parameters from result URLs (``searx.results.trackers``)."""

from __future__ import annotations

from urllib.parse import SplitResult, urlsplit, urlunsplit

from searx.plugins import N_, Plugin, SearchContext
from searx.results.trackers import strip_trackers
from searx.results.types import MainResult


def clean_url(url: str, parts: SplitResult | None = None) -> str:
    """``url`` without tracking parameters; unchanged when it has none. ``parts``: ``url`` already split."""
    if "?" not in url:
        return url
    try:
        parts = parts or urlsplit(url)
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
        if "?" in result.url:  # no query, nothing to strip (most results): no parse
            try:
                result.url = clean_url(result.url, result.parts)
            except ValueError:  # a URL urlsplit refuses: left as it is
                pass
        return True
