"""The HTTP contract of /search and friends, as SearXNG clients rely on it."""

from __future__ import annotations

import csv
import io
import json

import pytest
from lxml import etree

RESULT_KEYS = {"url", "title", "content", "engine", "engines", "positions", "score", "category", "parsed_url",
               "template", "publishedDate", "thumbnail", "img_src", "priority"}
TOP_KEYS = {"query", "number_of_results", "results", "answers", "corrections", "infoboxes", "suggestions",
            "unresponsive_engines"}


def test_json_shape_is_what_clients_parse(client):
    resp = client.get("/search?q=hello&format=json")
    assert resp.status_code == 200
    assert resp.mimetype == "application/json"
    data = resp.get_json()
    assert TOP_KEYS <= data.keys()
    assert data["query"] == "hello"
    assert isinstance(data["number_of_results"], int) and data["number_of_results"] >= len(data["results"])
    assert data["unresponsive_engines"] == []
    assert data["results"], "the fake engines answer"
    for result in data["results"]:
        assert RESULT_KEYS <= result.keys()
        assert isinstance(result["content"], str)
        assert result["parsed_url"][0] == "https" and result["parsed_url"][1]
        assert result["engine"] in result["engines"]
    top = data["results"][0]
    assert top["engines"] == ["alpha", "beta", "gamma"] and top["positions"] == [1, 1, 1]
    assert data["suggestions"] == ["hello more"]


def test_json_whatever_the_accept_header_and_identity_encoding(client):
    resp = client.get("/search?q=x&format=json", headers={"Accept": "text/html", "Accept-Encoding": "identity"})
    assert resp.status_code == 200 and resp.mimetype == "application/json"
    assert "Content-Encoding" not in resp.headers
    json.loads(resp.data)


@pytest.mark.parametrize("ua", ["python-requests/2.32.3", "python-httpx/0.28.1", "node", "axios/1.7.2", ""])
def test_no_user_agent_blocking(client, ua):
    assert client.get("/search?q=x&format=json", headers={"User-Agent": ua}).status_code == 200


def test_post_form_and_post_with_query_string_and_json_content_type(client):
    assert client.post("/search", data={"q": "x", "format": "json"}).get_json()["query"] == "x"
    resp = client.post("/search?q=y&format=json", data=b"", content_type="application/json")
    assert resp.status_code == 200 and resp.get_json()["query"] == "y"


def test_root_with_query_redirects_308_and_search_never_redirects(client):
    resp = client.get("/?q=abc&format=json&pageno=2")
    assert resp.status_code == 308
    assert resp.headers["Location"].endswith("/search?q=abc&format=json&pageno=2")
    assert client.get("/search?q=abc").status_code == 200
    assert client.get("/").status_code == 200


@pytest.mark.parametrize("query, message", [
    ("format=json", "missing query"),
    ("q=&format=json", "missing query"),
    ("q=x&format=json&pageno=0", "pageno"),
    ("q=x&format=json&pageno=abc", "pageno"),
    ("q=x&format=json&safesearch=5", "safesearch"),
    ("q=x&format=json&time_range=decade", "time_range"),
    ("q=x&format=json&language=not_a_lang", "language"),
    ("q=x&format=json&language=de%0A", "language"),  # a trailing newline, which a "$" let through
    ("q=x&format=json&language=de-DE%0A", "language"),
    ("q=x&format=json&language=de%0D%0A", "language"),
    ("q=x&format=csv&pageno=-1", "pageno"),
])
def test_bad_parameters_are_400_json(client, query, message):
    resp = client.get(f"/search?{query}")
    assert resp.status_code == 400
    assert message in resp.get_json()["error"]


def test_bad_parameters_give_a_readable_page_for_people(client):
    resp = client.get("/search?q=x&pageno=zero")
    assert resp.status_code == 400 and resp.mimetype == "text/html"
    assert b"pageno must be a whole number" in resp.data and b"Traceback" not in resp.data
    resp = client.get("/search?q=x&language=de%0A")
    assert resp.status_code == 400 and resp.mimetype == "text/html" and b"unknown language" in resp.data


def test_a_trailing_newline_never_passes_a_check():
    import searx.engines as support
    from searx import query
    from searx.collections.names import collection_name
    from searx.errors import BadRequest
    from searx.preferences import LANGUAGE, Pref
    from searx.search.request import resolve_language, search_language

    with pytest.raises(BadRequest):
        search_language("de\n")
    assert resolve_language("auto", "de\n") == "de"  # the browser's first language, trimmed
    assert Pref("language", "auto", pattern=LANGUAGE).check("de\n") == "de"  # a stored value is trimmed first
    assert query.parse(":de\n x", {}, [], []).language == "de"  # split() leaves no newline in a word
    with pytest.raises(Exception, match="collection name"):
        collection_name("docs\n")
    assert not support.MODULE_NAME.fullmatch("xpath\n")


def test_valid_parameters_are_accepted(client):
    for query in ("language=all", "language=auto", "language=en", "language=en-US", "safesearch=0",
                  "safesearch=2", "time_range=", "pageno=2", "unknown_param=1", "categories=general"):
        assert client.get(f"/search?q=x&format=json&{query}").status_code == 200, query


def test_unknown_engines_are_dropped_and_defaults_run_when_none_left(client):
    data = client.get("/search?q=x&format=json&engines=nosuch,beta").get_json()
    assert {e for r in data["results"] for e in r["engines"]} == {"beta"}
    data = client.get("/search?q=x&format=json&engines=nosuch").get_json()
    assert {e for r in data["results"] for e in r["engines"]} == {"alpha", "beta", "gamma"}


def test_bang_picks_an_engine(client):
    data = client.get("/search", query_string={"q": "!gamma hello", "format": "json"}).get_json()
    assert data["query"] == "hello"
    assert {e for r in data["results"] for e in r["engines"]} == {"gamma"}


def test_disabled_format_is_403(engine_app):
    app = engine_app("a", search={"formats": ["html"]})
    resp = app.test_client().get("/search?q=x&format=json")
    assert resp.status_code == 403 and "error" in resp.get_json()


def test_csv_and_rss(client):
    resp = client.get("/search?q=hello&format=csv")
    assert resp.status_code == 200 and resp.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(resp.data.decode())))
    assert rows[0] == ["title", "url", "content", "host", "engine", "score", "type"]
    assert len(rows) > 10
    resp = client.get("/search?q=hello&format=rss")
    assert resp.status_code == 200
    root = etree.fromstring(resp.data)
    assert len(root.findall("./channel/item")) > 10


def test_failing_engine_is_reported_and_page_still_works(app_factory, fake_engine):
    from tests.conftest import json_engine_entry, make_settings

    engines = [json_engine_entry(fake_engine.url, "ok"),
               json_engine_entry(fake_engine.url, "limited", path="/status/429")]
    client = app_factory(make_settings(engines)).test_client()
    data = client.get("/search?q=x&format=json").get_json()
    assert data["unresponsive_engines"] == [["limited", "too many requests"]]
    assert data["results"]
    page = client.get("/search?q=x")
    assert page.status_code == 200
    assert b"limited" in page.data and b"too many requests" in page.data


def test_all_engines_failed_page_explains(app_factory, fake_engine):
    from tests.conftest import json_engine_entry, make_settings

    engines = [json_engine_entry(fake_engine.url, "down", path="/status/500")]
    client = app_factory(make_settings(engines)).test_client()
    page = client.get("/search?q=x").data.decode()
    assert "No engine could answer this search" in page
    assert "down" in page and "HTTP error" in page
    assert "No results" not in page.split("No engine could answer")[0]


def test_html_results_page(client):
    resp = client.get("/search?q=hello+world")
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    doc = etree.HTML(resp.data)
    assert doc.xpath("//body/@data-page") == ["results"]
    assert len(doc.xpath("//article[@class='result']")) == 24
    assert doc.xpath("//input[@name='q']/@value") == ["hello world"]
    assert not doc.xpath("//script[not(@src) and not(@type='application/json')]"), "no inline script"


def test_html_escapes_hostile_text(engine_app):
    client = engine_app("a").test_client()
    resp = client.get("/search", query_string={"q": "<script>alert(1)</script>"})
    assert b"<script>alert(1)</script>" not in resp.data


def test_config_healthz_autocompleter_opensearch(client):
    config = client.get("/config").get_json()
    assert {e["name"] for e in config["engines"]} == {"alpha", "beta", "gamma"}
    assert "general" in config["categories"] and "json" in config["formats"]
    assert all("shortcut" in e and "categories" in e for e in config["engines"])
    assert "version" in config and "plugins" in config
    assert client.get("/healthz").status_code == 200
    assert client.get("/autocompleter?q=hel").get_json() == ["hel", []]
    xml = client.get("/opensearch.xml")
    assert b"/search?q={searchTerms}" in xml.data


def test_wrong_method_is_clean(client):
    resp = client.delete("/search?q=x&format=json")
    assert resp.status_code == 405 and "error" in resp.get_json()


def test_pages_follow_the_browser_language(client):
    german = client.get("/search?q=x", headers={"Accept-Language": "de-DE,de;q=0.9"}).data.decode()
    assert "Suchergebnisse" in german and '<html lang="de" dir="ltr" ' in german
    english = client.get("/search?q=x", headers={"Accept-Language": "en-US"}).data.decode()
    assert "Search results" in english and '<html lang="en" dir="ltr" ' in english
    client.set_cookie("locale", "de")
    assert "Einstellungen" in client.get("/preferences", headers={"Accept-Language": "en"}).data.decode()


def test_contact_url_in_the_footer(engine_app):
    app = engine_app("a", general={"contact_url": "mailto:admin@example.org"})
    page = app.test_client().get("/").data.decode()
    assert 'href="mailto:admin@example.org"' in page
