"""SearXNG's default generic entries, as in our settings.yml, unchanged, against their real request URLs.

The upstream-hosts double (tests/upstream_hosts.py) answers as each site with a
reconstructed answer (fixtures/reconstructed/README.md); the request it records
is the one the real site would get.
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_kit import fixture

from searx import settings as settings_mod
from tests.upstream_hosts import UpstreamHosts

DEFAULTS = {e["name"]: e for e in settings_mod.load(settings_mod.DEFAULT_PATH).engines}
JSON = "application/json"

# name -> (host, path, fixture, content type, query, the URL the site gets, first result: url, title, content)
CASES = {
    "etymonline": ("etymonline.com", "/search", "etymonline_search_hello.html", "text/html", "hello",
                   "https://etymonline.com/search?page=1&q=hello", "https://etymonline.com/word/hello",
                   "hello (interj.)", "greeting between persons, 1826, variant of hallo, hollo."),
    "hoogle": ("hoogle.haskell.org", "/", "hoogle_search_map.html", "text/html", "map",
               "https://hoogle.haskell.org/?hoogle=map",
               "https://hackage.haskell.org/package/base/docs/Prelude.html#v:map",
               "map :: (a -> b) -> [a] -> [b]", "base Prelude"),
    "mdn": ("developer.mozilla.org", "/api/v1/search", "mdn_search_fetch.json", JSON, "fetch",
            "https://developer.mozilla.org/api/v1/search?q=fetch&page=1",
            "https://developer.mozilla.org/en-US/docs/Web/API/Window/fetch", "Window: fetch() method",
            "The fetch() method of the Window interface starts the process of fetching a resource from the network."),
    "mankier": ("www.mankier.com", "/api/v2/mans/", "mankier_mans_ls.json", JSON, "ls",
                "https://www.mankier.com/api/v2/mans/?q=ls", "https://www.mankier.com/1/ls", "ls(1)",
                "list directory contents"),
    "openairedatasets": ("api.openaire.eu", "/search/datasets", "openaire_datasets_climate.json", JSON, "climate",
                         "https://api.openaire.eu/search/datasets?format=json&page=1&size=10&title=climate",
                         "https://doi.org/10.5281/zenodo.1111111", "Climate station records 1950-2020",
                         "Daily temperature and precipitation."),
    "openairepublications": ("api.openaire.eu", "/search/publications", "openaire_publications_climate.json", JSON,
                             "climate",
                             "https://api.openaire.eu/search/publications?format=json&page=1&size=10&title=climate",
                             "https://doi.org/10.5281/zenodo.1111111", "Climate station records 1950-2020",
                             "Daily temperature and precipitation."),
}


def search(engine_client: Any, hosts: UpstreamHosts, name: str, **args: Any) -> dict[str, Any]:
    host, path, body, content_type, query, *_ = CASES[name]
    hosts.route(host, path, fixture(f"reconstructed/{body}"), content_type=content_type)
    client = engine_client([DEFAULTS[name]])
    return client.get("/search", query_string={"q": query, "format": "json", "engines": name, **args}).get_json()


@pytest.mark.parametrize("name", sorted(CASES))
def test_entry_asks_its_real_url_and_parses_the_answer(engine_client, hosts, name):
    *_, asked, url, title, content = CASES[name]
    body = search(engine_client, hosts, name)
    assert body["unresponsive_engines"] == []
    assert [s.url for s in hosts.seen] == [asked] and hosts.unrouted == []
    first = body["results"][0]
    assert (first["url"], first["title"], first["content"]) == (url, title, content)


def test_openaire_single_and_listed_nodes_both_parse(engine_client, hosts):
    body = search(engine_client, hosts, "openairedatasets")
    assert [(r["url"], r["title"], r["content"]) for r in body["results"]] == [
        ("https://doi.org/10.5281/zenodo.1111111", "Climate station records 1950-2020",
         "Daily temperature and precipitation."),
        ("https://doi.org/10.5061/dryad.2222", "Sea ice extent grids", "Monthly grids."),
    ]


def test_page_two_asks_the_sites_page_two(engine_client, hosts):
    search(engine_client, hosts, "mdn", pageno=2)
    assert hosts.seen[-1].url == "https://developer.mozilla.org/api/v1/search?q=fetch&page=2"


def test_markup_in_a_result_stays_text(engine_client, hosts):
    body = search(engine_client, hosts, "etymonline")
    odd = next(r for r in body["results"] if r["url"].endswith("/word/hello-kitty"))
    assert odd["title"] == "hello <kitty>" and odd["content"].startswith("<script>alert(1)</script>")


@pytest.mark.parametrize("name", ["askubuntu", "superuser", "stackoverflow"])
def test_stackexchange_entries_ask_their_site(engine_client, hosts, name):
    hosts.route("api.stackexchange.com", "/2.3/search/advanced", '{"items": [], "has_more": false}',
                content_type=JSON)
    engine_client([DEFAULTS[name]]).get(f"/search?q=grub&format=json&engines={name}")
    (seen,) = hosts.seen
    assert seen.path == "/2.3/search/advanced" and seen.arg("site") == name and seen.arg("q") == "grub"


def test_names_shortcuts_and_categories_are_searxngs():
    assert {n: (DEFAULTS[n]["shortcut"], tuple(DEFAULTS[n]["categories"])) for n in (*CASES, "askubuntu", "superuser")} == {
        "etymonline": ("et", ("dictionaries",)), "hoogle": ("ho", ("it", "packages")), "mdn": ("mdn", ("it",)),
        "mankier": ("man", ("it",)), "openairedatasets": ("oad", ("science",)),
        "openairepublications": ("oap", ("science",)), "askubuntu": ("ubuntu", ("it", "q&a")),
        "superuser": ("su", ("it", "q&a")),
    }
