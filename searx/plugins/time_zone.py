"""The time_zone plugin: ``time in Tokyo``, ``Berlin time`` answer the local time and UTC offset there.

Places are looked up in ``searx.plugins.zones`` (built from the zone database on the
first such query, then kept by the plugin); an unknown place gets no answer.
"""

from __future__ import annotations

import datetime
import threading
import zoneinfo
from collections.abc import Callable

import babel.dates

from searx.plugins import DEFAULT_SETTINGS, N_, AnswerPlugin, PluginConfig, SearchContext, numbers, zones
from searx.settings import Settings

# SearXNG's keywords; one of them must be the first or the last word
KEYWORDS = frozenset({"time", "timezone", "timezones", "now", "clock"})
# words that may come before the keyword ("what time is it in tokyo", "current time in paris")
_LEAD = frozenset({"what", "whats", "the", "current", "local"})
# words around the place that are not part of it
_FILLER = KEYWORDS | _LEAD | {"is", "it", "in", "at", "for", "of", "right", "zone"}
MAX_WORDS = 12


def place(query: str) -> str | None:
    """The place a time query names (normalised), or None when the query asks no time."""
    words = zones.normal(query.replace("?", " ").replace("'s", " ")).split()
    if not words or len(words) > MAX_WORDS:
        return None
    first = next((w for w in words if w not in _LEAD), "")
    if not (first in KEYWORDS or words[-1] in KEYWORDS):
        return None  # the one check every other query pays for
    while words and words[0] in _FILLER:
        words.pop(0)
    while words and words[-1] in _FILLER:
        words.pop()
    return " ".join(words) or None


def offset(now: datetime.datetime) -> str:
    """``UTC+09:00``, ``UTC-03:30``, ``UTC+00:00``."""
    minutes = int((now.utcoffset() or datetime.timedelta()).total_seconds() // 60)
    sign = "-" if minutes < 0 else "+"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


class TimeZonePlugin(AnswerPlugin):
    id = "time_zone"
    name = N_("Time zones")
    description = N_('"time Tokyo" or "time in Berlin": the local time and UTC offset there.')

    def __init__(self, settings: Settings = DEFAULT_SETTINGS, config: PluginConfig | None = None) -> None:
        super().__init__(settings, config)
        self.clock: Callable[[], datetime.datetime] = lambda: datetime.datetime.now(datetime.UTC)
        self._places: dict[str, str] | None = None
        self._lock = threading.Lock()

    def places(self) -> dict[str, str]:
        """Place name -> zone key, built once (on the first time query, not at start-up)."""
        with self._lock:
            if self._places is None:
                self._places = zones.build()
            return self._places

    def tell(self, query: str, locale: str) -> str | None:
        """``Zone/City: time, date (UTC±hh:mm)`` for a time question, else None."""
        name = place(query)
        key = self.places().get(name) if name else None
        if key is None:
            return None
        now = self.clock().astimezone(zoneinfo.ZoneInfo(key))
        when = f"{babel.dates.format_time(now, 'short', locale=locale)}, {babel.dates.format_date(now, 'full', locale=locale)}"
        return f"{key.replace('_', ' ')}: {when} ({offset(now)})"

    def answer(self, ctx: SearchContext) -> str | None:
        return self.tell(ctx.query, numbers.locale_of(ctx.locale))
