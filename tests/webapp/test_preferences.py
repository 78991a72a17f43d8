"""Preferences in cookies, one-request overrides, sharing, secret preferences."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from lxml import etree


def cookies_of(resp):
    return {c.split("=", 1)[0]: c for c in resp.headers.getlist("Set-Cookie")}


def test_saving_sets_cookies_that_later_searches_use(client):
    resp = client.post("/preferences", data={"safesearch": "2", "language": "de", "engines_form": "1",
                                             "engine_alpha": "on", "engine_beta": "on"})
    assert resp.status_code == 200
    cookies = cookies_of(resp)
    assert "safesearch=2" in cookies["safesearch"] and "HttpOnly" in cookies["safesearch"]
    assert "SameSite=Lax" in cookies["safesearch"]
    assert cookies["disabled_engines"].startswith("disabled_engines=gamma")
    data = client.get("/search?q=x&format=json").get_json()
    assert {e for r in data["results"] for e in r["engines"]} == {"alpha", "beta"}


def test_request_parameter_overrides_for_one_request(client):
    client.post("/preferences", data={"safesearch": "2"})
    client.get("/search?q=x&format=json&safesearch=0")
    # the stored preference is unchanged
    page = client.get("/preferences").data
    assert b'<option value="2" selected>' in page


def test_invalid_values_are_ignored_not_500(client):
    resp = client.post("/preferences", data={"safesearch": "9", "method": "PUT", "ai_summary_mode": "<x>"})
    assert resp.status_code == 200
    assert "safesearch" not in cookies_of(resp)


def test_share_url_round_trip_without_secrets(app_factory, fake_engine):
    from tests.conftest import json_engine_entry, make_settings

    app = app_factory(make_settings([json_engine_entry(fake_engine.url, "a")],
                                    ai_summary={"allow_user_server": True}))
    client = app.test_client()
    resp = client.post("/preferences", data={"safesearch": "1", "ai_summary_api_key": "sk-very-secret-123",
                                             "ai_summary_model": "m1"})
    page = resp.data.decode()
    assert "sk-very-secret-123" not in page
    key_cookie = cookies_of(resp)["ai_summary_api_key"]
    assert "HttpOnly" in key_cookie
    doc = etree.HTML(resp.data)
    share = doc.xpath("//a[@class='share-url']/@href")[0]
    assert "sk-very-secret" not in share
    token = parse_qs(urlsplit(share).query)["preferences"][0]
    fresh = app.test_client()
    loaded = fresh.get(f"/preferences?preferences={token}&save=1")
    cookies = cookies_of(loaded)
    assert "safesearch=1" in cookies["safesearch"] and "ai_summary_model=m1" in cookies["ai_summary_model"]
    assert "ai_summary_api_key" not in cookies
    # the stored key is never echoed back into the page
    again = client.get("/preferences").data.decode()
    assert "sk-very-secret-123" not in again


def test_damaged_share_token_is_a_clear_400(client):
    resp = client.get("/preferences?preferences=%%%notbase64")
    assert resp.status_code == 400 and b"damaged" in resp.data


def test_locked_preferences_cannot_change(app_factory, fake_engine):
    from tests.conftest import json_engine_entry, make_settings

    app = app_factory(make_settings([json_engine_entry(fake_engine.url, "a")], preferences={"lock": ["safesearch"]}))
    resp = app.test_client().post("/preferences", data={"safesearch": "2"})
    assert "safesearch" not in cookies_of(resp)


def test_admin_can_lock_the_summary_mode(app_factory, fake_engine):
    from tests.conftest import json_engine_entry, make_settings

    app = app_factory(make_settings([json_engine_entry(fake_engine.url, "a")],
                                    ai_summary={"default_mode": "click", "lock_mode": True}))
    client = app.test_client()
    resp = client.post("/preferences", data={"ai_summary_mode": "always"})
    assert "ai_summary_mode" not in cookies_of(resp)
    doc = etree.HTML(resp.data)
    assert doc.xpath("//select[@name='ai_summary_mode']/@disabled")
    client.set_cookie("ai_summary_mode", "always")
    page = client.get("/search?q=x").data.decode()
    assert '"ai_summary_mode": "click"' in page
