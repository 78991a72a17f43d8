"""The hostnames plugin: SearXNG's rules on every result that leaves the instance, and their attacks."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlsplit

import lxml.etree
import lxml.html
import pytest
import yaml

from searx import settings as settings_mod
from searx.errors import SettingsError
from searx.mcp import search_tool
from searx.plugins import PluginManager, SearchContext
from searx.plugins.hostnames import RulesReader
from searx.plugins.hostrules import PROBES, Rule, from_settings
from searx.plugins.loader import load_plugins
from searx.reader.errors import ReaderError
from searx.results.search import SearchQuery
from searx.search.cache import SearchCache
from searx.search.runner import SearchRunner
from searx.store.memory import MemoryStore
from tests.conftest import SECRET, json_engine_entry, make_settings

RULES = {
    "remove": [r"(.*\.)?spam\.example\.net$"],
    "replace": {r"^beta\.example\.org$": "mirror.example.net"},
    "high_priority": [r"(.*\.)?gamma\.example\.org$", r"^shared\.example\.org$"],
    "low_priority": [r"(.*\.)?example\.org$"],
}


def engines(fake: Any) -> list[dict[str, Any]]:
    """alpha, beta and gamma on their own hosts, spam on spam.example.net; all share shared.example.org."""
    return [json_engine_entry(fake.url, "alpha"), json_engine_entry(fake.url, "beta"),
            json_engine_entry(fake.url, "gamma"), json_engine_entry(fake.url, "spam", extra="&host=spam.example.net")]


def hosts(urls: list[str]) -> list[str]:
    return [urlsplit(u).hostname or "" for u in urls]


@pytest.fixture
def app(app_factory: Any, fake_engine: Any) -> Any:
    return app_factory(make_settings(engines(fake_engine), hostnames=RULES, ai_summary={"base_url": "http://x/v1"},
                                     search={"formats": ["html", "json", "csv", "rss"]}))  # fmt: skip


def test_json_results_are_removed_rewritten_and_ranked(app: Any) -> None:
    data = app.test_client().get("/search", query_string={"q": "alpha", "format": "json"}).get_json()
    found = hosts([r["url"] for r in data["results"]])
    assert "spam.example.net" not in found and "beta.example.org" not in found
    assert found.count("mirror.example.net") == 7
    # high beats low: shared and gamma first (shared matches both lists), the low ones last
    assert set(found[:10]) == {"shared.example.org", "gamma.example.org"}
    assert set(found[10:]) == {"alpha.example.org", "mirror.example.net"}
    assert all(r["priority"] == ("high" if r["url"].startswith(("https://shared", "https://gamma")) else
                                 "" if "mirror" in r["url"] else "low") for r in data["results"])  # fmt: skip
    assert all(r["parsed_url"][1] == urlsplit(r["url"]).netloc for r in data["results"])


def _links(fmt: str, body: bytes) -> list[str]:
    if fmt == "csv":
        return [row.split(",")[1] for row in body.decode().splitlines()[1:] if row.endswith(",result")]
    if fmt == "rss":
        return [link.text or "" for link in lxml.etree.fromstring(body).iter("link")][1:]
    return [str(href) for href in lxml.html.fromstring(body).xpath("//ol[@class='results']//h3/a/@href")]


@pytest.mark.parametrize("fmt", ["html", "csv", "rss"])
def test_every_format_shows_the_rules_applied(app: Any, fmt: str) -> None:
    body = app.test_client().get("/search", query_string={"q": "alpha", "format": fmt}).get_data()
    found = hosts(_links(fmt, body))
    assert len(found) == 24 and {"mirror.example.net", "shared.example.org"} <= set(found)
    assert not {"spam.example.net", "beta.example.org"} & set(found)


def test_the_summary_evidence_holds_only_what_the_rules_let_through(app: Any) -> None:
    page = app.test_client().get("/search", query_string={"q": "what is beta?"}).get_data(as_text=True)
    evidence = json.loads(lxml.html.fromstring(page).get_element_by_id("ai-summary-data").text)["evidence"]
    sources = hosts([s["url"] for s in evidence["sources"]])
    assert sources and set(sources) <= {"shared.example.org", "gamma.example.org"}  # the high ones lead


def test_a_user_may_switch_the_plugin_off_as_in_searxng(app: Any) -> None:
    client = app.test_client()
    client.set_cookie("disabled_plugins", "hostnames")
    data = client.get("/search", query_string={"q": "alpha", "format": "json"}).get_json()
    assert "spam.example.net" in hosts([r["url"] for r in data["results"]])
    page = client.get("/preferences").get_data(as_text=True)
    assert 'name="plugin_hostnames"' in page


def test_mcp_web_search_gets_the_shaped_results(app: Any) -> None:
    svc = app.extensions["searx"]
    args = search_tool.parse({"query": "alpha", "max_results": 10})
    out = search_tool.render(search_tool.run(search_tool.search_query(args, svc), svc), args, "searx-ai")
    assert out.structured is not None
    found = hosts([item["url"] for item in out.structured["results"]])
    assert len(found) == 10 and not {"spam.example.net", "beta.example.org"} & set(found)
    assert "spam.example.net" not in out.text


def test_images_news_and_videos_tabs(app_factory: Any, fake_engine: Any) -> None:
    base = fake_engine.url
    media = [
        {"name": "commons", "engine": "wikicommons", "base_url": f"{base}/commons", "enable_http": True,
         "categories": ["images"]},
        {"name": "news", "engine": "bing_news", "base_url": f"{base}/bingnews", "enable_http": True,
         "categories": ["news"]},
        {"name": "tube", "engine": "dailymotion", "base_url": f"{base}/dailymotion", "enable_http": True,
         "categories": ["videos"]},
    ]
    rules = {"replace": {r"^img\.example\.org$": "pics.example.net", r"^video\.example\.org$": "tube.example.net"},
             "remove": [r"^news\.example\.org$"]}  # fmt: skip
    client = app_factory(make_settings(media, hostnames=rules)).test_client()
    for tab in ("images", "videos"):
        data = client.get("/search", query_string={"q": "cat", "categories": tab, "format": "json"}).get_json()
        links = [r.get(k) for r in data["results"] for k in ("url", "img_src", "thumbnail_src", "thumbnail")]
        assert data["results"] and not any("img.example.org" in (u or "") for u in links), tab
        page = client.get("/search", query_string={"q": "cat", "categories": tab}).get_data(as_text=True)
        assert "pics.example.net" in page and "img.example.org" not in page, tab
    videos = client.get("/search", query_string={"q": "cat", "categories": "videos", "format": "json"}).get_json()
    assert set(hosts([r["url"] for r in videos["results"]])) == {"tube.example.net"}
    news = client.get("/search", query_string={"q": "cat", "categories": "news", "format": "json"}).get_json()
    assert news["results"] == [] and news["unresponsive_engines"] == []


def test_answer_and_infobox_links_follow_the_rules() -> None:
    from searx.results.types import Answer, Infobox, ResultSet

    plugin = {p.id: p for p in load_plugins(make_settings([], hostnames=RULES))}["hostnames"]
    results = ResultSet(answers=[Answer(answer="a", url="https://spam.example.net/x"),
                                 Answer(answer="b", url="https://beta.example.org/y")],
                        infoboxes=[Infobox(infobox="i", img_src="https://spam.example.net/p.png",
                                           urls=[{"title": "s", "url": "https://spam.example.net/"},
                                                 {"title": "b", "url": "https://beta.example.org/z"}])])  # fmt: skip
    plugin.post_search(SearchContext("q", 1, "general", "json", "all", 0, None, {}, results=results))
    assert [a.url for a in results.answers] == ["", "https://mirror.example.net/y"]
    assert results.infoboxes[0].img_src == "" and results.infoboxes[0].urls == [
        {"title": "b", "url": "https://mirror.example.net/z"}]  # fmt: skip


def test_a_rule_change_never_serves_cached_results(fake_engine: Any) -> None:
    from searx.engines import load_engines
    from searx.network.client import EngineNetwork
    from searx.settings import Outgoing

    store, network = MemoryStore(), EngineNetwork(Outgoing())
    try:
        def search(rules: dict[str, Any]) -> tuple[list[str], bool]:
            manager = PluginManager(load_plugins(make_settings([], hostnames=rules)), raise_errors=True)
            runner = SearchRunner(load_engines(engines(fake_engine)), network, manager,
                                  cache=SearchCache(store, 300))  # fmt: skip
            sq = SearchQuery(query="cache", engines=tuple(runner.engines))
            ctx = SearchContext("cache", 1, "general", "json", "all", 0, None, {})
            out = runner.run(sq, ctx, manager.active(), client="me")
            return hosts([r.url for r in out.results.results]), out.cached

        first, cached = search({"remove": [r"^spam\.example\.net$"]})
        assert "spam.example.net" not in first and not cached
        assert search({"remove": [r"^spam\.example\.net$"]})[1]  # the same rules: from the cache
        changed, cached = search({"remove": [r"^alpha\.example\.org$"]})
        assert not cached and "spam.example.net" in changed and "alpha.example.org" not in changed
    finally:
        network.close()


def test_the_summary_reads_no_page_of_a_removed_host() -> None:
    rules = from_settings(make_settings([], hostnames=RULES))
    assert rules is not None
    read: list[str] = []

    class Reader:
        api_enabled = True

        def read(self, url: str, **kwargs: Any) -> Any:
            read.append(url)
            final = "https://www.spam.example.net/landing" if "redirect" in url else url
            return SimpleNamespace(final_url=final, document=SimpleNamespace(text="page"))

    reader = RulesReader(Reader(), rules)  # type: ignore[arg-type]
    assert reader.read("https://alpha.example.org/a").final_url == "https://alpha.example.org/a"
    with pytest.raises(ReaderError) as refused:
        reader.read("https://spam.example.net/a")
    assert refused.value.code == "address_refused"
    with pytest.raises(ReaderError):
        reader.read("https://alpha.example.org/redirect")  # read, but its text is not used
    assert read == ["https://alpha.example.org/a", "https://alpha.example.org/redirect"]


def test_the_summary_service_gets_the_guarded_reader(app: Any) -> None:
    assert isinstance(app.extensions["searx"].summary._reader, RulesReader)


# --- the rules themselves -------------------------------------------------------------


def test_urls_keep_their_port_path_and_userinfo() -> None:
    rules = from_settings(make_settings([], hostnames={"replace": {r"(.*\.)?youtube\.com$": "yt.example.com"}}))
    assert rules is not None
    assert rules.url("https://user@www.youtube.com:8443/watch?v=1#t")[0] == "https://user@yt.example.com:8443/watch?v=1#t"
    assert rules.url("/collections/manual/3")[0] == "/collections/manual/3"  # a path of this instance
    assert rules.url("https://" + "a" * 250 + ".com/")[0] is None  # no host name is that long


@pytest.mark.parametrize(("kind", "value", "message"), [
    ("remove", ["(unclosed"], r"hostnames\.remove\[0\]: not a valid regular expression"),
    ("remove", ["ok", ""], r"hostnames\.remove\[1\]: expected a regular expression"),
    ("replace", {"[z-a]": "x.example"}, r"hostnames\.replace\['\[z-a\]'\]: not a valid regular expression"),
    ("replace", {"ok": 3}, r"hostnames\.replace\[\.\.\.\]: Expected `str`, got `int`"),
    ("replace", {"x(y)": r"\2.example"}, r"hostnames\.replace\['x\(y\)'\]: the replacement names group '2'"),
    ("replace", {"x(y)": r"\g<sub>.example"}, r"hostnames\.replace\['x\(y\)'\]: the replacement names group 'sub'"),
    ("replace", {"x(y)": "y.example\\"}, r"hostnames\.replace\['x\(y\)'\]: the replacement ends with a lone"),
    ("high_priority", ["(a|a)+$"], r"hostnames\.high_priority\[0\]: the pattern backtracks without end"),
    ("low_priority", ["(.*){1,32000}[bc]"], r"hostnames\.low_priority\[0\]: the pattern backtracks without end"),
])  # fmt: skip
def test_a_bad_pattern_stops_start_up_naming_the_key(kind: str, value: Any, message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        load_plugins(make_settings([], hostnames={kind: value}))


def test_a_bomb_the_probes_miss_costs_one_timeout_and_keeps_the_result(fake_engine: Any, app_factory: Any,
                                                                       caplog: Any) -> None:  # fmt: skip
    host = "x" * 40 + "-.example.org"
    app = app_factory(make_settings([json_engine_entry(fake_engine.url, "bomb", extra=f"&host={host}")],
                                    hostnames={"remove": [r"^(x|x)+\.example\.org$"]}))  # fmt: skip
    assert all(Rule("probe", r"^(x|x)+\.example\.org$").search(probe) is None for probe in PROBES)
    with caplog.at_level(logging.WARNING, logger="searx.plugins.hostnames"):
        data = app.test_client().get("/search", query_string={"q": "bomb", "format": "json"}).get_json()
    assert host in hosts([r["url"] for r in data["results"]])  # counted as no match
    assert "hostnames.remove[0]: ran out of time" in caplog.text


def _settings_file(tmp_path: Path, hostnames: dict[str, Any]) -> Path:
    path = tmp_path / "settings.yml"
    path.write_text(yaml.safe_dump({"use_default_settings": True, "server": {"secret_key": SECRET},
                                    "hostnames": hostnames}))  # fmt: skip
    return path


def test_rules_files_next_to_settings_yml(tmp_path: Path) -> None:
    (tmp_path / "rewrite-hosts.yml").write_text("'(.*\\.)?youtube\\.com$': 'yt.example.com'\n")
    (tmp_path / "remove-hosts.yml").write_text("- '(.*\\.)?facebook\\.com$'\n")
    (tmp_path / "high.yml").write_text("- 'wikipedia\\.org$'\n")
    (tmp_path / "low.yml").write_text("- 'pinterest\\.com$'\n")
    settings = settings_mod.load(_settings_file(tmp_path, {"replace": "rewrite-hosts.yml", "remove": "remove-hosts.yml",
                                                           "high_priority": "high.yml", "low_priority": "low.yml"}))
    rules = from_settings(settings)
    assert rules is not None and rules.count == 4
    assert rules.url("https://m.youtube.com/x")[0] == "https://yt.example.com/x"
    assert rules.removes("https://www.facebook.com/")
    assert rules.url("https://en.wikipedia.org/")[1] == "high" and rules.url("https://pinterest.com/")[1] == "low"


@pytest.mark.parametrize(("make", "message"), [
    (lambda d: None, r"cannot read the rules file .*missing\.yml: No such file or directory"),
    (lambda d: (d / "missing.yml").mkdir(), r"cannot read the rules file .*missing\.yml: Is a directory"),
    (lambda d: (d / "missing.yml").write_bytes(b"- '\xff\xfe'\n"), r"missing\.yml is not UTF-8 text"),
    (lambda d: (d / "missing.yml").write_text("- [unclosed\n"), r"missing\.yml is not valid YAML"),
    (lambda d: (d / "missing.yml").write_text("a: b\n"), r"hostnames\.remove \(missing\.yml\): expected a list"),
    (lambda d: (d / "missing.yml").write_text("- '(bad'\n"), r"hostnames\.remove \(missing\.yml\)\[0\]: not a valid"),
])  # fmt: skip
def test_a_rules_file_that_cannot_be_used_stops_start_up_naming_the_key(tmp_path: Path, make: Any,
                                                                        message: str) -> None:  # fmt: skip
    make(tmp_path)
    settings = settings_mod.load(_settings_file(tmp_path, {"remove": "missing.yml"}))
    with pytest.raises(SettingsError, match=message):
        load_plugins(settings)
    with pytest.raises(SettingsError, match=r"^hostnames\.remove"):
        from searx.services import check

        check(settings)


def test_the_digest_changes_with_any_rule() -> None:
    digests = set()
    for rules in ({"remove": ["a"]}, {"remove": ["b"]}, {"low_priority": ["a"]}, {"replace": {"a": "x.example"}},
                  {"replace": {"a": "y.example"}}):  # fmt: skip
        found = from_settings(make_settings([], hostnames=rules))
        assert found is not None
        digests.add(found.digest)
    assert len(digests) == 5


PATTERNS = [r"(.*\.)?facebook\.com$", r"^(www\.)?twitter\.com$", r"(?i)YouTube\.com", r"goo?gle\.", r"ab+c\.d",
            r"x{2,3}y\.z", r"[a\]b]cd\.e", r"\d+\.example", r"\bexample\b", r"a\.b|c\.d", r"(?:sub\.)?site\.org$",
            r"[[:alpha:]]\.com$", r"[[:alnum:]-]+\.site\.org", r"x[[]y\.z"]


@pytest.mark.parametrize("pattern", PATTERNS)
def test_the_prefilter_never_hides_a_match(pattern: str) -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    rule = Rule("t", pattern)
    pieces = ["facebook", "twitter", "youtube", "google", "gogle", "abbc", "xxy", "xxxy", "]cd", "bcd", "123",
              "example", "site", "sub", "org", "com", "z", "d", "e", ".", "www", "a", "b", "c", "-"]  # fmt: skip

    @settings(max_examples=150, deadline=None)
    @given(st.lists(st.sampled_from(pieces), min_size=1, max_size=8))
    def check(parts: list[str]) -> None:
        host = "".join(parts)
        assert (rule.search(host) is not None) == (rule.pattern.search(host) is not None), (pattern, host)

    check()


@pytest.mark.parametrize(("pattern", "host"), [
    (r"[[:alpha:]]\.com$", "a.com"),  # a POSIX class: its first "]" does not close the set
    (r"^[[:alnum:]-]+\.spam\.net$", "w-1.spam.net"),
    (r"^x[[]y\.z$", "x[y.z"),
])  # fmt: skip
def test_a_set_holding_a_bracket_never_hides_a_removed_host(pattern: str, host: str) -> None:
    rules = from_settings(make_settings([], hostnames={"remove": [pattern]}))
    assert rules is not None and rules.remove[0].pattern.search(host)
    assert rules.decide(host).remove


@pytest.mark.parametrize("url", ["https://spam.example.net:99999/", "https://spam.example.net:port/", "https://[::1/"])
def test_a_url_whose_host_or_port_cannot_be_read_is_dropped(url: str) -> None:
    rules = from_settings(make_settings([], hostnames=RULES))
    assert rules is not None and rules.url(url) == (None, "")


def test_a_hundred_rules_decide_a_host_once(caplog: Any) -> None:
    rules = from_settings(make_settings([], hostnames={"remove": [rf"(.*\.)?site{i}\.example$" for i in range(100)]}))
    assert rules is not None
    assert rules.removes("https://www.site42.example/") and not rules.removes("https://www.site420.example/")
    before = rules.decide.cache_info().hits
    for _ in range(10):
        rules.url("https://www.site42.example/page")
    assert rules.decide.cache_info().hits == before + 10
    assert re.fullmatch(r"[0-9a-f]{16}", rules.digest)


def test_the_links_of_every_result_kind_follow_the_rules() -> None:
    from searx.results.types import MapResult, PaperResult

    plugin = {p.id: p for p in load_plugins(make_settings([], hostnames=RULES))}["hostnames"]
    ctx = SearchContext("q", 1, "general", "json", "all", 0, None, {})
    paper = PaperResult(url="https://alpha.example.org/p", title="p", pdf_url="https://spam.example.net/p.pdf",
                        html_url="https://beta.example.org/p.html")  # fmt: skip
    place = MapResult(url="https://alpha.example.org/m", title="m", links=[
        {"label": "a", "url": "https://spam.example.net/"}, {"label": "b", "url": "https://beta.example.org/b"}])
    assert plugin.on_result(ctx, paper) and plugin.on_result(ctx, place)
    assert (paper.pdf_url, paper.html_url) == ("", "https://mirror.example.net/p.html")
    assert place.links == [{"label": "b", "url": "https://mirror.example.net/b"}]


def test_a_replacement_may_use_the_patterns_groups() -> None:
    rules = from_settings(make_settings([], hostnames={"replace": {r"^(?P<sub>.*\.)?old\.example$": r"\g<sub>new.example",
                                                                   r"^(m\.)?wiki\.example$": r"\1wiki.example.net"}}))  # fmt: skip
    assert rules is not None
    assert rules.url("https://www.old.example/a")[0] == "https://www.new.example/a"
    assert rules.url("https://m.wiki.example/b")[0] == "https://m.wiki.example.net/b"


def test_the_lucky_bang_goes_where_the_rules_let_it(app_factory: Any, fake_engine: Any) -> None:
    spam = json_engine_entry(fake_engine.url, "spam", extra="&host=spam.example.net&overlap=0")  # every result on spam
    client = app_factory(make_settings([spam], hostnames=RULES)).test_client()
    typed = {"Sec-Fetch-Site": "none"}  # the user's own !! (another site's link never leaves the instance)
    assert client.get("/search", query_string={"q": "!! alpha"}, headers=typed).status_code == 200  # nothing left
    client.set_cookie("disabled_plugins", "hostnames")
    response = client.get("/search", query_string={"q": "!! alpha"}, headers=typed)
    assert response.status_code == 303 and urlsplit(response.headers["Location"]).hostname == "spam.example.net"
    beta = json_engine_entry(fake_engine.url, "beta", extra="&overlap=0")
    response = app_factory(make_settings([beta], hostnames=RULES)).test_client().get(
        "/search", query_string={"q": "!! a"}, headers=typed)
    assert response.status_code == 303 and urlsplit(response.headers["Location"]).hostname == "mirror.example.net"
