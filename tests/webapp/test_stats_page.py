"""/stats for browsers (an HTML table sorted on the server, no script) and for the API (today's JSON,
more figures), chosen by format= or Accept; /stats/errors in SearXNG's shape; bad input refused."""

from __future__ import annotations

from typing import Any

import lxml.html
import pytest

from searx.webapp.stats_page import SORTS
from tests.conftest import json_engine_entry, make_settings

BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


@pytest.fixture
def app(app_factory: Any, fake_engine: Any) -> Any:
    names = ("alpha", "Beta", "gamma", "idle")
    app = app_factory(make_settings([json_engine_entry(fake_engine.url, n) for n in names]))
    health = app.extensions["searx"].health
    for i in range(10):
        health.record("alpha", "ok", latency=0.1 * (i + 1), results=5)  # median 0.55, p80 0.82, 100 %
        health.record("Beta", "ok", latency=0.2, results=5)
    for _ in range(3):
        health.record("Beta", "timeout", latency=3.0)  # 10 of 13 answered
    health.record("Beta", "ok", latency=0.2, results=5)
    health.record("gamma", "error", reason="HTTP error", latency=0.3)
    health.record("gamma", "challenged", reason="CAPTCHA")  # last: a bot check, cooling down
    return app


def page(client: Any, query: str = "", **headers: str) -> Any:
    resp = client.get(f"/stats{query}", headers={"Accept": BROWSER, **headers})
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    return lxml.html.fromstring(resp.data)


def names(tree: Any) -> list[str]:
    return [t.strip() for t in tree.xpath("//table[@class='stats-table']/tbody/tr/th/text()")]


@pytest.mark.parametrize("headers", [{}, {"Accept": "*/*"}, {"Accept": "application/json"},
                                     {"Accept": "application/json, text/html;q=0.5"}])
def test_api_callers_get_today_s_json_with_the_new_figures(app: Any, headers: dict[str, str]) -> None:
    resp = app.test_client().get("/stats", headers=headers)
    assert resp.status_code == 200 and resp.mimetype == "application/json"
    engines = resp.get_json()["engines"]
    assert set(engines) == {"alpha", "Beta", "gamma", "idle"}  # every configured engine, asked or not
    alpha, beta, gamma = engines["alpha"], engines["Beta"], engines["gamma"]
    assert alpha["median_latency"] == pytest.approx(0.55) and alpha["p80_latency"] == pytest.approx(0.82)
    assert beta["success_rate"] == pytest.approx(11 / 14) and beta["outcomes"]["timeout"] == 3
    assert beta["errors"] == [{"outcome": "timeout", "reason": "timeout", "count": 3}]
    assert beta["last_outcome"]["outcome"] == "ok"
    assert gamma["last_outcome"]["outcome"] == "challenged" and gamma["cooldown"]["active"] is True
    assert engines["idle"]["calls"] == 0 and engines["idle"]["last_outcome"] is None


def test_a_browser_gets_the_page_and_format_decides_over_accept(app: Any) -> None:
    client = app.test_client()
    tree = page(client)
    assert names(tree) == ["alpha", "Beta", "gamma", "idle"]
    assert client.get("/stats?format=json", headers={"Accept": BROWSER}).mimetype == "application/json"
    assert client.get("/stats?format=html").mimetype == "text/html"
    assert "Accept" in client.get("/stats").headers["Vary"]  # the answer depends on it: caches must not mix them


def test_the_page_shows_each_engine_s_figures(app: Any) -> None:
    rows = {r.xpath("string(th)").strip(): r for r in page(app.test_client()).xpath("//tbody/tr")}
    cells = [c.text_content().split() for c in rows["alpha"].xpath("td")]
    assert cells[0] == ["0.55", "s"] and cells[1] == ["0.82", "s"] and cells[2] == ["100%"] and cells[3] == ["none"]
    beta = rows["Beta"].xpath("td")
    assert beta[2].text_content().strip() == "79%"
    assert [li.text_content().split() for li in beta[3].xpath(".//li")] == [["timeout", "×", "3"]]
    gamma = rows["gamma"]
    assert gamma.get("class") == "engine-suspended"
    assert gamma.xpath(".//span[contains(@class, 'outcome-challenged')]/text()") == ["bot check"]
    assert "suspended after a bot check" in gamma.text_content()
    assert rows["idle"].xpath("string(td[5])").strip() == "not asked yet"


@pytest.mark.parametrize(("sort", "order", "expected"), [
    ("name", "", ["alpha", "Beta", "gamma", "idle"]),
    ("name", "desc", ["idle", "gamma", "Beta", "alpha"]),
    ("time", "", ["Beta", "alpha", "gamma", "idle"]),  # fastest first; no answer time last
    ("time", "desc", ["alpha", "Beta", "gamma", "idle"]),
    ("p80", "", ["Beta", "alpha", "gamma", "idle"]),
    ("reliability", "", ["gamma", "Beta", "alpha", "idle"]),  # least reliable first; never asked last
    ("reliability", "desc", ["alpha", "Beta", "gamma", "idle"]),
    ("errors", "", ["Beta", "gamma", "alpha", "idle"]),  # most errors first
    ("errors", "asc", ["alpha", "gamma", "Beta", "idle"]),
])
def test_sort_links_sort_on_the_server(app: Any, sort: str, order: str, expected: list[str]) -> None:
    query = f"?sort={sort}" + (f"&order={order}" if order else "")
    tree = page(app.test_client(), query)
    assert names(tree) == expected
    current = tree.xpath("//nav[@class='stats-sort']//a[@aria-current]")
    assert len(current) == 1 and f"sort={sort}" in current[0].get("href")
    descending = (order == "desc") if order else SORTS[sort]
    assert f"order={'asc' if descending else 'desc'}" in current[0].get("href")  # following it reverses
    others = tree.xpath("//nav[@class='stats-sort']//a[not(@aria-current)]/@href")
    assert sorted(others) == sorted(f"/stats?sort={k}" for k in SORTS if k != sort)


@pytest.mark.parametrize("query", ["?sort=score", "?sort=<script>", "?order=sideways", "?sort=name&order=DESC",
                                   "?format=xml"])
def test_bad_parameters_are_refused(app: Any, query: str) -> None:
    client = app.test_client()
    html = client.get(f"/stats{query}", headers={"Accept": BROWSER})
    assert html.status_code == 400 and (html.mimetype == "text/html" or "format" in query)
    assert b"<script>" not in html.data
    api = client.get(f"/stats{query}")
    assert api.status_code == 400 and "error" in api.get_json()


def test_stats_errors_has_searxng_s_shape(app: Any) -> None:
    resp = app.test_client().get("/stats/errors")
    assert resp.status_code == 200 and resp.mimetype == "application/json"
    report = resp.get_json()
    assert list(report) == ["Beta", "gamma"]  # engines with errors, by name
    assert report["Beta"] == [{
        "filename": "searx/engines/json_engine.py", "function": "", "line_no": 0, "code": "",
        "exception_classname": "searx.errors.EngineTimeout", "log_message": "timeout", "log_parameters": ["timeout"],
        "secondary": False, "percentage": 20,  # 3 of 14, to the nearest 5
    }]
    kinds = {e["log_message"]: e for e in report["gamma"]}
    assert kinds["CAPTCHA"]["exception_classname"] == "searx.errors.EngineCaptcha"
    assert kinds["HTTP error"]["exception_classname"] == "searx.errors.EngineHTTPError"
    assert kinds["CAPTCHA"]["percentage"] == 50


def test_stats_errors_takes_no_parameters(app: Any) -> None:
    resp = app.test_client().get("/stats/errors?engine=gamma", headers={"Accept": BROWSER})
    assert resp.status_code == 400 and "error" in resp.get_json()


def test_the_footer_links_the_page(app: Any) -> None:
    tree = lxml.html.fromstring(app.test_client().get("/").data)
    assert "/stats" in tree.xpath("//footer//a/@href")
