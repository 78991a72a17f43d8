"""Searches that lead off the instance, in Chromium: ``!!name`` and ``!!`` from the instance's own
search box reach the site (its pages' ``form-action 'self'`` must not stop them); ``!!`` from
another site's link or form stays on the results page (no open redirect)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote_plus

from tests.browser.conftest import Served
from tests.conftest import json_engine_entry, make_settings

SITE = "http://localhost:1"  # another site, where nothing listens: the browser's attempt is what counts
OTHER = "http://localhost:2"  # another site's page, answered by the driver


def other_page(url: str) -> str:
    return (f'<a id="link" href="{url}/search?q=%21%21+alpha">lucky</a>'
            f'<form id="form" method="post" action="{url}/search"><input name="q" value="!! alpha"></form>')


def test_own_search_box_leaves_for_the_site_and_other_sites_cannot(app_factory: Any, fake_engine: Any,
                                                                    browser: Any) -> None:
    for method in ("GET", "POST"):
        engines = [json_engine_entry(fake_engine.url, "alpha", extra="&overlap=0&host=localhost:1")]
        served = Served(app_factory(make_settings(engines, server={"method": method},
                                                  bangs={"here": f"{SITE}/find?q={{query}}"})))
        try:
            first = "https://localhost:1/alpha/0"
            r = browser("navigations", served.url, other=OTHER, otherHtml=other_page(served.url), steps=[
                {"from": f"{served.url}/", "type": "!!here paris"},
                {"from": f"{served.url}/", "type": "!! alpha"},
                {"from": f"{served.url}/search?q={quote_plus('!! alpha')}"},  # typed in the address bar
                {"from": f"{OTHER}/", "click": "#link"},
                {"from": f"{OTHER}/", "submit": "#form"},
            ])
        finally:
            served.close()
        bang, lucky, typed, link, form = r["steps"]
        assert bang[-1] == f"{SITE}/find?q=paris", (method, bang)
        assert lucky[-1] == first, (method, lucky)
        assert typed[-1] == first, (method, typed)
        # another site's link and form: the results page of the instance, never the first result
        assert all(u.startswith(served.url) for u in link + form), (method, link, form)
        assert not [m for m in r["seen"]["console"] if "Content Security Policy" in m], r["seen"]["console"]
