"""The runner against a real fake engine over HTTP: results, reasons, deadlines, overlap."""

from __future__ import annotations

import threading
import time

import pytest

from searx.engines import load_engines
from searx.errors import EngineParseError
from searx.plugins import PluginManager, SearchContext
from searx.results.search import SearchQuery
from searx.search.runner import SearchRunner
from tests.conftest import json_engine_entry


def runner_for(entries, network):
    return SearchRunner(load_engines(entries), network, PluginManager([], raise_errors=True))


def run(runner, query="hello", **kw):
    sq = SearchQuery(query=query, engines=tuple(runner.engines), **kw)
    ctx = SearchContext(query, sq.pageno, "general", "json", "all", 0, sq.time_range, {})
    return runner.run(sq, ctx, [])


def test_three_engines_merge_overlapping_urls(fake_engine, network):
    runner = runner_for([json_engine_entry(fake_engine.url, n) for n in ("a", "b", "c")], network)
    out = run(runner)
    assert out.unresponsive == []
    shared = [r for r in out.results.results if "shared.example.org" in r.url]
    assert len(shared) == 3 and all(r.engines == ["a", "b", "c"] for r in shared)
    assert len(out.results.results) == 3 + 3 * 7
    assert out.results.results[0].score == pytest.approx(9.0)


@pytest.mark.parametrize("path, reason, outcome", [
    ("/status/429", "too many requests", "blocked"),
    ("/status/403", "access denied", "blocked"),
    ("/status/500", "HTTP error", "error"),
    ("/status/503", "HTTP error", "error"),
    ("/status/404", "HTTP error", "error"),
    ("/garbage", "parsing error", "error"),
    ("/status/302?location=https://example.org/captcha", "CAPTCHA", "challenged"),
])
def test_failures_map_to_searxng_reasons(fake_engine, network, path, reason, outcome):
    sep = "&" if "?" in path else "?"
    entry = json_engine_entry(fake_engine.url, "bad")
    entry["search_url"] = f"{fake_engine.url}{path}{sep}q={{query}}"
    runner = runner_for([entry, json_engine_entry(fake_engine.url, "good")], network)
    out = run(runner)
    assert out.unresponsive == [("bad", reason)]
    assert [r.outcome for r in out.reports if r.name == "bad"] == [outcome]
    assert out.results.results, "one failing engine never fails the search"


def test_retry_after_reaches_the_report_path(fake_engine, network):
    entry = json_engine_entry(fake_engine.url, "bad", path="/status/429", extra="&retry_after=120")
    recorded = {}

    class Health:
        def admit_all(self, names):
            return dict.fromkeys(names)

        def record_all(self, reports):
            recorded.update({r.name: (r.outcome, r.retry_after) for r in reports})

    runner = runner_for([entry], network)
    runner.health = Health()
    run(runner)
    assert recorded["bad"] == ("blocked", 120.0)


def test_timeout_answers_within_the_engine_timeout(fake_engine, network):
    slow = json_engine_entry(fake_engine.url, "slow", path="/hang", extra="&seconds=5", timeout=0.5)
    runner = runner_for([slow, json_engine_entry(fake_engine.url, "fast")], network)
    start = time.monotonic()
    out = run(runner)
    elapsed = time.monotonic() - start
    assert out.unresponsive == [("slow", "timeout")]
    assert elapsed < 3.0, "the search waits for the 0.5 s timeout, not the 5 s hang"
    assert out.results.results


def test_network_error_for_a_closed_port(network):
    entry = {"name": "gone", "engine": "json_engine", "search_url": "http://127.0.0.1:9/x?q={query}",
             "url_query": "url", "enable_http": True}
    out = run(runner_for([entry], network))
    assert out.unresponsive == [("gone", "network error")]


def test_plain_http_needs_enable_http(fake_engine, network):
    entry = json_engine_entry(fake_engine.url, "nohttp", enable_http=False)
    out = run(runner_for([entry], network))
    assert out.unresponsive == [("nohttp", "network error")]
    assert "enable_http" in out.reports[0].detail


def test_paging_and_time_range(fake_engine, network):
    entry = json_engine_entry(fake_engine.url, "p", extra="&tr={time_range}", time_range_support=True,
                              time_range_map={"day": "d1", "week": "w1"}, time_range_url="{time_range_val}")
    runner = runner_for([entry, json_engine_entry(fake_engine.url, "nopaging", paging=False)], network)
    out = run(runner, pageno=3, time_range="week")
    path, args, _ = fake_engine.requests[-1]
    assert args["pageno"] == "3" and args["tr"] == "w1" and args["site"] == "p"
    assert out.results.results[0].url.endswith("/hello/20")  # page 3 with 10 per page starts at rank 20
    assert {r.name for r in out.reports} == {"p"}, "engines without paging are not asked for page 3"


def test_sixteen_searches_on_100ms_engines_overlap(network):
    from utils.fakes.engine import FakeEngineServer

    with FakeEngineServer() as engine:  # its own server: the peak count is this test's alone
        entries = [json_engine_entry(engine.url, n, extra="&delay=0.1") for n in ("a", "b", "c")]
        runner = runner_for(entries, network)
        barrier = threading.Barrier(16)
        errors = []

        def one():
            try:
                barrier.wait(timeout=10)
                assert not run(runner).unresponsive
            except Exception as exc:  # noqa: BLE001
                errors.append(exc)

        threads = [threading.Thread(target=one) for _ in range(16)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors
        # 16 searches x 3 engines start together; a fixed cap of 4 would never exceed 12 at once
        assert engine.max_active > 16, f"peak concurrent engine requests: {engine.max_active}"


def test_engine_errors_are_logged_on_one_escaped_line(fake_engine, network, caplog, monkeypatch):
    runner = runner_for([json_engine_entry(fake_engine.url, "a")], network)

    def parse(*args):
        raise EngineParseError("upstream said:\r\nINFO forged line\x00")

    monkeypatch.setattr("searx.search.runner.read_results", parse)
    caplog.set_level("INFO")
    assert run(runner).unresponsive == [("a", "parsing error")]
    [text] = [r.getMessage() for r in caplog.records if "upstream said" in r.getMessage()]
    assert "upstream said:\\x0d\\x0aINFO forged line\\x00" in text and not any(c in text for c in "\r\n\x00")
