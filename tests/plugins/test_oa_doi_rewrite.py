"""oa_doi_rewrite: DOI links go to the user's open-access resolver (doi_resolvers, the doi_resolver preference)."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

from searx.errors import SettingsError
from searx.plugins.loader import load_plugins
from searx.plugins.oa_doi_rewrite import extract
from tests.conftest import json_engine_entry, make_settings

RESOLVERS = {"oadoi.org": "https://oadoi.org/", "doi.org": "https://doi.org/", "mirror": "https://oa.example.net/doi/"}


@pytest.fixture
def app(app_factory: Any, fake_engine: Any) -> Any:
    # the fake engine's links are https://<host>/<query>/<rank>: a DOI query puts a DOI in every path
    settings = make_settings([json_engine_entry(fake_engine.url, "alpha", extra="&overlap=0")],
                             doi_resolvers=RESOLVERS, search={"cache_ttl": 300})
    return app_factory(msgspec.structs.replace(settings, default_doi_resolver="doi.org"))


def _urls(client: Any, q: str = "10.1000/xyz123") -> list[str]:
    return [r["url"] for r in client.get("/search", query_string={"q": q, "format": "json"}).get_json()["results"]]


def test_off_by_default(app: Any) -> None:
    assert all(u.startswith("https://alpha.example.org/10.1000/") for u in _urls(app.test_client()))


def test_dois_go_to_the_chosen_resolver_and_the_cache_keeps_each_choice_apart(app: Any) -> None:
    client = app.test_client()
    client.set_cookie("enabled_plugins", "oa_doi_rewrite")
    urls = _urls(client)
    assert urls and all(u.startswith("https://doi.org/10.1000/xyz123/") for u in urls)  # the instance's default
    client.set_cookie("doi_resolver", "mirror")
    assert all(u.startswith("https://oa.example.net/doi/10.1000/xyz123/") for u in _urls(client))
    client.set_cookie("doi_resolver", "no-such-resolver")  # an unknown choice: the default
    assert all(u.startswith("https://doi.org/") for u in _urls(client))
    assert all(u.startswith("https://alpha.example.org/") for u in _urls(client, "no doi here"))


def test_the_preferences_offer_the_resolvers(app: Any) -> None:
    page = app.test_client().get("/preferences").get_data(as_text=True)
    assert 'name="doi_resolver"' in page and '<option value="mirror"' in page


@pytest.mark.parametrize(("url", "doi"), [
    ("https://journal.example/article/10.1234/abc.5678/full", "10.1234/abc.5678"),
    ("https://journal.example/pdf/10.1234/abc.pdf", "10.1234/abc"),
    ("https://journal.example/view?doi=10.55555/x-y_z&lang=en", "10.55555/x-y_z"),
    ("https://journal.example/10.1/too-short-prefix", None),
    ("https://journal.example/10.1234/" + "x" * 60, None),
    ("https://journal.example/about", None),
])  # fmt: skip
def test_extract(url: str, doi: str | None) -> None:
    assert extract(url) == doi


def test_a_doi_with_url_characters_stays_one_path(app_factory: Any, fake_engine: Any) -> None:
    plugin = {p.id: p for p in load_plugins(make_settings([], doi_resolvers=RESOLVERS))}["oa_doi_rewrite"]
    from searx.plugins import SearchContext
    from searx.results.types import MainResult

    result = MainResult(url="https://j.example/view?doi=10.1234/a%23b%3Fc%3Cd", title="t")
    plugin.on_result(SearchContext("q", 1, "general", "json", "all", 0, None, {}), result)
    assert result.url == "https://oadoi.org/10.1234/a%23b%3Fc%3Cd"


def test_a_resolver_that_is_no_http_url_stops_start_up() -> None:
    settings = msgspec.structs.replace(make_settings([]), doi_resolvers={"evil": "javascript:alert(1)//"},
                                       default_doi_resolver="evil")  # fmt: skip
    with pytest.raises(SettingsError, match=r"doi_resolvers\.evil: give the resolver's http\(s\) URL"):
        load_plugins(settings)


def test_a_default_resolver_that_is_not_listed_stops_start_up() -> None:
    from searx import settings as settings_mod

    data = settings_mod.merge(settings_mod._read_yaml(settings_mod.DEFAULT_PATH), None)
    data.update(default_doi_resolver="sci-hub", server={"secret_key": "s" * 40})
    with pytest.raises(SettingsError, match=r"default_doi_resolver: 'sci-hub' is not a key of doi_resolvers"):
        settings_mod.validate(data)


def test_the_results_page_links_to_the_resolver(app: Any) -> None:
    client = app.test_client()
    client.set_cookie("enabled_plugins", "oa_doi_rewrite")
    page = client.get("/search", query_string={"q": "10.1000/xyz123"}).get_data(as_text=True)
    links = re.findall(r'<a href="(https://[^"]+)"', page)
    assert any(u.startswith("https://doi.org/10.1000/xyz123/") for u in links)
    assert not any(u.startswith("https://alpha.example.org/10.1000/") for u in links)
