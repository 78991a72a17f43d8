"""The images, news and videos pages with the picture preferences: through the image proxy,
without pictures, or from their hosts; the page's policy follows."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import lxml.html
import pytest

from searx.proxy.images import verify
from searx.webapp.image_links import PLACEHOLDER
from tests.conftest import SECRET, make_settings


@pytest.fixture
def app(app_factory: Any, fake_engine: Any) -> Any:
    base = fake_engine.url
    engines = [
        {"name": "commons", "engine": "wikicommons", "base_url": f"{base}/commons", "enable_http": True,
         "shortcut": "wc", "categories": ["images"]},
        {"name": "news", "engine": "bing_news", "base_url": f"{base}/bingnews", "enable_http": True,
         "shortcut": "bin", "categories": ["news"]},
        {"name": "tube", "engine": "dailymotion", "base_url": f"{base}/dailymotion", "enable_http": True,
         "shortcut": "dm", "categories": ["videos"]},
    ]
    return app_factory(make_settings(engines, search={"formats": ["html", "json"], "cache_ttl": 0}))


def results(app: Any, category: str, cookies: dict[str, str]) -> tuple[Any, list[str], str]:
    client = app.test_client()
    for name, value in cookies.items():
        client.set_cookie(name, value)
    resp = client.get("/search", query_string={"q": "cats", "categories": category})
    assert resp.status_code == 200
    tree = lxml.html.fromstring(resp.data)
    return tree, tree.xpath("//img/@src"), resp.headers["Content-Security-Policy"]


def img_src_directive(csp: str) -> str:
    return next(d.strip() for d in csp.split(";") if d.strip().startswith("img-src"))


@pytest.mark.parametrize("category", ["images", "news", "videos"])
def test_through_the_proxy_every_picture_is_a_signed_local_link(app, category):
    _, sources, csp = results(app, category, {"image_proxy": "1"})
    assert sources
    for src in sources:
        assert src.startswith("/image_proxy?")
        args = {k: v[0] for k, v in parse_qs(urlsplit(src).query).items()}
        assert verify(SECRET, args["url"], args["e"], args["h"])
        assert args["url"].startswith("https://")
    assert img_src_directive(csp) == "img-src 'self' data:", "no third-party picture host in the policy"


@pytest.mark.parametrize("category", ["images", "news", "videos"])
def test_without_pictures_nothing_is_loaded_and_the_links_stay(app, category):
    tree, sources, csp = results(app, category, {"load_images": "0"})
    assert sources and set(sources) == {PLACEHOLDER}
    assert img_src_directive(csp) == "img-src 'self' data:"
    if category == "images":
        assert tree.xpath("//a[@class='image-full']/@href")[0].startswith("https://img.example.org/full/")


def test_from_their_hosts_the_policy_names_those_hosts_only_there(app):
    _, sources, csp = results(app, "images", {})
    assert sources[0] == "https://img.example.org/thumb/0.png"
    assert "https://img.example.org" in img_src_directive(csp)


def test_the_proxy_setting_is_the_default_and_a_user_can_turn_it_off(app_factory, fake_engine):
    base = fake_engine.url
    engines = [{"name": "commons", "engine": "wikicommons", "base_url": f"{base}/commons", "enable_http": True,
                "shortcut": "wc", "categories": ["images"]}]
    proxied = app_factory(make_settings(engines, server={"image_proxy": True}, search={"cache_ttl": 0}))
    _, sources, _ = results(proxied, "images", {})
    assert all(s.startswith("/image_proxy?") for s in sources)
    _, sources, _ = results(proxied, "images", {"image_proxy": "0"})
    assert sources[0].startswith("https://img.example.org/")
    locked = app_factory(make_settings(engines, server={"image_proxy": True}, preferences={"lock": ["image_proxy"]},
                                       search={"cache_ttl": 0}))
    _, sources, _ = results(locked, "images", {"image_proxy": "0"})
    assert all(s.startswith("/image_proxy?") for s in sources), "a locked preference ignores the cookie"


@pytest.mark.parametrize(("stored", "family_filter"), [("0", "false"), ("1", "true"), ("2", "true")])
def test_the_safe_search_preference_reaches_the_videos_engine(app, fake_engine, stored, family_filter):
    client = app.test_client()
    client.post("/preferences", data={"safesearch": stored})
    query = f"safe-{stored}-{family_filter}"
    assert client.get("/search", query_string={"q": query, "categories": "videos"}).status_code == 200
    (args,) = [a for path, a, _ in fake_engine.requests if path.startswith("/dailymotion") and a.get("search") == query]
    assert args["family_filter"] == family_filter
    assert ("is_created_for_kids" in args) == (stored == "2")


@pytest.mark.parametrize(("url", "svg"), [
    ("https://cdn.jsdelivr.net/npm/lucide-static/icons/cat.svg", True),
    ("https://example.org/ICON.SVG?v=2#top", True),
    ("https://example.org/picture.svg.png", False),
    ("https://example.org/svg?format=png", False),
])
def test_svg_files_are_known_by_their_path(url: str, svg: bool) -> None:
    from searx.proxy.images import svg_url

    assert svg_url(url) is svg  # with the image proxy on, such a picture gets the placeholder
