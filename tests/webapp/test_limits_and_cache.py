"""Rate limits on /search and the search cache, through the web app."""

from __future__ import annotations

from tests.conftest import json_engine_entry, make_settings


def limited_app(app_factory, fake_engine, **server):
    settings = make_settings([json_engine_entry(fake_engine.url, "a")],
                             server={"limiter": True, **server}, limiter={"search": {"limit": 3, "window": 60}})
    return app_factory(settings)


def test_over_the_limit_is_429_with_retry_after(app_factory, fake_engine):
    client = limited_app(app_factory, fake_engine).test_client()
    for i in range(3):
        assert client.get(f"/search?q=x{i}&format=json").status_code == 200
    resp = client.get("/search?q=x&format=json")
    assert resp.status_code == 429
    assert int(resp.headers["Retry-After"]) >= 1
    assert "too many requests" in resp.get_json()["error"]
    page = client.get("/search?q=x")
    assert page.status_code == 429 and page.mimetype == "text/html"
    assert b"too many requests" in page.data


def test_spoofed_forwarded_for_from_an_untrusted_peer_is_ignored(app_factory, fake_engine):
    client = limited_app(app_factory, fake_engine).test_client()
    for i in range(3):
        client.get(f"/search?q=x{i}&format=json", headers={"X-Forwarded-For": f"203.0.113.{i}"})
    resp = client.get("/search?q=y&format=json", headers={"X-Forwarded-For": "198.51.100.7"})
    assert resp.status_code == 429, "every request came from the same direct peer"


def test_forwarded_for_is_believed_from_a_trusted_proxy(app_factory, fake_engine):
    app = limited_app(app_factory, fake_engine, trusted_proxies=["127.0.0.0/8"])
    client = app.test_client()
    env = {"REMOTE_ADDR": "127.0.0.1"}
    for i in range(3):
        assert client.get(f"/search?q=x{i}&format=json", headers={"X-Forwarded-For": "203.0.113.9"},
                          environ_base=env).status_code == 200
    assert client.get("/search?q=x&format=json", headers={"X-Forwarded-For": "203.0.113.9"},
                      environ_base=env).status_code == 429
    # another client behind the same proxy has its own budget
    assert client.get("/search?q=x&format=json", headers={"X-Forwarded-For": "203.0.113.10"},
                      environ_base=env).status_code == 200


def test_limiter_off_by_default(client):
    for i in range(40):
        assert client.get(f"/search?q=z{i}&format=json").status_code == 200


def test_cache_hit_is_visible_and_skips_the_engines(client, fake_engine):
    first = client.get("/search?q=cached+query&format=json")
    asked = len(fake_engine.requests)
    second = client.get("/search?q=cached+query&format=json")
    assert first.get_json()["cached"] is False and second.get_json()["cached"] is True
    assert 'cache;desc="hit"' in second.headers["Server-Timing"]
    assert len(fake_engine.requests) == asked, "a cache hit asks no engine"
    assert first.get_json()["results"] == second.get_json()["results"]
    # another page, language or engine set is another search
    assert client.get("/search?q=cached+query&format=json&pageno=2").get_json()["cached"] is False
    assert client.get("/search?q=cached+query&format=json&engines=alpha").get_json()["cached"] is False


def test_a_hit_is_reported_only_to_the_client_that_filled_the_entry(three_engine_app, fake_engine):
    alice = three_engine_app.test_client()
    alice.environ_base["REMOTE_ADDR"] = "192.0.2.10"
    bob = three_engine_app.test_client()
    bob.environ_base["REMOTE_ADDR"] = "198.51.100.20"
    alice.get("/search?q=what+alice+searched&format=json")
    asked = len(fake_engine.requests)
    for fmt in ("json", "html", "csv"):
        seen = bob.get(f"/search?q=what+alice+searched&format={fmt}")
        assert seen.status_code == 200
        assert 'cache;desc="hit"' not in seen.headers["Server-Timing"], fmt
    assert bob.get("/search?q=what+alice+searched&format=json").get_json()["cached"] is False
    assert len(fake_engine.requests) == asked, "bob was still served from the cache"
    again = alice.get("/search?q=what+alice+searched&format=json")
    assert again.get_json()["cached"] is True and 'cache;desc="hit"' in again.headers["Server-Timing"]


def test_searches_with_a_failed_engine_are_not_cached(app_factory, fake_engine):
    engines = [json_engine_entry(fake_engine.url, "ok"), json_engine_entry(fake_engine.url, "bad", path="/status/500")]
    client = app_factory(make_settings(engines)).test_client()
    client.get("/search?q=partial&format=json")
    assert client.get("/search?q=partial&format=json").get_json()["cached"] is False


def test_security_headers_on_pages(client):
    resp = client.get("/search?q=x")
    csp = resp.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert resp.headers["Referrer-Policy"] == "no-referrer"
    assert "Permissions-Policy" in resp.headers
