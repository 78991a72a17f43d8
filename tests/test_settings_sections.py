"""Unknown keys: this project's sections stop start-up naming the key; SearXNG's accept them.

``services.check`` (what start-up runs) also checks the values that need more
than a type: outgoing proxies and CA bundle, the store URL.
"""

from __future__ import annotations

import msgspec
import pytest

from searx import settings as settings_mod
from searx.errors import SettingsError
from searx.services import check

SECRET = "s" * 40
# SearXNG's own sections: a SearXNG settings.yml must keep working, so their extra keys are accepted
SEARXNG_SECTIONS = {"general", "search", "server", "ui", "preferences", "outgoing", "valkey", "plugins", "engines",
                    "categories_as_tabs", "brand", "redis", "enabled_plugins", "doi_resolvers", "default_doi_resolver",
                    "hostnames"}
NOT_SECTIONS = {"engines", "plugins", "categories_as_tabs", "enabled_plugins", "doi_resolvers", "default_doi_resolver"}


def start(data: dict) -> None:
    data = {**data, "server": {"secret_key": SECRET, **data.get("server", {})}}
    check(settings_mod.validate(data))


def own_sections() -> list[str]:
    return [f.name for f in msgspec.structs.fields(settings_mod.Settings)
            if f.name not in SEARXNG_SECTIONS and f.name not in settings_mod.LOADER_FIELDS]


def test_the_project_has_own_sections():
    assert {"ai_summary", "store", "limiter"} <= set(own_sections())


@pytest.mark.parametrize("name", own_sections())
def test_an_unknown_key_in_an_own_section_stops_start_up_naming_it(name):
    with pytest.raises(SettingsError) as err:
        start({name: {"no_such_key": {"limit": 1}}})
    assert str(err.value).startswith(f"{name}.no_such_key"), str(err.value)


@pytest.mark.parametrize(("data", "key"), [
    ({"ai_summary": {"base_ulr": "http://127.0.0.1:1/v1"}}, "ai_summary.base_ulr"),
    ({"store": {"adress": "valkey://x"}}, "store.adress"),
    ({"limiter": {"search": {"limt": 3}}}, "limiter.search.limt"),
])
def test_typos_name_the_key(data, key):
    with pytest.raises(SettingsError) as err:
        start(data)
    assert str(err.value).startswith(key)


@pytest.mark.parametrize("name", sorted(SEARXNG_SECTIONS - NOT_SECTIONS))
def test_searxng_sections_keep_accepting_keys_this_project_does_not_use(name):
    start({name: {"a_key_only_searxng_knows": True}})


def test_searxng_plugin_and_engine_entries_keep_their_extra_keys():
    start({"plugins": {"hash_plugin": {"active": False, "extra": 1}},
           "engines": [{"name": "w", "engine": "wikipedia", "base_url": "https://en.wikipedia.org/", "tokens": []}]})


@pytest.mark.parametrize(("outgoing", "key"), [
    ({"proxies": "socks5://127.0.0.1:9050"}, "outgoing.proxies"),
    ({"proxies": {"all://": "ftp://x"}}, "outgoing.proxies.all://"),
    ({"proxies": {"https://": "http://proxy:notaport"}}, "outgoing.proxies.https://"),
    ({"proxies": "http://"}, "outgoing.proxies"),
    ({"verify": "/nonexistent/ca.pem"}, "outgoing.verify"),
])
def test_bad_outgoing_values_stop_start_up(outgoing, key):
    with pytest.raises(SettingsError) as err:
        start({"outgoing": outgoing})
    assert str(err.value).startswith(key + ":")


def test_a_ca_bundle_that_is_not_one_stops_start_up(tmp_path):
    bundle = tmp_path / "ca.pem"
    bundle.write_text("not a certificate\n")
    with pytest.raises(SettingsError, match=r"^outgoing\.verify"):
        start({"outgoing": {"verify": str(bundle)}})


def test_good_outgoing_values_pass():
    start({"outgoing": {"proxies": {"all://": "http://127.0.0.1:3128"}, "verify": False}})
    start({"outgoing": {"proxies": "https://proxy.example:8443", "verify": True}})


@pytest.mark.parametrize(("store", "key"), [
    ({"url": "http://localhost"}, "store.url"),
    ({"url": "valkey://127.0.0.1:notaport/0"}, "store.url"),
    ({"max_keys": 0}, "store.max_keys"),
    ({"timeout": 0}, "store.timeout"),
    ({"max_keys": True}, "store.max_keys"),
    ({"max_bytes": 1000}, "store.max_bytes"),
])
def test_bad_store_values_stop_start_up(store, key):
    with pytest.raises(SettingsError) as err:
        start({"store": store})
    assert str(err.value).startswith(key)


@pytest.mark.parametrize(("section", "meant"), [("ai_sumary", "ai_summary"), ("stor", "store"), ("limitter", "limiter")])
def test_a_misspelt_own_section_stops_start_up(section, meant):
    with pytest.raises(SettingsError, match=rf"^{section}: unknown section \(did you mean {meant}\?\)"):
        start({section: {"base_url": "http://127.0.0.1:1/v1"}})


def test_searxng_top_level_sections_are_still_accepted():
    start({"brand": {"new_issue_url": "x"}, "doi_resolvers": {}, "checker": {"off": True}, "result_proxy": {},
           "redis": {"url": False}, "enabled_plugins": [], "default_doi_resolver": "oadoi.org", "engine": 1})


def test_the_own_sections_are_known_to_settings():
    assert set(settings_mod.own_sections()) <= set(own_sections())
    assert {"ai_summary", "store", "limiter"} <= set(settings_mod.own_sections())
