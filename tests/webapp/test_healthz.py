"""/healthz pings the shared store: 200 always, ``degraded`` while the store is down."""

from __future__ import annotations

import pytest

from tests.conftest import make_settings


def test_without_a_shared_store_healthz_is_ok(client):
    resp = client.get("/healthz")
    assert resp.status_code == 200
    assert resp.get_json() == {"status": "ok", "store": "memory"}


@pytest.mark.valkey
def test_healthz_follows_the_store_down_and_back(app_factory, own_valkey_server):
    app = app_factory(make_settings([], store={"url": own_valkey_server.url, "timeout": 0.2}))
    client = app.test_client()
    assert client.get("/healthz").get_json() == {"status": "ok", "store": "ok"}
    own_valkey_server.stop()
    resp = client.get("/healthz")
    assert resp.status_code == 200  # load balancers keep sending traffic: searches fall back to memory
    assert resp.get_json() == {"status": "degraded", "store": "down"}
    assert client.get("/search", query_string={"q": "x", "format": "json"}).status_code == 200
    own_valkey_server.start()
    assert client.get("/healthz").get_json() == {"status": "ok", "store": "ok"}


def test_a_store_that_refuses_connections_is_degraded(app_factory):
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = app_factory(make_settings([], store={"url": f"valkey://127.0.0.1:{port}/0", "timeout": 0.2}))
    resp = app.test_client().get("/healthz")
    assert resp.status_code == 200
    assert resp.get_json() == {"status": "degraded", "store": "down"}
