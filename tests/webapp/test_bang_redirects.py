"""``!!`` bangs at /search: a 303 to the site for GET and POST (from the instance's own form, a page
that opens it), nothing of the user's carried along; ``!!`` alone goes to the first result, unless
another site sent the browser; an unknown bang is a word; ``<3`` limits the engines."""

from __future__ import annotations

from typing import Any

import pytest
from lxml import html

from tests.conftest import json_engine_entry, make_settings


@pytest.fixture
def site_client(app_factory: Any, fake_engine: Any) -> Any:
    def build(extra: str = "", **sections: Any) -> Any:
        engines = [json_engine_entry(fake_engine.url, "alpha", extra=extra, shortcut="al")]
        sections.setdefault("search", {}).setdefault("formats", ["html", "json", "csv", "rss"])
        return app_factory(make_settings(engines, **sections)).test_client()

    return build


def asked(fake_engine: Any, before: int) -> list[str]:
    return [args.get("q", "") for _, args, _ in fake_engine.requests[before:]]


@pytest.mark.parametrize("method", ["GET", "POST"])
@pytest.mark.parametrize("fmt", ["html", "json", "csv", "rss"])
def test_site_bang_redirects_with_303_before_any_engine_is_asked(site_client, fake_engine, method, fmt) -> None:
    client = site_client()
    before = len(fake_engine.requests)
    values = {"q": "!!w paris hotels", "format": fmt}
    resp = client.get("/search", query_string=values) if method == "GET" else client.post("/search", data=values)
    assert resp.status_code == 303
    assert resp.headers["Location"] == "https://en.wikipedia.org/w/index.php?search=paris+hotels"
    assert asked(fake_engine, before) == []


def test_the_redirect_carries_no_cookie_preference_or_parameter(site_client) -> None:
    client = site_client()
    for name, value in {"language": "de", "safesearch": "2", "locale": "fr", "autocomplete": "google",
                        "categories": "it", "disabled_engines": "alpha"}.items():
        client.set_cookie(name, value)
    resp = client.post("/search?language=fr&safesearch=1&pageno=3&engines=alpha&time_range=day",
                       data={"q": ":it !al <3 !!GH flask routing", "categories": "science", "format": "html"})
    assert resp.status_code == 303
    assert resp.headers["Location"] == "https://github.com/search?q=flask+routing&type=repositories"
    assert "Set-Cookie" not in resp.headers
    assert resp.headers["Referrer-Policy"] == "no-referrer"


def test_the_words_are_encoded_exactly_once_in_query_strings_and_paths(site_client) -> None:
    client = site_client()
    wiki = client.get("/search", query_string={"q": "!!w AC/DC 100% a+b café"})
    assert wiki.headers["Location"] == "https://en.wikipedia.org/w/index.php?search=AC%2FDC+100%25+a%2Bb+caf%C3%A9"
    path = client.get("/search", query_string={"q": "!!mw AC/DC 100% a+b"})
    assert path.headers["Location"] == "https://www.merriam-webster.com/dictionary/AC%2FDC%20100%25%20a%2Bb"
    # line breaks and control characters in the words cannot reach the header raw
    crlf = client.get("/search", query_string={"q": "!!w a\r\nSet-Cookie: x=y"})
    assert crlf.headers["Location"] == "https://en.wikipedia.org/w/index.php?search=a+Set-Cookie%3A+x%3Dy"
    assert "Set-Cookie" not in crlf.headers


def test_a_site_bang_without_words_goes_to_the_sites_home_page(site_client) -> None:
    resp = site_client().get("/search?q=!!yt")
    assert resp.status_code == 303 and resp.headers["Location"] == "https://www.youtube.com/"


def test_operator_bangs_redirect_and_replace_the_table(site_client) -> None:
    client = site_client(bangs={"intra": "http://intra.lan/find?q={query}", "w": "https://de.wikipedia.org/w/"
                                "index.php?search={query}", "gh": None})
    assert client.get("/search?q=!!intra+x").headers["Location"] == "http://intra.lan/find?q=x"
    assert client.get("/search?q=!!w+x").headers["Location"] == "https://de.wikipedia.org/w/index.php?search=x"
    assert client.get("/search?q=!!gh+x").status_code == 200  # removed: a plain search


def test_an_unknown_site_bang_is_a_normal_search_with_the_word_left_in(site_client, fake_engine) -> None:
    before = len(fake_engine.requests)
    resp = site_client().get("/search", query_string={"q": "!!nosuch paris", "format": "json"})
    assert resp.status_code == 200 and resp.get_json()["query"] == "!!nosuch paris"
    assert asked(fake_engine, before) == ["!!nosuch paris"]


TYPED = {"Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate"}  # the address bar, a bookmark
OWN_FORM = {"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate"}
# what Chromium sends with a form POSTed from a page under Referrer-Policy: no-referrer (the instance's)
OWN_POST = {**OWN_FORM, "Origin": "null"}


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_double_bang_alone_goes_to_the_first_result(site_client, method) -> None:
    client = site_client()
    values = {"q": "!! alpha letter"}
    resp = (client.get("/search", query_string=values, headers=TYPED) if method == "GET"
            else client.post("/search", data=values, headers={"Sec-Fetch-Site": "none"}))
    first = client.get("/search", query_string={"q": "alpha letter", "format": "json"}).get_json()["results"][0]
    assert resp.status_code == 303 and resp.headers["Location"] == first["url"]
    assert "Set-Cookie" not in resp.headers


@pytest.mark.parametrize("headers", [OWN_FORM, OWN_POST])
@pytest.mark.parametrize("q", ["!! alpha letter", "!!w paris"])
def test_the_instances_own_form_gets_a_page_that_opens_the_site(site_client, headers, q) -> None:
    # a browser does not follow a form's redirect to another site under the pages' form-action 'self'
    client = site_client()
    resp = client.post("/search", data={"q": q}, headers=headers)
    target = (client.get("/search", query_string={"q": "alpha letter", "format": "json"}).get_json()["results"][0]["url"]
              if q.startswith("!! ") else "https://en.wikipedia.org/w/index.php?search=paris")
    page = html.fromstring(resp.data)
    assert resp.status_code == 200 and "Location" not in resp.headers and resp.headers["Cache-Control"] == "no-store"
    assert page.xpath("//meta[@http-equiv='refresh']/@content") == [f"0; url={target}"]
    assert page.xpath("//main//a/@href") == [target] and page.xpath("//main//a/@rel") == ["noreferrer"]
    assert "Set-Cookie" not in resp.headers


CROSS_SITE = [
    {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"},
    {"Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "navigate"},  # a sibling subdomain is another site's page
    {"Sec-Fetch-Site": "none", "Referer": "https://evil.example/page"},
    {"Sec-Fetch-Site": "same-origin", "Origin": "https://evil.example"},
    {"Origin": "https://evil.example"},  # a browser without Sec-Fetch-*
    {"Referer": "https://evil.example/page"},
    {"Referer": "http://localhost.evil.example/"},
    {"Origin": "null"},  # a sandboxed frame, or another site's no-referrer page posting a form
    {},  # an old browser following a rel=noreferrer link, or curl: nobody vouches for it
]


@pytest.mark.parametrize("headers", CROSS_SITE)
@pytest.mark.parametrize("method", ["GET", "POST"])
def test_double_bang_from_another_site_is_no_open_redirect(site_client, fake_engine, headers, method) -> None:
    client = site_client()
    before = len(fake_engine.requests)
    values = {"q": "!! alpha letter"}
    resp = (client.get("/search", query_string=values, headers=headers) if method == "GET"
            else client.post("/search", data=values, headers=headers))
    # the results page: the first result is a link among the others, not where the browser is sent
    assert resp.status_code == 200 and "Location" not in resp.headers, resp.headers
    page = html.fromstring(resp.data)
    assert page.xpath("//meta[@http-equiv='refresh']") == []
    assert page.xpath("//article[contains(@class, 'result')]//a/@href")[0] == "https://shared.example.org/alpha-letter/0"
    assert asked(fake_engine, before) == ["alpha letter"]
    rss = client.get("/search", query_string={**values, "format": "rss"}, headers=headers)
    assert rss.status_code == 200 and rss.mimetype == "application/rss+xml" and "Location" not in rss.headers


@pytest.mark.parametrize("headers", [
    TYPED, OWN_FORM, OWN_POST, {"Referer": "http://localhost/search?q=x"}, {"Origin": "http://localhost"},
    {"Sec-Fetch-Site": "same-origin", "Referer": "http://localhost/"},
])  # fmt: skip
def test_double_bang_from_the_instance_or_the_user_leaves(site_client, headers) -> None:
    resp = site_client().post("/search", data={"q": "!! alpha"}, headers=headers)
    assert resp.status_code in (200, 303)
    target = resp.headers.get("Location") or html.fromstring(resp.data).xpath("//main//a/@href")[0]
    assert target == "https://shared.example.org/alpha/0"


def test_feeling_lucky_answers_json_as_usual_and_a_page_without_results(site_client) -> None:
    client = site_client()
    data = client.get("/search", query_string={"q": "!! alpha", "format": "json"})
    assert data.status_code == 200 and data.get_json()["query"] == "alpha" and data.get_json()["results"]
    empty = site_client(extra="&n=0").get("/search", query_string={"q": "!! nothing here"})
    assert empty.status_code == 200 and b"<html" in empty.data
    assert site_client().get("/search?q=!!&format=json").status_code == 400  # no words at all


def test_the_timeout_prefix_and_parameter_cut_slow_engines_short(app_factory, fake_engine) -> None:
    engines = [json_engine_entry(fake_engine.url, "fast"),
               json_engine_entry(fake_engine.url, "slow", extra="&delay=2", timeout=3.0)]
    client = app_factory(make_settings(engines)).test_client()
    full = client.get("/search?q=cats&format=json").get_json()  # the slow engine answers within its own 3 s
    assert full["unresponsive_engines"] == [] and {e for r in full["results"] for e in r["engines"]} >= {"slow"}
    cut = client.get("/search", query_string={"q": "cats <1", "format": "json"}).get_json()
    assert cut["query"] == "cats" and cut["unresponsive_engines"] == [["slow", "timeout"]]  # not the cached search
    assert {e for r in cut["results"] for e in r["engines"]} == {"fast"}
    param = client.get("/search", query_string={"q": "dogs", "format": "json", "timeout_limit": "0.9"}).get_json()
    assert param["unresponsive_engines"] == [["slow", "timeout"]]
    for bad in ("0", "-1", "abc", "61"):
        resp = client.get("/search", query_string={"q": "x", "format": "json", "timeout_limit": bad})
        assert resp.status_code == 400 and "timeout_limit" in resp.get_json()["error"]
