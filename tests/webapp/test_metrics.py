"""/metrics: 404 unless general.open_metrics is set, basic auth with that password, parseable series."""

from __future__ import annotations

import base64
import socket

import pytest
from prometheus_client.openmetrics.parser import text_string_to_metric_families as parse_openmetrics
from prometheus_client.parser import text_string_to_metric_families as parse_text

from tests.conftest import json_engine_entry, make_settings
from tests.summary.conftest import body, placeholder
from utils.fakes.llm import FakeLLM, Reply

PASSWORD = "metrics-password"


def basic(user: str, password: str) -> dict[str, str]:
    return {"Authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()}


def samples(text: str, parser=parse_text) -> dict[tuple[str, tuple], float]:
    return {(s.name, tuple(sorted(s.labels.items()))): s.value for f in parser(text) for s in f.samples}


@pytest.fixture
def metrics_app(app_factory, fake_engine):
    engines = [json_engine_entry(fake_engine.url, "alpha"),
               json_engine_entry(fake_engine.url, "broken", path="/status/500")]
    with FakeLLM(default=Reply.tokens(["Alpha", " is", " first", " [1]."])) as llm:
        yield app_factory(make_settings(engines, general={"open_metrics": PASSWORD},
                                        ai_summary={"base_url": llm.base_url, "model": "fake-model"}))


def test_without_open_metrics_there_is_no_endpoint(client):
    assert client.get("/metrics").status_code == 404
    assert client.get("/metrics", headers=basic("x", "")).status_code == 404


def test_a_password_is_required(metrics_app):
    c = metrics_app.test_client()
    resp = c.get("/metrics")
    assert resp.status_code == 401 and resp.headers["WWW-Authenticate"].startswith("Basic")
    assert c.get("/metrics", headers=basic("prometheus", "wrong")).status_code == 401
    assert c.get("/metrics", headers={"Authorization": f"Bearer {PASSWORD}"}).status_code == 401
    assert PASSWORD not in resp.get_data(as_text=True)
    for user in ("prometheus", "", "anyone"):
        assert c.get("/metrics", headers=basic(user, PASSWORD)).status_code == 200


def test_engine_summary_and_store_series(metrics_app):
    c = metrics_app.test_client()
    assert c.get("/search", query_string={"q": "alpha", "format": "json"}).status_code == 200
    data = placeholder(metrics_app.extensions["searx"].settings)
    resp = c.post("/ai_summary", json=body(data), headers={"Origin": "http://localhost"})
    assert resp.status_code == 200 and b'"done"' in resp.get_data()
    resp.close()
    refused = c.post("/ai_summary", json={"query": "x"}, headers={"Origin": "http://localhost"})
    assert refused.status_code == 400

    resp = c.get("/metrics", headers=basic("p", PASSWORD))
    assert resp.mimetype == "text/plain"
    got = samples(resp.get_data(as_text=True))
    assert got[("searx_engine_requests_total", (("engine", "alpha"), ("outcome", "ok")))] == 1
    assert got[("searx_engine_requests_total", (("engine", "broken"), ("outcome", "error")))] == 1
    assert got[("searx_engine_response_seconds_count", (("engine", "alpha"),))] == 1
    assert got[("searx_engine_response_seconds_count", (("engine", "broken"),))] == 1
    assert got[("searx_ai_summaries_total", (("outcome", "done"),))] == 1
    assert got[("searx_ai_summaries_total", (("outcome", "bad_request"),))] == 1
    assert got[("searx_ai_summary_first_token_seconds_count", ())] == 1
    assert got[("searx_store_up", ())] == 1 and got[("searx_store_shared", ())] == 0


def test_every_replay_counts_as_cached_though_only_its_creator_is_told(metrics_app):
    data = placeholder(metrics_app.extensions["searx"].settings)
    for address, told in (("192.0.2.10", False), ("198.51.100.20", False), ("192.0.2.10", True)):
        c = metrics_app.test_client()
        c.environ_base["REMOTE_ADDR"] = address
        resp = c.post("/ai_summary", json=body(data), headers={"Origin": "http://localhost"})
        assert (b'"cached":true' in resp.get_data()) is told
        resp.close()
    got = samples(metrics_app.test_client().get("/metrics", headers=basic("p", PASSWORD)).get_data(as_text=True))
    assert got[("searx_ai_summaries_total", (("outcome", "done"),))] == 1
    assert got[("searx_ai_summaries_total", (("outcome", "cached"),))] == 2


def test_openmetrics_when_the_scraper_asks(metrics_app):
    c = metrics_app.test_client()
    c.get("/search", query_string={"q": "alpha", "format": "json"})
    resp = c.get("/metrics", headers={**basic("p", PASSWORD),
                                      "Accept": "application/openmetrics-text; version=1.0.0"})
    assert resp.mimetype == "application/openmetrics-text"
    text = resp.get_data(as_text=True)
    assert text.endswith("# EOF\n")
    got = samples(text, parse_openmetrics)
    assert got[("searx_engine_requests_total", (("engine", "alpha"), ("outcome", "ok")))] == 1


def test_store_down_is_a_zero(app_factory):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = app_factory(make_settings([], general={"open_metrics": PASSWORD},
                                    store={"url": f"valkey://127.0.0.1:{port}/0", "timeout": 0.2}))
    got = samples(app.test_client().get("/metrics", headers=basic("p", PASSWORD)).get_data(as_text=True))
    assert got[("searx_store_up", ())] == 0 and got[("searx_store_shared", ())] == 1


def test_open_metrics_true_stops_start_up(app_factory):
    from searx.errors import SettingsError

    with pytest.raises(SettingsError, match=r"^general\.open_metrics"):
        app_factory(make_settings([], general={"open_metrics": True}))


def test_a_suspended_engine_counts_without_a_response_time(app_factory, fake_engine):
    engines = [json_engine_entry(fake_engine.url, "limited", path="/status/429")]
    app = app_factory(make_settings(engines, general={"open_metrics": PASSWORD}, search={"cache_ttl": 0}))
    c = app.test_client()
    for _ in range(2):  # the 429 starts a cooldown: the second search skips the engine
        c.get("/search", query_string={"q": "x", "format": "json"})
    got = samples(c.get("/metrics", headers=basic("p", PASSWORD)).get_data(as_text=True))
    assert got[("searx_engine_requests_total", (("engine", "limited"), ("outcome", "blocked")))] == 1
    assert got[("searx_engine_requests_total", (("engine", "limited"), ("outcome", "suspended")))] == 1
    assert got[("searx_engine_response_seconds_count", (("engine", "limited"),))] == 1
