"""The IT engines (docker_hub, pypi, archlinux; gentoo is a mediawiki entry): what they ask, the
package and wiki results they read from pages built from the public API and page shapes
(tests/engines/fixtures/SOURCES.md), and their bad cases."""

from __future__ import annotations

from typing import Any

import lxml.html
import pytest
from engine_kit import args, build, fixture, make_engine, parse
from test_answers_engines import ANUBIS, entries, typed

from searx.errors import EngineCaptcha, EngineParseError
from searx.results.types import PackageResult

HTML = "text/html; charset=utf-8"


# --- docker_hub ------------------------------------------------------------------------------


def test_docker_hub_request() -> None:
    p = build("docker_hub", "nginx", pageno=3, language="de-DE", safesearch=2)
    assert p["url"].startswith("https://hub.docker.com/api/search/v3/catalog/search?")
    assert args(p["url"]) == {"query": "nginx", "from": "20", "size": "10"}, "no language or safe search"
    engine = make_engine("docker_hub")
    assert engine.paging and not engine.time_range_support


@pytest.mark.parametrize(("path", "other_url"), [
    ("docker_hub/v3_catalog_search_nginx_reconstructed.json", "https://hub.docker.com/r/bitnami/nginx"),
    ("docker_hub/v4_search_nginx_reconstructed.json", "https://hub.docker.com/r/nginx/nginx-ingress"),
])
def test_docker_hub_packages_from_both_api_shapes(path: str, other_url: str) -> None:
    results = typed(parse("docker_hub", fixture(path), content_type="application/json"), "docker hub", "it")
    assert all(isinstance(r, PackageResult) and r.kind == "packages.html" for r in results)
    nginx, other = results
    assert nginx.url == "https://hub.docker.com/_/nginx", "an official image"
    assert (nginx.package_name, nginx.maintainer) == ("nginx", "Docker Official Images")
    assert nginx.popularity == "1B+ pulls, 20854 stars" and nginx.tags[:2] == ["amd64", "arm64"]
    assert nginx.thumbnail == "https://d1q6f0aelx0por.cloudfront.net/product-logos/library-nginx-logo.png"
    assert nginx.publishedDate == "2026-11-25T09:31:09.830297Z" and nginx.content == "Official build of Nginx."
    assert other.url == other_url, "not official: /r/<slug>"


def test_docker_hub_v3_reads_pulls_and_architectures_from_rate_plans() -> None:
    body = fixture("docker_hub/v3_catalog_search_nginx_reconstructed.json")
    (_, bitnami) = typed(parse("docker_hub", body, content_type="application/json"), "docker hub", "it")
    assert bitnami.url == "https://hub.docker.com/r/bitnami/nginx" and bitnami.maintainer == "VMware"
    assert bitnami.popularity == "500M+ pulls, 199 stars" and bitnami.tags == ["amd64", "arm64"]
    assert bitnami.thumbnail.endswith("bitnami-nginx-logo.png?s=50"), "the small logo when there is no large one"


def test_docker_hub_bad_cases() -> None:
    empty = fixture("docker_hub/v3_catalog_search_empty_reconstructed.json")
    assert parse("docker_hub", empty, content_type="application/json") == []
    with pytest.raises(EngineCaptcha):
        parse("docker_hub", fixture("synthetic/cloudflare_just_a_moment.html"))
    with pytest.raises(EngineParseError, match="docker_hub"):
        parse("docker_hub", b'{"summaries": []}', content_type="application/json")


# --- pypi -------------------------------------------------------------------------------------


def test_pypi_request() -> None:
    p = build("pypi", "requests", pageno=2, language="fr", safesearch=1, time_range="day")
    assert p["url"] == "https://pypi.org/search/?q=requests&page=2"
    assert make_engine("pypi").paging and not make_engine("pypi").time_range_support


def test_pypi_packages() -> None:
    items = parse("pypi", fixture("pypi/search_requests_page1_reconstructed.html"))
    results = typed(items, "pypi", "it")
    assert [r.url for r in results] == ["https://pypi.org/project/requests/", "https://pypi.org/project/requests-toolbelt/",
                                        "https://pypi.org/project/requests-oauthlib/"]
    first = results[0]
    assert isinstance(first, PackageResult)
    assert (first.package_name, first.version, first.content) == ("requests", "2.32.5", "Python HTTP for Humans.")
    assert first.publishedDate == "2025-08-18T20:46:00+0000"


def test_pypi_bad_cases() -> None:
    assert parse("pypi", fixture("pypi/search_no-results_reconstructed.html")) == []
    with pytest.raises(EngineCaptcha, match="fastly-challenge"):
        parse("pypi", fixture("pypi/fastly_client-challenge_reconstructed.html"))
    with pytest.raises(EngineParseError, match="package-snippet"):
        parse("pypi", b'<html><body><form action="/search/"></form><main>Results</main></body></html>')


# --- archlinux --------------------------------------------------------------------------------


def test_archlinux_request_by_language() -> None:
    en = build("archlinux", "systemd", language="en-US", pageno=2)
    assert en["url"].startswith("https://wiki.archlinux.org/index.php?")
    assert args(en["url"]) == {"search": "systemd", "title": "Special:Search", "fulltext": "1", "limit": "20",
                               "offset": "20", "profile": "default"}
    assert en["headers"]["User-Agent"].startswith("searx-ai/"), "Anubis lets a named client through"
    fr = args(build("archlinux", "pacman", language="fr-FR")["url"])
    assert fr["search"] == "pacman (Français)" and fr["title"] == "Special:Search"
    de = build("archlinux", "systemd", language="de")["url"]
    assert de.startswith("https://wiki.archlinux.de/index.php?") and args(de)["title"] == "Spezial:Suche"
    assert args(de)["search"] == "systemd"
    zh = build("archlinux", "systemd", language="zh-CN")["url"]
    assert zh.startswith("https://wiki.archlinuxcn.org/wzh/index.php?") and args(zh)["title"] == "Special:搜索"
    assert build("archlinux", "x", language="ja")["url"].startswith("https://wiki.archlinux.jp/index.php?")
    assert args(build("archlinux", "x", safesearch=2)["url"]) == args(build("archlinux", "x")["url"])
    assert not make_engine("archlinux").time_range_support


def test_archlinux_results_link_into_the_language_wiki() -> None:
    results = typed(parse("archlinux", fixture("archlinux/special-search_systemd_en_reconstructed.html")),
                    "arch linux wiki", "it")
    assert [r.url for r in results] == ["https://wiki.archlinux.org/title/Systemd",
                                        "https://wiki.archlinux.org/title/Systemd/User",
                                        "https://wiki.archlinux.org/title/Systemd-networkd"]
    assert results[1].title == "Systemd/User"
    assert results[0].content.startswith("From the project web page: systemd is a suite of basic building blocks")
    (german,) = typed(parse("archlinux", fixture("archlinux/special-suche_systemd_de_reconstructed.html"),
                            language="de-DE"), "arch linux wiki", "it")
    assert german.url == "https://wiki.archlinux.de/title/Systemd"


def test_archlinux_bad_cases() -> None:
    assert parse("archlinux", fixture("archlinux/special-search_nonefound_reconstructed.html")) == []
    with pytest.raises(EngineCaptcha, match="anubis"):
        parse("archlinux", fixture(ANUBIS))
    with pytest.raises(EngineParseError, match="mw-search-results"):
        parse("archlinux", b"<html><body><div id='content'><ol class='results'></ol></div></body></html>")


# --- the whole app, each engine unchanged against its real request URL ----------------------------


def test_docker_hub_and_pypi_through_the_app(engine_client: Any, hosts: Any) -> None:
    hosts.route("hub.docker.com", "/api/search/v3/catalog/search",
                fixture("docker_hub/v3_catalog_search_nginx_reconstructed.json"), content_type="application/json")
    hosts.route("pypi.org", "/search/", fixture("pypi/search_requests_page1_reconstructed.html"))
    client = engine_client(entries("docker hub", "pypi"))
    body = client.get("/search?q=nginx&categories=it&format=json&pageno=2").get_json()
    by_engine = {r["engine"]: r for r in reversed(body["results"])}
    nginx = by_engine["docker hub"]
    assert nginx["template"] == "packages.html" and nginx["package_name"] == "nginx"
    assert nginx["popularity"] == "1B+ pulls, 20854 stars" and nginx["maintainer"] == "Docker Official Images"
    assert by_engine["pypi"]["version"] and by_engine["pypi"]["url"].startswith("https://pypi.org/project/")
    docker = next(s for s in hosts.seen if s.host == "hub.docker.com")
    assert docker.arg("query") == "nginx" and docker.arg("from") == "10" and docker.arg("size") == "10"
    assert next(s for s in hosts.seen if s.host == "pypi.org").arg("page") == "2"
    assert hosts.unrouted == [] and body["unresponsive_engines"] == []
    page = lxml.html.fromstring(client.get("/search?q=nginx&categories=it").data)
    facts = page.xpath("//article[contains(@class, 'result')]//dl[@class='package-facts']")
    assert len(facts) == 5 and "1B+ pulls, 20854 stars" in facts[0].text_content()
    assert "2.32.5" in page.text_content() and not page.xpath("//article//img"), "no third-party logo on the page"


def test_pypi_client_challenge_is_reported_as_a_captcha(engine_client: Any, hosts: Any) -> None:
    hosts.route("pypi.org", "/search/", fixture("pypi/fastly_client-challenge_reconstructed.html"))
    body = engine_client(entries("pypi")).get("/search?q=requests&categories=it&format=json").get_json()
    assert body["results"] == [] and body["unresponsive_engines"] == [["pypi", "CAPTCHA"]]


def test_arch_wiki_and_gentoo_through_the_app(engine_client: Any, hosts: Any) -> None:
    hosts.route("wiki.archlinux.org", "/index.php", fixture("archlinux/special-search_systemd_en_reconstructed.html"))
    hosts.route("wiki.gentoo.org", "/api.php", fixture("mediawiki/gentoo_list-search_systemd_reconstructed.json"),
                content_type="application/json")
    client = engine_client(entries("arch linux wiki", "gentoo"))
    body = client.get("/search?q=systemd&categories=it&format=json").get_json()
    urls = {r["url"] for r in body["results"]}
    assert "https://wiki.archlinux.org/title/Systemd" in urls and "https://wiki.gentoo.org/wiki/Systemd" in urls
    assert "https://wiki.gentoo.org/wiki/Handbook:AMD64/Installation/System#Init_and_boot_configuration" in urls
    arch = next(s for s in hosts.seen if s.host == "wiki.archlinux.org")
    assert arch.arg("search") == "systemd" and arch.arg("fulltext") == "1"
    assert arch.headers["user-agent"].startswith("searx-ai/")
    gentoo = next(s for s in hosts.seen if s.host == "wiki.gentoo.org")
    assert gentoo.arg("srsearch") == "systemd" and gentoo.arg("srwhat") == "text" and hosts.unrouted == []


def test_arch_wiki_anubis_is_challenged(engine_client: Any, hosts: Any) -> None:
    hosts.route("wiki.archlinux.de", "/index.php", fixture(ANUBIS))
    body = engine_client(entries("arch linux wiki")).get(
        "/search?q=systemd&categories=it&language=de-DE&format=json").get_json()
    assert body["unresponsive_engines"] == [["arch linux wiki", "CAPTCHA"]]
    assert [s.host for s in hosts.seen] == ["wiki.archlinux.de"]


# --- both groups' entries: SearXNG's facts, on by default, and in the engine test report ---------

# name: (engine, shortcut, categories, timeout) as SearXNG's settings.yml ships them (all enabled)
GROUPS = {
    "currency": ("currency_convert", "cc", ["currency", "general"], 3.0),
    "wttr.in": ("wttr", "wttr", ["weather"], 9.0),
    "lingva": ("lingva", "lv", ["general", "translate"], 6.0),
    "mymemory translated": ("translated", "tl", ["general", "translate"], 5.0),
    "dictzone": ("dictzone", "dc", ["general", "translate"], 3.0),
    "wordnik": ("wordnik", "wnik", ["dictionaries", "define"], 5.0),
    "wiktionary": ("mediawiki", "wt", ["dictionaries", "wikimedia"], 4.0),
    "wikinews": ("mediawiki", "wn", ["news", "wikimedia"], 4.0),
    "docker hub": ("docker_hub", "dh", ["it", "packages"], 4.0),
    "pypi": ("pypi", "pypi", ["it", "packages"], 4.0),
    "arch linux wiki": ("archlinux", "al", ["it", "software wikis"], 4.0),
    "gentoo": ("mediawiki", "ge", ["it", "software wikis"], 10.0),
}


def test_use_default_settings_alone_enables_both_groups(tmp_path: Any, app_factory: Any) -> None:
    from searx import settings as settings_mod

    user = tmp_path / "settings.yml"
    user.write_text("use_default_settings: true\nserver:\n  secret_key: 'a-secret-of-the-test-suite-0123456789abcdef'\n")
    config = app_factory(settings_mod.load(user)).test_client().get("/config").get_json()
    engines = {e["name"]: e for e in config["engines"] if e["name"] in GROUPS}
    assert set(engines) == set(GROUPS)
    for name, (_, shortcut, categories, timeout) in GROUPS.items():
        assert (engines[name]["shortcut"], engines[name]["categories"], engines[name]["enabled"]) == \
            (shortcut, categories, True), name
        assert engines[name]["timeout"] == timeout, name
    assert {"it", "news", "weather", "translate", "currency", "packages", "software wikis"} <= set(config["categories"])
    modules = {e["name"]: e["engine"] for e in settings_mod.load(user).engines if e["name"] in GROUPS}
    assert modules == {name: fact[0] for name, fact in GROUPS.items()}


def test_the_engine_report_lists_every_engine_of_both_groups(engine_client: Any, hosts: Any) -> None:
    from searx.search.check import run_check

    hosts.route("duckduckgo.com", "/js/spice/currency/", fixture("currency_convert/spice_usd_eur_reconstructed.js"))
    client = engine_client(entries(*GROUPS))
    rows = {r["engine"]: r for r in run_check(client.application.extensions["searx"].runner, "10 usd in eur")}
    assert set(rows) == set(GROUPS)
    assert rows["currency"]["outcome"] == "ok"
    assert rows["lingva"]["outcome"] == "skipped", "not a translation query: no request"
    assert all(r["outcome"] in ("ok", "no_results", "skipped", "error") for r in rows.values()), rows
