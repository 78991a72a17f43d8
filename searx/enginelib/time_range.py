"""The search's time range (``day``, ``week``, ``month``, ``year``) in the forms upstreams take it.

Its first letter (Google's ``qdr:``, DuckDuckGo's ``df``, Startpage's ``with_date``, Yahoo's
``btf``, Brave's ``tf`` after a ``p``), or the days it reaches back and the date or Unix time
it starts at. How many days a month or a year is, is each upstream's own (SearXNG's value for
that engine); an upstream without a range says so with ``None``. Pure functions of ``params``.
"""

from __future__ import annotations

import datetime
import time
from typing import Any

_LETTERS = {"day": "d", "week": "w", "month": "m", "year": "y"}
_DAY = 86400  # seconds


def letter(params: dict[str, Any], *, year: bool = True) -> str:
    """``d``, ``w``, ``m`` or ``y``; "" without a time range, or for a year where the upstream has none."""
    found = _LETTERS.get(params.get("time_range") or "", "")
    return "" if found == "y" and not year else found


def days(params: dict[str, Any], *, month: int | None = 31, year: int | None = 365) -> int | None:
    """The days the time range reaches back; None without one, or for a range the upstream lacks."""
    return {"day": 1, "week": 7, "month": month, "year": year}.get(params.get("time_range") or "")


def start_date(params: dict[str, Any], *, month: int | None = 31, year: int | None = 365) -> datetime.date | None:
    """The day the time range starts on (today's date on this server, ``days`` back), or None."""
    back = days(params, month=month, year=year)
    return datetime.date.today() - datetime.timedelta(days=back) if back else None


def start_time(params: dict[str, Any], *, month: int | None = 31, year: int | None = 365) -> int | None:
    """The Unix time the time range starts at (now, ``days`` back, in whole seconds), or None."""
    back = days(params, month=month, year=year)
    return int(time.time()) - back * _DAY if back else None
