"""Preferences in cookies, one-request overrides, sharing, secret preferences."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
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


def _user_server_app(engine_app, **conf):
    return engine_app("a", ai_summary={"allow_user_server": True, **conf})


def _share_token(resp):
    share = etree.HTML(resp.data).xpath("//a[@class='share-url']/@href")[0]
    return share, parse_qs(urlsplit(share).query)["preferences"][0]


def test_share_url_round_trip_without_secrets(engine_app):
    app = _user_server_app(engine_app)
    client = app.test_client()
    resp = client.post("/preferences", data={"safesearch": "1", "ai_summary_api_key": "sk-very-secret-123",
                                             "ai_summary_model": "m1", "ai_summary_server": "https://llm.example/v1"})
    page = resp.data.decode()
    assert "sk-very-secret-123" not in page
    key_cookie = cookies_of(resp)["ai_summary_api_key"]
    assert "HttpOnly" in key_cookie
    share, token = _share_token(resp)
    assert "sk-very-secret" not in share
    fresh = app.test_client()
    loaded = fresh.get(f"/preferences?preferences={token}&save=1")
    # opening a link stores nothing; the form shows its values, Save stores them
    assert loaded.status_code == 200 and "Set-Cookie" not in loaded.headers
    form = etree.HTML(loaded.data)
    assert form.xpath("//select[@name='safesearch']/option[@selected]/@value") == ["1"]
    # the user's own server and model never travel in a link
    assert form.xpath("//input[@name='ai_summary_server']/@value") == [""]
    assert form.xpath("//input[@name='ai_summary_model']/@value") == [""]
    # the stored key is never echoed back into the page
    again = client.get("/preferences").data.decode()
    assert "sk-very-secret-123" not in again


def test_a_share_link_with_a_server_or_model_does_not_apply_them(engine_app):
    import base64
    import zlib

    app = _user_server_app(engine_app)
    raw = b"ai_summary_server=https%3A%2F%2Fevil.example%2Fv1&ai_summary_model=m&ai_summary_api_key=k&safesearch=2"
    token = base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")
    client = app.test_client()
    form = etree.HTML(client.get(f"/preferences?preferences={token}&save=1").data)
    assert form.xpath("//select[@name='safesearch']/option[@selected]/@value") == ["2"]
    assert form.xpath("//input[@name='ai_summary_server']/@value") == [""]
    assert form.xpath("//input[@name='ai_summary_model']/@value") == [""]
    assert client.get_cookie("ai_summary_server") is None and client.get_cookie("safesearch") is None


@pytest.mark.parametrize("headers", [{"Origin": "https://evil.example"}, {"Sec-Fetch-Site": "cross-site"},
                                     {"Sec-Fetch-Site": "same-site", "Origin": "https://sub.localhost"},
                                     {"Origin": "null"}])
def test_cross_site_post_is_refused(engine_app, headers):
    app = _user_server_app(engine_app)
    resp = app.test_client().post("/preferences", headers=headers,
                                  data={"ai_summary_server": "https://evil.example/v1", "safesearch": "2"})
    assert resp.status_code == 403 and "Set-Cookie" not in resp.headers
    assert b"this site" in resp.data


@pytest.mark.parametrize("origin", ["http://localhost", "null"])
def test_same_origin_post_saves(engine_app, origin):
    # "null": what Chromium sends with the form of a page under Referrer-Policy: no-referrer (every page)
    app = _user_server_app(engine_app)
    resp = app.test_client().post("/preferences", headers={"Origin": origin, "Sec-Fetch-Site": "same-origin"},
                                  data={"safesearch": "2"})
    assert resp.status_code == 200 and "safesearch=2" in cookies_of(resp)["safesearch"]


def _removed(resp, name):
    cookie = cookies_of(resp).get(name, "")
    return cookie.startswith(f"{name}=;") and ("Max-Age=0" in cookie or "1970" in cookie)


def test_changing_the_server_removes_the_stored_key(engine_app):
    app = _user_server_app(engine_app)
    client = app.test_client()
    client.post("/preferences", data={"ai_summary_server": "https://a.example/v1", "ai_summary_api_key": "sk-a"})
    assert client.get_cookie("ai_summary_api_key").value == "sk-a"
    # same server again, empty key field: the key stays
    kept = client.post("/preferences", data={"ai_summary_server": "https://a.example/v1", "ai_summary_api_key": ""})
    assert "ai_summary_api_key" not in cookies_of(kept) and client.get_cookie("ai_summary_api_key").value == "sk-a"
    moved = client.post("/preferences", data={"ai_summary_server": "https://b.example/v1", "ai_summary_api_key": ""})
    assert _removed(moved, "ai_summary_api_key") and client.get_cookie("ai_summary_api_key") is None
    # a new server with a new key keeps the new key
    both = client.post("/preferences", data={"ai_summary_server": "https://c.example/v1", "ai_summary_api_key": "sk-c"})
    assert "ai_summary_api_key=sk-c" in cookies_of(both)["ai_summary_api_key"]


def test_the_form_can_remove_a_stored_key(engine_app):
    app = _user_server_app(engine_app)
    client = app.test_client()
    page = client.post("/preferences", data={"ai_summary_api_key": "sk-a"}).data
    assert etree.HTML(page).xpath("//input[@name='ai_summary_api_key_remove']")
    resp = client.post("/preferences", data={"ai_summary_api_key": "", "ai_summary_api_key_remove": "1"})
    assert _removed(resp, "ai_summary_api_key") and client.get_cookie("ai_summary_api_key") is None
    assert not etree.HTML(resp.data).xpath("//input[@name='ai_summary_api_key_remove']")


@pytest.mark.parametrize("key", ["sk-a\r\nX-Evil: 1", "sk-\x00", "sk-ключ", "sk-\x7f"])
def test_keys_that_are_not_printable_ascii_are_refused(engine_app, key):
    app = _user_server_app(engine_app)
    client = app.test_client()
    resp = client.post("/preferences", data={"ai_summary_api_key": key})
    assert resp.status_code == 400 and b"printable ASCII" in resp.data
    assert "Set-Cookie" not in resp.headers


def test_a_stored_key_that_is_not_printable_is_ignored(app_factory, fake_engine):
    from searx.autocomplete.backends import NAMES
    from searx.preferences import Preferences, definitions
    from tests.conftest import make_settings

    prefs = Preferences(definitions(make_settings([]), NAMES)).load_cookies({"ai_summary_api_key": "a\nb"})
    assert prefs.get("ai_summary_api_key") == ""


def test_a_share_token_that_inflates_too_far_is_refused(client):
    import base64
    import zlib

    bomb = base64.urlsafe_b64encode(zlib.compress(b"safesearch=1&language=" + b"a" * 5_000_000, 9)).decode()
    assert len(bomb) < 8192
    resp = client.get(f"/preferences?preferences={bomb}")
    assert resp.status_code == 400 and b"too much data" in resp.data
    resp = client.get("/preferences?preferences=" + "A" * 20_000)
    assert resp.status_code == 400 and b"too long" in resp.data


def test_damaged_share_token_is_a_clear_400(client):
    resp = client.get("/preferences?preferences=%%%notbase64")
    assert resp.status_code == 400 and b"damaged" in resp.data


def test_locked_preferences_cannot_change(engine_app):
    app = engine_app("a", preferences={"lock": ["safesearch"]})
    resp = app.test_client().post("/preferences", data={"safesearch": "2"})
    assert "safesearch" not in cookies_of(resp)


def test_admin_can_lock_the_summary_mode(engine_app):
    app = engine_app("a", ai_summary={"default_mode": "click", "lock_mode": True})
    client = app.test_client()
    resp = client.post("/preferences", data={"ai_summary_mode": "always"})
    assert "ai_summary_mode" not in cookies_of(resp)
    doc = etree.HTML(resp.data)
    assert doc.xpath("//select[@name='ai_summary_mode']/@disabled")
    client.set_cookie("ai_summary_mode", "always")
    page = client.get("/search?q=x").data.decode()
    assert '"ai_summary_mode": "click"' in page


def test_the_admin_models_are_offered_without_a_user_server(engine_app):
    app = engine_app("a", ai_summary={"models": ["small", "large"]})
    client = app.test_client()
    form = etree.HTML(client.get("/preferences").data)
    assert form.xpath("//select[@name='ai_summary_model']/option/@value") == ["", "small", "large"]
    assert not form.xpath("//input[@name='ai_summary_server']")
    resp = client.post("/preferences", data={"ai_summary_model": "large"})
    assert etree.HTML(resp.data).xpath("//select[@name='ai_summary_model']/option[@selected]/@value") == ["large"]
