"""Every autocomplete backend, unchanged, against a test double of its upstream endpoint.

The app asks the backend through the engine network (``outgoing.proxies`` and
``outgoing.verify`` point at the upstream-hosts double, tests/upstream_hosts.py), so each
test sees the real request URL the backend builds and answers with the body that endpoint
answers (fixtures/README.md).
"""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

import pytest

from searx.autocomplete.backends import NAMES

FIXTURES = Path(__file__).with_name("fixtures")

# name: (host, path, fixture, content type, the query-string parameters the endpoint needs)
CASES: dict[str, tuple[str, str, str, str, dict[str, str]]] = {
    "duckduckgo": ("duckduckgo.com", "/ac/", "duckduckgo.json", "application/x-suggestions+json",
                   {"type": "list", "q": "paris h", "kl": "wt-wt"}),
    "google": ("www.google.com", "/complete/search", "google.js", "text/javascript; charset=UTF-8",
               {"q": "paris h", "client": "gws-wiz", "hl": "en"}),
    "brave": ("search.brave.com", "/api/suggest", "brave.json", "application/x-suggestions+json",
              {"q": "paris h"}),
    "qwant": ("api.qwant.com", "/v3/suggest", "qwant.json", "application/json",
              {"q": "paris h", "locale": "en_US", "version": "2"}),
    "startpage": ("www.startpage.com", "/suggestions", "startpage.json", "application/x-suggestions+json",
                  {"q": "paris h", "format": "opensearch", "segment": "startpage.defaultffx", "lui": "english"}),
    "wikipedia": ("en.wikipedia.org", "/w/api.php", "wikipedia.json", "application/json; charset=utf-8",
                  {"action": "opensearch", "format": "json", "formatversion": "2", "search": "paris h",
                   "namespace": "0", "limit": "10"}),
    "dbpedia": ("lookup.dbpedia.org", "/api/search.asmx/KeywordSearch", "dbpedia.xml", "application/xml",
                {"QueryString": "paris h"}),
    "mwmbl": ("api.mwmbl.org", "/search/complete", "mwmbl.json", "application/json", {"q": "paris h"}),
    "swisscows": ("swisscows.ch", "/api/suggest", "swisscows.json", "application/json",
                  {"query": "paris h", "itemsCount": "5"}),
    "yandex": ("suggest.yandex.com", "/suggest-ff.cgi", "yandex.json", "application/x-suggestions+json",
               {"part": "paris h"}),
    "seznam": ("suggest.seznam.cz", "/fulltext/cs", "seznam.json", "application/json",
               {"phrase": "paris h", "cursorPosition": "7", "format": "json-2", "highlight": "1", "count": "6"}),
    "naver": ("ac.search.naver.com", "/nx/ac", "naver.json", "application/json",
              {"q": "paris h", "r_format": "json", "st": "0"}),
    "baidu": ("www.baidu.com", "/sugrec", "baidu.json", "application/json",
              {"ie": "utf-8", "json": "1", "prod": "pc", "wd": "paris h"}),
    "360search": ("sug.so.360.cn", "/suggest", "360search.json", "application/json",
                  {"format": "json", "word": "paris h"}),
    "sogou": ("sor.html5.qq.com", "/api/getsug", "sogou.js", "application/javascript", {"key": "paris h"}),
    "quark": ("sugs.m.sm.cn", "/web", "quark.json", "application/json", {"q": "paris h"}),
    "bing": ("www.bing.com", "/AS/Suggestions", "bing.json", "application/json; charset=utf-8",
             {"qry": "paris h", "csr": "1"}),
    "privacywall": ("www.privacywall.org", "/search/secure/suggestions.php", "privacywall.json",
                    "application/json", {"q": "paris h"}),
    "kagi": ("kagisuggest.com", "/api/autosuggest", "kagi.json", "application/json", {"q": "paris h"}),
}

EXPECTED = {
    "duckduckgo": ["paris hilton", "paris hotels", "paris hauptstadt", "paris hotel", "paris hilton net worth",
                   "paris hbf"],
    # the <b> marks gone, the entity decoded once, the completion equal to the query left out
    "google": ["paris hilton", "paris hotels", "paris h&m"],
    "brave": ["paris hilton", "paris hotels", "paris hotel deals", "paris hauptstadt von"],
    "qwant": ["paris hilton", "paris hotels", "paris hauptstadt"],
    "startpage": ["paris hilton", "paris hotels", "paris hop on hop off"],
    "wikipedia": ["Paris Hilton", "Paris Hotel", "Paris Hauteville", "Paris Hilton discography"],
    "dbpedia": ["Paris Hilton", "Paris Hotel"],
    "mwmbl": ["paris hilton", "paris hotels"],  # go: and search: entries are links, not queries
    "swisscows": ["paris hilton", "paris hotels", "paris hauptstadt", "paris hbf", "paris hilton jung"],
    "yandex": ["paris hilton", "paris hotels", "paris hauptstadt"],
    "seznam": ["paris hilton", "paris hotely"],  # the entity item is no query
    "naver": ["paris hilton", "paris hotel", "paris hbf"],
    "baidu": ["paris hilton", "paris hotel"],
    "360search": ["paris hilton", "paris hotel"],
    "sogou": ["paris hilton", "paris hotel"],
    "quark": ["paris hilton", "paris hotel"],
    "bing": ["paris hilton", "paris hotels"],  # without Bing's private-use marks
    "privacywall": ["paris hilton", "paris hotels"],
    "kagi": ["paris hilton", "paris hotels"],
}

MUST = ("duckduckgo", "google", "brave", "qwant", "startpage", "wikipedia", "dbpedia", "mwmbl", "swisscows")
SHOULD = ("yandex", "seznam", "naver", "baidu", "360search", "sogou", "quark", "bing", "privacywall")


@pytest.fixture
def suggest_client(engine_client: Any) -> Any:
    """``suggest_client(backend, **search)``: a test client whose backend reaches the upstream-hosts double."""

    def build(backend: str, **search: Any) -> Any:
        return engine_client([], search={"autocomplete": backend, **search})

    return build


def route(hosts: Any, name: str, **reply: Any) -> None:
    host, path, fixture, content_type, _ = CASES[name]
    hosts.route(host, path, (FIXTURES / fixture).read_bytes(), content_type=content_type, **reply)


def test_every_backend_of_upstream_is_offered_and_tested() -> None:
    assert set(MUST) | set(SHOULD) <= set(NAMES)
    assert set(NAMES) == set(CASES) == set(EXPECTED)


@pytest.mark.parametrize("name", MUST + SHOULD + ("kagi",))
def test_backend_asks_its_real_endpoint_and_reads_its_answer(suggest_client, hosts, name) -> None:
    route(hosts, name)
    client = suggest_client(name)
    client.set_cookie("results_on_new_tab", "1")  # a cookie of the user's: it must stay here
    answer = client.get("/autocompleter", query_string={"q": "paris h"}, headers={"Accept-Language": "en"})
    assert answer.status_code == 200
    assert answer.get_json() == ["paris h", EXPECTED[name]]
    (seen,) = hosts.seen  # one request, to the backend's own host, over TLS through the proxy
    host, path, _, _, args = CASES[name]
    assert seen.method == "GET" and seen.url.startswith(f"https://{host}{path}")
    assert args == {k: seen.arg(k) for k in args}
    assert "Mozilla/5.0" in seen.headers["user-agent"]  # the engines' user agent, not the user's
    assert ("cookie" in seen.headers) == (name == "brave")  # no cookie of the user's, ever
    assert hosts.unrouted == []


def test_brave_asks_for_every_country_and_bing_a_fresh_cvid(suggest_client, hosts) -> None:
    route(hosts, "brave")
    suggest_client("brave").get("/autocompleter?q=paris+h")
    assert hosts.seen[0].headers["cookie"] == "country=all"
    route(hosts, "bing")
    client = suggest_client("bing", autocomplete_cache_ttl=0)
    client.get("/autocompleter?q=paris+h")
    client.get("/autocompleter?q=paris+h")
    cvids = [s.arg("cvid") or "" for s in hosts.requests_to("www.bing.com")]
    assert len(cvids) == 2 and cvids[0] != cvids[1]
    assert all(len(c) == 32 and set(c) <= set(string.ascii_uppercase + string.digits) for c in cvids)


@pytest.mark.parametrize(("name", "arg", "value"), [
    ("duckduckgo", "kl", "de-de"), ("google", "hl", "de"), ("qwant", "locale", "de_DE"),
    ("startpage", "lui", "deutsch"), ("kagi", "r", "de"), ("privacywall", "cc", "DE"),
])
def test_the_search_language_reaches_the_backend(suggest_client, hosts, name, arg, value) -> None:
    route(hosts, name)
    client = suggest_client(name)
    client.set_cookie("language", "de-DE")
    assert client.get("/autocompleter?q=paris+h").get_json()[1] == EXPECTED[name]
    assert hosts.seen[0].arg(arg) == value


def test_wikipedia_asks_the_wiki_of_the_language_and_the_query_prefix_wins(suggest_client, hosts) -> None:
    hosts.route("fr.wikipedia.org", "/w/api.php", (FIXTURES / "wikipedia.json").read_bytes(),
                content_type="application/json")
    client = suggest_client("wikipedia")
    client.set_cookie("language", "de")
    answer = client.get("/autocompleter", query_string={"q": ":fr paris h"}).get_json()
    assert answer == [":fr paris h", [f":fr {s}" for s in EXPECTED["wikipedia"]]]
    assert [s.host for s in hosts.seen] == ["fr.wikipedia.org"]


def test_qwant_error_answer_gives_no_suggestions(suggest_client, hosts) -> None:
    hosts.route("api.qwant.com", "/v3/suggest", (FIXTURES / "qwant_error.json").read_bytes(),
                content_type="application/json")
    assert suggest_client("qwant").get("/autocompleter?q=paris+h").get_json() == ["paris h", []]
