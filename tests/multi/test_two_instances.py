"""Two app processes on one real Valkey share cooldowns, rate limits and caches,
and an instance keeps serving while Valkey is away."""

from __future__ import annotations

import json

import httpx
import lxml.html
import pytest

from tests.conftest import json_engine_entry
from tests.multi.conftest import app_settings, valkey_keys, wait_for
from utils.fakes.llm import FakeLLM, Reply

pytestmark = pytest.mark.valkey


def asked(fake_engine, path: str, query: str) -> int:
    """How many requests the fake engine got on ``path`` for ``query``."""
    return sum(1 for p, args, _ in list(fake_engine.requests) if p == path and args.get("q") == query)


def search(app, query: str, **params) -> httpx.Response:
    return httpx.get(app.url + "/search", params={"q": query, "format": "json", **params}, timeout=10)


def test_a_cooldown_started_on_one_is_honoured_by_the_other(valkey_server, prefix, instances, fake_engine):
    engines = [json_engine_entry(fake_engine.url, "steady"),
               json_engine_entry(fake_engine.url, "throttled", path="/status/429", extra="&retry_after=600")]
    a, b = instances(app_settings(valkey_server.url, prefix, engines))

    first = search(a, "cooldown one").json()
    assert asked(fake_engine, "/status/429", "cooldown one") == 1
    assert ["throttled", "too many requests"] in first["unresponsive_engines"]

    second = search(b, "cooldown two").json()
    assert ["throttled", "Suspended: too many requests"] in second["unresponsive_engines"]
    assert asked(fake_engine, "/status/429", "cooldown two") == 0, "the other instance must not ask it"
    assert asked(fake_engine, "/json", "cooldown two") == 1 and second["results"], "healthy engines still run"


def test_a_rate_limit_is_shared(valkey_server, prefix, instances, fake_engine):
    settings = app_settings(valkey_server.url, prefix, [json_engine_entry(fake_engine.url, "limited")],
                            server={"limiter": True}, limiter={"search": {"limit": 3, "window": 60}})
    a, b = instances(settings)
    assert [search(a, f"limit {i}").status_code for i in range(2)] == [200, 200]
    assert search(b, "limit 2").status_code == 200
    over = search(b, "limit 3")
    assert over.status_code == 429, "three searches were spent across both instances"
    assert int(over.headers["Retry-After"]) >= 1 and "error" in over.json()
    assert search(a, "limit 4").status_code == 429


def test_the_search_cache_is_shared(valkey_server, prefix, instances, fake_engine):
    a, b = instances(app_settings(valkey_server.url, prefix, [json_engine_entry(fake_engine.url, "cachy")]))
    first = search(a, "shared cache")
    assert first.json()["cached"] is False
    second = search(b, "shared cache")
    assert second.json()["cached"] is True
    assert 'cache;desc="hit"' in second.headers["Server-Timing"]
    assert asked(fake_engine, "/json", "shared cache") == 1, "the second instance asked no engine"
    assert second.json()["results"] == first.json()["results"]


def summary_request(app, query: str) -> dict:
    """The body the browser posts to /ai_summary, scraped from the results page."""
    page = httpx.get(app.url + "/search", params={"q": query}, timeout=10)
    assert page.status_code == 200
    data = lxml.html.fromstring(page.text).get_element_by_id("ai-summary-data")
    return {"query": query, **json.loads(data.text)}


def post_summary(app, body: dict) -> list[dict]:
    with httpx.stream("POST", app.url + "/ai_summary", json=body, timeout=20) as resp:
        assert resp.status_code == 200, resp.read()
        return [json.loads(line) for line in resp.iter_lines() if line.strip()]


def test_a_summary_generated_by_one_is_served_by_the_other(valkey_server, prefix, instances, fake_engine):
    with FakeLLM(default=Reply.tokens(["Shared", " answer", " [1]."])) as llm:
        settings = app_settings(valkey_server.url, prefix, [json_engine_entry(fake_engine.url, "summed")],
                                ai_summary={"base_url": llm.base_url, "model": "fake-model"})
        a, b = instances(settings)
        body = summary_request(a, "summary topic")

        first = post_summary(a, body)
        assert first[0]["cached"] is False and first[-1]["done"] is True
        assert llm.calls == 1
        # the answer is stored just after the done line is sent: wait until it is in Valkey
        wait_for(lambda: valkey_keys(valkey_server, f"{prefix}ai_summary:answer:*"), what="the cached answer")

        second = post_summary(b, body)
        assert second[0]["cached"] is True and second[-1]["done"] is True and second[-1]["cached"] is True
        text = "".join(line.get("delta", "") for line in second)
        assert text == "".join(line.get("delta", "") for line in first) == "Shared answer [1]."
        assert llm.calls == 1, "the other instance served the cached answer without the LLM"


def test_an_instance_keeps_serving_without_valkey_and_uses_it_again(own_valkey_server, prefix, instances, fake_engine):
    settings = app_settings(own_valkey_server.url, prefix, [json_engine_entry(fake_engine.url, "sturdy")],
                            store={"url": own_valkey_server.url, "prefix": prefix, "backoff": 0.5})
    a, b = instances(settings)
    assert search(a, "before outage").json()["cached"] is False
    assert valkey_keys(own_valkey_server, f"{prefix}search:*"), "the cache entry went to Valkey"

    own_valkey_server.stop()
    during = search(a, "during outage")
    assert during.status_code == 200 and during.json()["results"]
    assert search(a, "during outage").json()["cached"] is True, "degraded to the in-process store"
    assert "store unavailable" in a.log()

    own_valkey_server.start()  # same port, empty: the instance must find it again by itself
    tries = iter(range(1000))

    def shared_again() -> str | None:
        query = f"after outage {next(tries)}"
        search(a, query)
        return query if valkey_keys(own_valkey_server, f"{prefix}search:*") else None

    query = wait_for(shared_again, timeout=15, what="the instance to write to Valkey again")
    assert search(b, query).json()["cached"] is True, "the other instance sees what it wrote"
    assert "store recovered" in a.log()
