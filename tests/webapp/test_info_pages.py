"""The pages around the search: /robots.txt (public and private), /about and /info/<locale>/about,
/clear_cookies and /engine_descriptions.json; in every interface language, without JavaScript."""

from __future__ import annotations

from typing import Any

import lxml.html
import pytest
from werkzeug.http import parse_cookie

from searx.webapp import i18n
from tests.conftest import json_engine_entry, make_settings

LINKS = {"privacypolicy_url": "https://example.org/privacy", "contact_url": "mailto:ops@example.org"}


@pytest.fixture
def build(app_factory: Any, fake_engine: Any) -> Any:
    def make(server: dict[str, Any] | None = None, general: dict[str, Any] | None = None) -> Any:
        engines = [json_engine_entry(fake_engine.url, "alpha", about={"website": "https://alpha.example/"}),
                   json_engine_entry(fake_engine.url, "beta", about={"description": "Beta's own words."},
                                     categories=["images"]),
                   json_engine_entry(fake_engine.url, "off", disabled=True)]
        return app_factory(make_settings(engines, server=server or {}, general=general or {})).test_client()

    return make


def test_a_private_instance_keeps_every_robot_out(build: Any) -> None:
    resp = build().get("/robots.txt")
    assert resp.status_code == 200 and resp.mimetype == "text/plain"
    assert resp.get_data(as_text=True) == "User-agent: *\nDisallow: /\n"


def test_a_public_instance_lets_robots_read_its_pages_but_no_search_or_api(build: Any) -> None:
    text = build({"public_instance": True}).get("/robots.txt").get_data(as_text=True)
    lines = text.splitlines()
    assert lines[0] == "User-agent: *" and "Allow: /$" in lines and "Allow: /info/" in lines
    disallowed = {line.removeprefix("Disallow: ") for line in lines if line.startswith("Disallow: ")}
    assert {"/search", "/stats", "/preferences", "/autocompleter", "/image_proxy", "/favicon_proxy", "/fetch",
            "/ai_summary", "/mcp", "/api/", "/config", "/metrics", "/*?*q=*"} <= disallowed
    assert "/" not in disallowed


def test_about_redirects_to_the_page_in_the_interface_language(build: Any) -> None:
    client = build()
    assert client.get("/about").headers["Location"] == "http://localhost/info/en/about"
    resp = client.get("/about", headers={"Accept-Language": "pt-BR,pt;q=0.8"})
    assert resp.status_code == 302 and resp.headers["Location"] == "http://localhost/info/pt_BR/about"


def test_the_about_page_says_what_the_instance_is_and_runs(build: Any) -> None:
    resp = build(general=LINKS).get("/info/en/about")
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    tree = lxml.html.fromstring(resp.data)
    assert tree.xpath("//h1/text()") == ["About searx-ai"]
    assert "metasearch engine" in tree.xpath("string(//section[@class='about']/p[1])")
    assert tree.xpath("//p[@class='about-links']/a/@href") == [LINKS["privacypolicy_url"], LINKS["contact_url"]]
    rows = {r.xpath("string(th)"): r for r in tree.xpath("//table[@class='about-engines']/tbody/tr")}
    assert set(rows) == {"alpha", "beta"}  # the engines on by default
    assert rows["alpha"].xpath("th/a/@href") == ["https://alpha.example/"]
    assert rows["beta"].xpath("string(td[3])") == "Beta's own words."
    assert rows["beta"].xpath("string(td[1])") == "Images" and rows["alpha"].xpath("string(td[2])") == "!alpha"
    plugins = tree.xpath("//ul[@class='about-plugins']/li/strong/text()")
    assert plugins  # the built-in plugins are listed
    assert "/stats" in tree.xpath("//section[@class='about']//a/@href")
    assert not tree.xpath("//script[not(@type='application/json') and not(@src)]")  # nothing inline to run


def test_without_links_the_about_page_names_none(build: Any) -> None:
    tree = lxml.html.fromstring(build().get("/info/en/about").data)
    assert not tree.xpath("//p[@class='about-links']")


@pytest.mark.parametrize("locale", [code for code in i18n.available() if code != "en"])
def test_the_about_and_stats_pages_speak_every_interface_language(build: Any, locale: str) -> None:
    client = build(general=LINKS)
    about = client.get(f"/info/{locale}/about")
    assert about.status_code == 200 and about.headers["Content-Language"] == i18n.bcp47(locale)
    tree = lxml.html.fromstring(about.data)
    assert tree.xpath("/html/@lang") == [i18n.bcp47(locale)]
    assert tree.xpath("/html/@dir") == [i18n.text_direction(locale)]
    heading = tree.xpath("string(//h1)")
    assert heading and "About searx-ai" not in heading, heading  # translated
    assert tree.xpath(f"//footer//a[@href='/info/{locale}/about']")
    stats = lxml.html.fromstring(client.get(f"/stats?format=html&locale={locale}").data)
    assert stats.xpath("string(//h1)") not in ("", "Engine statistics")
    results = lxml.html.fromstring(client.get(f"/search?q=alpha&locale={locale}").data)
    apply = results.xpath("string(//button[@class='filters-apply'])")
    assert apply and apply != "Apply"


def test_the_locale_in_the_address_may_use_a_hyphen(build: Any) -> None:
    resp = build().get("/info/pt-BR/about")
    assert resp.status_code == 200 and resp.headers["Content-Language"] == "pt-BR"


@pytest.mark.parametrize("locale", ["xx", "EN", "..", "de_XX", "<script>", "a" * 300])
def test_an_unknown_locale_is_a_readable_404(build: Any, locale: str) -> None:
    resp = build().get(f"/info/{locale}/about")
    assert resp.status_code == 404 and resp.mimetype == "text/html" and b"<script>" not in resp.data
    assert build().get("/info/en/contact").status_code == 404


def _deleted(resp: Any) -> set[str]:
    out = set()
    for header in resp.headers.getlist("Set-Cookie"):
        name = next(iter(parse_cookie(header.split(";", 1)[0])))
        if "Max-Age=0" in header or "expires=Thu, 01 Jan 1970" in header:
            out.add(name)
    return out


@pytest.mark.parametrize("method", ["get", "post"])
def test_clear_cookies_deletes_the_preference_cookies_and_goes_home(build: Any, method: str) -> None:
    client = build()
    client.post("/preferences", data={"safesearch": "2", "simple_style": "dark"})
    client.set_cookie("unrelated", "kept")
    resp = getattr(client, method)("/clear_cookies", headers={"Sec-Fetch-Site": "same-origin"})
    assert resp.status_code == 303 and resp.headers["Location"] == "http://localhost/"
    assert _deleted(resp) == {"safesearch", "simple_style"} and resp.headers["Cache-Control"] == "no-store"
    assert client.get_cookie("safesearch") is None and client.get_cookie("unrelated") is not None
    tree = lxml.html.fromstring(client.get("/").data)
    assert tree.xpath("/html/@class") == ["style-auto"]


@pytest.mark.parametrize("headers", [{"Sec-Fetch-Site": "cross-site"}, {"Origin": "https://evil.example"},
                                     {"Sec-Fetch-Site": "same-site"}])
def test_another_site_cannot_clear_them(build: Any, headers: dict[str, str]) -> None:
    client = build()
    client.post("/preferences", data={"safesearch": "2"})
    resp = client.get("/clear_cookies", headers=headers)
    assert resp.status_code == 403 and not resp.headers.getlist("Set-Cookie")
    assert client.get_cookie("safesearch").value == "2"


def test_a_typed_address_clears_them(build: Any) -> None:
    client = build()
    client.post("/preferences", data={"safesearch": "2"})
    assert client.get("/clear_cookies", headers={"Sec-Fetch-Site": "none"}).status_code == 303
    assert client.get_cookie("safesearch") is None


def test_the_preferences_page_links_it(build: Any) -> None:
    tree = lxml.html.fromstring(build().get("/preferences").data)
    assert tree.xpath("//a[@href='/clear_cookies']")


def test_engine_descriptions_have_searxng_s_shape(build: Any) -> None:
    resp = build().get("/engine_descriptions.json")
    assert resp.status_code == 200 and resp.mimetype == "application/json"
    data = resp.get_json()
    assert data["beta"] == ["Beta's own words.", "settings"]
    text, source = data["alpha"]
    assert source == "engine module" and text.startswith("Generic JSON engine") and "\n" not in text
    assert set(data) == {"alpha", "beta", "off"}


def test_every_built_in_engine_module_has_a_description() -> None:
    import importlib
    import pkgutil

    import searx.engines as pkg
    from searx.engines import Engine
    from searx.webapp.about import description

    missing = []
    for info in pkgutil.iter_modules(pkg.__path__):
        module = importlib.import_module(f"searx.engines.{info.name}")
        if callable(getattr(module, "request", None)) and callable(getattr(module, "response", None)):
            if not description(Engine(name=info.name, module=module))[0]:
                missing.append(info.name)
    assert missing == []


BROWSER = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
PAGE, JSON = "text/html", "application/json"


@pytest.mark.parametrize(("method", "url", "headers", "status", "page_shape"), [
    ("post", "/robots.txt", {}, 405, PAGE), ("post", "/robots.txt?format=json", {}, 405, JSON),
    ("delete", "/about", {}, 405, PAGE), ("post", "/info/en/about", {}, 405, PAGE),
    ("post", "/info/en/about?format=json", {}, 405, JSON),
    ("get", "/info/xx/about", {}, 404, PAGE), ("get", "/info/xx/about?format=json", {}, 404, JSON),
    ("get", "/info/%3Cscript%3E/about?format=json", {}, 404, JSON),
    ("put", "/clear_cookies", {}, 405, PAGE),
    ("get", "/clear_cookies", {"Sec-Fetch-Site": "cross-site"}, 403, PAGE),
    ("post", "/clear_cookies?format=json", {"Origin": "https://evil.example"}, 403, JSON),
    ("post", "/engine_descriptions.json", {}, 405, JSON), ("post", "/engine_descriptions.json", BROWSER, 405, JSON),
    ("post", "/stats", BROWSER, 405, PAGE), ("post", "/stats", {}, 405, JSON),
    ("get", "/stats?sort=%3Cscript%3E", BROWSER, 400, PAGE), ("get", "/stats?sort=x&format=json", BROWSER, 400, JSON),
    ("get", "/stats?format=xml", {}, 400, JSON), ("get", "/stats?order=up", {}, 400, JSON),
    ("post", "/stats/errors", {}, 405, JSON), ("get", "/stats/errors?engine=alpha", BROWSER, 400, JSON),
    ("get", "/favicon_proxy", {}, 400, PAGE), ("get", "/favicon_proxy?format=json", {}, 400, JSON),
    ("post", "/favicon_proxy", {}, 405, PAGE),
    ("get", "/favicon_proxy?authority=example.org&resolver=duckduckgo&h=" + "0" * 32 + "&format=json", {}, 403, JSON),
])
def test_bad_requests_are_refused_in_the_caller_s_shape(build: Any, method: str, url: str, headers: dict[str, str],
                                                        status: int, page_shape: str) -> None:
    resp = getattr(build(), method)(url, headers=headers)
    assert resp.status_code == status and resp.mimetype == page_shape, resp.data[:200]
    assert b"Traceback" not in resp.data and b"<script>" not in resp.data
    if page_shape == JSON:
        assert isinstance(resp.get_json()["error"], str)  # SearXNG's flat {"error": message}
    else:
        assert lxml.html.fromstring(resp.data).xpath("//main//h1")  # a readable page in the site's frame
