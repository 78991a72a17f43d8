"""json_engine and xpath: SearXNG's keys, against the fake engine over HTTP."""

from __future__ import annotations

from searx.engines import json_engine, load_engines
from searx.plugins import PluginManager, SearchContext
from searx.results.search import SearchQuery
from searx.search.runner import SearchRunner


def search(network, entries, query="hello", **kw):
    runner = SearchRunner(load_engines(entries), network, PluginManager([], raise_errors=True))
    sq = SearchQuery(query=query, engines=tuple(runner.engines), **kw)
    return runner.run(sq, SearchContext(query, sq.pageno, "general", "json", "all", 0, None, {}), [])


def test_query_paths():
    data = {"a": {"items": [{"u": "x", "t": {"v": 1}}, {"u": "y"}, {"z": 1}]}}
    assert json_engine.query(data, "a/items/u") == ["x", "y"]
    assert json_engine.query(data, "a/items/0/t/v") == [1]
    assert json_engine.query(data, "a/missing") == []
    assert json_engine.query([{"k": 1}, {"k": 2}], "k") == [1, 2]
    # a one-key path on an object (the short way) finds what the long way finds
    assert json_engine.query(data, "a") == [data["a"]] and json_engine.query(data, "b") == []
    assert json_engine.query({"": 1}, "") == [{"": 1}], "an empty path is the value itself"


def test_json_engine_all_keys(fake_engine, network):
    entry = {
        "name": "j", "engine": "json_engine", "enable_http": True, "paging": True, "page_size": 10,
        "first_page_num": 0, "time_range_support": True, "time_range_map": {"week": "7d"},
        "time_range_url": "{time_range_val}",
        "search_url": fake_engine.url + "/json?q={query}&pageno={pageno}&site=j&lang={lang}&tr={time_range}",
        "results_query": "results", "url_query": "url", "url_prefix": "", "title_query": "title",
        "content_query": "content", "suggestion_query": "suggestions", "headers": {"X-Api": "k1"},
        "title_html_to_text": True,
    }
    out = search(network, [entry], query="café au lait", pageno=2, time_range="week", language="fr")
    path, args, headers = fake_engine.requests[-1]
    assert args == {"q": "café au lait", "pageno": "10", "site": "j", "lang": "fr", "tr": "7d"}
    assert headers.get("X-Api") == "k1"
    assert len(out.results.results) == 10
    assert out.results.suggestions == ["café au lait more"]
    assert out.results.results[0].title.startswith("café au lait result")


def test_json_engine_post_with_request_body(fake_engine, network):
    entry = {"name": "p", "engine": "json_engine", "enable_http": True, "method": "POST",
             "search_url": fake_engine.url + "/json?site=p&q={query}", "request_body": '{{"q": "{query}"}}',
             "results_query": "results", "url_query": "url", "title_query": "title"}
    out = search(network, [entry])
    assert out.results.results and out.unresponsive == []


def test_json_engine_url_prefix_and_html_to_text(network, fake_engine):
    entry = {"name": "x", "engine": "json_engine", "enable_http": True, "url_prefix": "https://pre.example/",
             "search_url": fake_engine.url + "/json?q={query}&site=x", "results_query": "results",
             "url_query": "title", "title_query": "title", "content_query": "content",
             "content_html_to_text": True}
    out = search(network, [entry], query="a <b>b</b>")
    assert out.results.results[0].url.startswith("https://pre.example/a")
    assert "<b>" not in out.results.results[0].content


def test_xpath_engine(fake_engine, network):
    entry = {"name": "h", "engine": "xpath", "enable_http": True, "paging": True,
             "search_url": fake_engine.url + "/html?q={query}&pageno={pageno}&site=h",
             "results_xpath": "//div[@class='r']", "url_xpath": "./a/@href", "title_xpath": "./a",
             "content_xpath": "./p"}
    out = search(network, [entry], pageno=2)
    results = out.results.results
    assert len(results) == 10
    assert results[0].url.endswith("/hello/10") and results[0].title == "hello result 10 from shared.example.org"
    assert results[0].content.startswith("Snippet 10 about hello")


def test_xpath_engine_without_results_xpath(fake_engine, network):
    entry = {"name": "h2", "engine": "xpath", "enable_http": True,
             "search_url": fake_engine.url + "/html?q={query}&site=h2", "url_xpath": "//div[@class='r']/a/@href",
             "title_xpath": "//div[@class='r']/a", "content_xpath": "//div[@class='r']/p"}
    out = search(network, [entry])
    assert len(out.results.results) == 10 and out.results.results[3].content.startswith("Snippet 3")


def test_xpath_engine_timeout_and_errors(fake_engine, network):
    base = {"engine": "xpath", "enable_http": True, "url_xpath": "//a/@href", "title_xpath": "//a"}
    entries = [
        {**base, "name": "hang", "search_url": fake_engine.url + "/hang?seconds=3&q={query}", "timeout": 0.3},
        {**base, "name": "forbidden", "search_url": fake_engine.url + "/status/403?q={query}"},
    ]
    out = search(network, entries)
    assert sorted(out.unresponsive) == [("forbidden", "access denied"), ("hang", "timeout")]


def test_searxng_request_keys_language_and_first_page(fake_engine, network):
    entry = {"name": "k", "engine": "json_engine", "enable_http": True, "paging": True, "language": "de",
             "send_page_num_on_first_page": False, "time_range_support": True,
             "search_url": fake_engine.url + "/json?q={query}&pageno={pageno}&site=k&lang={lang}{time_range}",
             "results_query": "results", "url_query": "url", "title_query": "title"}
    search(network, [entry], language="fr-CA", time_range="day")
    _, args, _ = fake_engine.requests[-1]
    assert (args["pageno"], args["lang"], args["hours"]) == ("", "de", "24")  # SearXNG's time_range_url default
    search(network, [entry], pageno=2, language="fr-CA")
    assert fake_engine.requests[-1][1]["pageno"] == "2"
    search(network, [{**entry, "language": ""}], language="pt-BR")
    assert fake_engine.requests[-1][1]["lang"] == "pt"  # without region, as SearXNG sends it


def test_no_result_for_http_status_is_no_results_not_an_error(fake_engine, network):
    base = {"engine": "xpath", "enable_http": True, "url_xpath": "//a/@href", "title_xpath": "//a"}
    entries = [{**base, "name": "nothing", "search_url": fake_engine.url + "/status/404?q={query}",
                "no_result_for_http_status": [404]},
               {**base, "name": "broken", "search_url": fake_engine.url + "/status/404?q={query}&b=1"}]
    out = search(network, entries)
    assert out.unresponsive == [("broken", "HTTP error")]
    assert {r.name for r in out.reports if r.outcome == "no_results"} == {"nothing"}


def test_json_engine_thumbnail_prefix(fake_engine, network):
    entry = {"name": "t", "engine": "json_engine", "enable_http": True, "results_query": "results",
             "search_url": fake_engine.url + "/json?q={query}&site=t", "url_query": "url", "title_query": "title",
             "thumbnail_query": "title", "thumbnail_prefix": "https://img.example/"}
    out = search(network, [entry], query="pic")
    assert out.results.results[0].thumbnail.startswith("https://img.example/pic")
