"""The time range in the forms upstreams take it (searx/enginelib/time_range.py): a letter, days, a start."""

from __future__ import annotations

import datetime
import time

import pytest

from searx.enginelib import time_range


@pytest.mark.parametrize("asked, letter", [("day", "d"), ("week", "w"), ("month", "m"), ("year", "y"),
                                           (None, ""), ("", ""), ("decade", "")])
def test_the_letter_of_each_range_and_none_without_one(asked: str | None, letter: str) -> None:
    assert time_range.letter({"time_range": asked}) == letter
    assert time_range.letter({}) == ""


def test_an_upstream_without_a_year_gets_no_letter_for_it() -> None:
    assert time_range.letter({"time_range": "year"}, year=False) == ""
    assert time_range.letter({"time_range": "month"}, year=False) == "m"


def test_days_with_the_upstreams_own_month_and_year() -> None:
    assert [time_range.days({"time_range": r}) for r in ("day", "week", "month", "year")] == [1, 7, 31, 365]
    assert time_range.days({"time_range": "month"}, month=30) == 30
    assert time_range.days({"time_range": "year"}, month=28, year=364) == 364
    assert time_range.days({"time_range": "year"}, year=None) is None  # the upstream has no year
    assert time_range.days({"time_range": None}) is None and time_range.days({"time_range": "decade"}) is None


def test_the_start_as_a_date_and_as_unix_time() -> None:
    week = {"time_range": "week"}
    assert time_range.start_date(week) == datetime.date.today() - datetime.timedelta(days=7)
    assert time_range.start_date({"time_range": "month"}, month=30) == datetime.date.today() - datetime.timedelta(days=30)
    before = int(time.time())
    since = time_range.start_time(week)
    assert since is not None and before - 7 * 86400 <= since <= int(time.time()) - 7 * 86400
    assert time_range.start_date({}) is None and time_range.start_time({"time_range": "year"}, year=None) is None
