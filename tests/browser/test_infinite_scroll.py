"""The infinite_scroll plugin in Chromium: scrolling appends the next pages in order; without it, and
without JavaScript, the page links stay the way on."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.browser.conftest import Served
from tests.browser.test_summary_box import assert_clean
from tests.conftest import json_engine_entry, make_settings

pytestmark = pytest.mark.browser
PER_PAGE = 8


@pytest.fixture
def site(serve_app: Any, fake_engine: Any) -> Any:
    entry = json_engine_entry(fake_engine.url, "alpha", extra=f"&n={PER_PAGE}&overlap=0")
    return serve_app(make_settings([entry]), Served)


def _cookie(site: Served) -> list[dict[str, str]]:
    return [{"name": "enabled_plugins", "value": "infinite_scroll", "domain": urlsplit(site.url).hostname or "",
             "path": "/"}]  # fmt: skip


def test_scrolling_appends_the_next_pages_in_order(site: Served, browser: Any) -> None:
    r = browser("scroll", site.search("alpha"), cookies=_cookie(site), atLeast=4 * PER_PAGE)
    assert_clean(r)
    assert r["results"] >= 4 * PER_PAGE and r["results"] % PER_PAGE == 0
    ranks = [int(re.search(r"result (\d+) ", t).group(1)) for t in r["titles"]]  # type: ignore[union-attr]
    assert ranks == list(range(r["results"]))  # page after page, nothing twice, nothing missing
    assert f"pageno={r['results'] // PER_PAGE + 1}" in r["next"]
    assert r["uniqueIds"]


@pytest.mark.parametrize("javascript", [True, False])
def test_without_the_plugin_or_javascript_the_page_links_stay(site: Served, browser: Any, javascript: bool) -> None:
    cookies = [] if javascript else _cookie(site)
    r = browser("scroll", site.search("alpha"), cookies=cookies, settle=1000, javaScriptEnabled=javascript)
    assert r["start"] == r["results"] == PER_PAGE
    assert "pageno=2" in r["next"]
