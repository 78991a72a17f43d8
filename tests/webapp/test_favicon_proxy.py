"""Favicons on the results page and /favicon_proxy through the app: off by default, the instance's
resolver and the user's preference, fixed lazy boxes, the route's answers and refusals, the limiter."""

from __future__ import annotations

from typing import Any

import httpx
import lxml.html
import pytest

from searx import settings as settings_mod
from searx.errors import SettingsError
from searx.network.guard import AddressGuard
from searx.proxy import favicons
from searx.proxy.favicons import MAX_BYTES, FaviconFetcher, Resolver, proxied_url
from searx.proxy.images import ImageFetcher
from searx.webapp.image_links import PLACEHOLDER_GIF
from tests.conftest import SECRET, json_engine_entry, make_settings
from tests.proxy.picture_site import PNG
from tests.proxy.test_favicons import Resolvers, resolve


def with_resolver(app: Any, site: Resolvers) -> Any:
    svc = app.extensions["searx"]
    if svc.favicons is not None:
        fetcher = ImageFetcher(AddressGuard(resolver=resolve, own_addresses=()), user_agent="t", timeout=5.0,
                               max_bytes=MAX_BYTES, transport=lambda: httpx.MockTransport(site))
        svc.favicons = FaviconFetcher(fetcher, svc.store)
    return app


@pytest.fixture
def site() -> Resolvers:
    return Resolvers({"shared.example.org": (200, "image/png", PNG)})


@pytest.fixture
def build(app_factory: Any, fake_engine: Any, site: Resolvers) -> Any:
    def make(resolver: str = "duckduckgo", **sections: Any) -> Any:
        engines = [json_engine_entry(fake_engine.url, "alpha")]
        return with_resolver(app_factory(make_settings(engines, search={"favicon_resolver": resolver, "cache_ttl": 0},
                                                       **sections)), site)

    return make


def icons(client: Any) -> list[Any]:
    tree = lxml.html.fromstring(client.get("/search?q=alpha").data)
    return tree.xpath("//article[@class='result']//p[@class='url']/span[@class='favicon']/img")


def test_favicons_are_off_unless_the_instance_names_a_resolver(build: Any) -> None:
    client = build("").test_client()
    assert icons(client) == []
    client.set_cookie("favicon_resolver", "duckduckgo")  # a user cannot turn on what the instance did not
    assert icons(client) == []
    assert b'name="favicon_resolver"' not in client.get("/preferences").data


def test_a_result_s_icon_sits_in_a_fixed_lazy_box_from_this_instance(build: Any) -> None:
    client = build().test_client()
    found = icons(client)
    assert found and all(i.get("width") == "16" and i.get("height") == "16" and i.get("loading") == "lazy"
                         and i.get("alt") == "" for i in found)
    assert found[0].get("src") == proxied_url(SECRET, "duckduckgo", "shared.example.org")


def test_the_user_may_turn_them_off_and_on_again(build: Any) -> None:
    client = build().test_client()
    tree = lxml.html.fromstring(client.get("/preferences").data)
    assert tree.xpath("//select[@name='favicon_resolver']/option/@value") == ["", "duckduckgo"]
    client.post("/preferences", data={"favicon_resolver": ""})
    assert icons(client) == []
    client.post("/preferences", data={"favicon_resolver": "google"})  # not the instance's: ignored
    assert icons(client) == []
    client.post("/preferences", data={"favicon_resolver": "duckduckgo"})
    assert icons(client)


def test_the_route_serves_the_icon_as_a_picture_that_cannot_run(build: Any, site: Resolvers) -> None:
    client = build().test_client()
    resp = client.get(proxied_url(SECRET, "duckduckgo", "shared.example.org"))
    assert resp.status_code == 200 and resp.mimetype == "image/png" and resp.data == PNG
    assert resp.headers["X-Content-Type-Options"] == "nosniff" and "sandbox" in resp.headers["Content-Security-Policy"]
    assert resp.headers["Cache-Control"] == "public, max-age=604800"
    assert "Set-Cookie" not in resp.headers
    client.get(proxied_url(SECRET, "duckduckgo", "shared.example.org"))
    assert len(site.requests) == 1  # the store answered the second


def test_a_host_without_an_icon_gets_a_blank(build: Any) -> None:
    resp = build().test_client().get(proxied_url(SECRET, "duckduckgo", "noicon.example.org"))
    assert resp.status_code == 200 and resp.mimetype == "image/gif" and resp.data == PLACEHOLDER_GIF
    assert resp.headers["Cache-Control"] == "public, max-age=86400"


@pytest.mark.parametrize(("query", "status"), [
    ("", 400), ("authority=example.org&resolver=duckduckgo", 400),
    ("authority=example.org&resolver=duckduckgo&h=" + "0" * 32, 403),
    ("authority=127.0.0.1&resolver=duckduckgo&h=" + "0" * 32, 403),
    ("authority=example.org%2F..%2Fadmin&resolver=duckduckgo&h=" + "0" * 32, 403),
    ("authority=example.org&resolver=evil&h=" + "0" * 32, 403),
])
def test_unsigned_or_broken_links_are_refused_before_any_fetch(build: Any, site: Resolvers, query: str,
                                                               status: int) -> None:
    resp = build().test_client().get(f"/favicon_proxy?{query}")
    assert resp.status_code == status and resp.mimetype == "text/html"
    assert site.requests == []


def test_a_link_for_another_resolver_than_the_instance_s_is_not_served(build: Any, site: Resolvers) -> None:
    client = build("google").test_client()
    assert client.get(proxied_url(SECRET, "duckduckgo", "shared.example.org")).status_code == 404
    assert build("").test_client().get(proxied_url(SECRET, "duckduckgo", "shared.example.org")).status_code == 404
    assert site.requests == []


def test_icons_count_against_the_picture_budget(build: Any) -> None:
    app = build(server={"limiter": True}, limiter={"image_proxy": {"limit": 2, "window": 60}})
    client = app.test_client()
    statuses = [client.get(proxied_url(SECRET, "duckduckgo", f"h{i}.example.org")).status_code for i in range(3)]
    assert statuses == [200, 200, 429]


def test_the_instance_s_own_fetcher_is_guarded_like_the_image_proxy(app_factory: Any, fake_engine: Any,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """No test double: the fetcher the app builds refuses a resolver on this machine (a real server on
    127.0.0.1 that would answer), so the page gets a blank and the server is never asked."""
    monkeypatch.setitem(favicons.RESOLVERS, "duckduckgo", Resolver(fake_engine.url + "/icons/{domain}.ico"))
    app = app_factory(make_settings([json_engine_entry(fake_engine.url, "alpha")],
                                    search={"favicon_resolver": "duckduckgo"}))
    svc = app.extensions["searx"]
    assert svc.favicons.fetcher.max_bytes == MAX_BYTES and svc.favicons.fetcher.guard.allow_private is False
    resp = app.test_client().get(proxied_url(SECRET, "duckduckgo", "shared.example.org"))
    assert resp.status_code == 200 and resp.data == PLACEHOLDER_GIF
    assert [path for path, *_ in fake_engine.requests if path.startswith("/icons/")] == []


@pytest.mark.parametrize("name", ["bing", "DuckDuckGo", "../x"])
def test_an_unknown_resolver_stops_start_up_naming_the_key(name: str) -> None:
    data = settings_mod.merge(settings_mod._read_yaml(settings_mod.DEFAULT_PATH), None)
    data["server"]["secret_key"] = SECRET
    data["search"]["favicon_resolver"] = name
    with pytest.raises(SettingsError, match="search.favicon_resolver"):
        settings_mod.validate(data)
