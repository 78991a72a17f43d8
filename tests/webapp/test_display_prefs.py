"""How pages look and behave, as preferences (SearXNG's names) with defaults from the ui.* settings:
the style, centring, the query in the title, result links in new tabs, how result addresses are
written, the hotkeys' layout. Every value from outside is checked."""

from __future__ import annotations

import json
from typing import Any

import lxml.html
import pytest

from searx.webapp.url_text import display_url
from tests.conftest import json_engine_entry, make_settings
from tests.webapp.test_preferences_page import cookies_of


@pytest.fixture
def build(app_factory: Any, fake_engine: Any) -> Any:
    def make(**ui: Any) -> Any:
        engines = [json_engine_entry(fake_engine.url, "alpha")]
        return app_factory(make_settings(engines, ui=ui, search={"cache_ttl": 0})).test_client()

    return make


def tree(client: Any, url: str = "/search?q=alpha") -> Any:
    resp = client.get(url)
    assert resp.status_code == 200
    return lxml.html.fromstring(resp.data)


def client_settings(page: Any) -> dict[str, Any]:
    return json.loads(page.xpath("//script[@id='client-settings']/text()")[0])


@pytest.mark.parametrize(("style", "scheme"), [("auto", "light dark"), ("light", "light"), ("dark", "dark"),
                                               ("black", "dark")])
def test_the_style_is_on_every_page_with_its_colour_scheme(build: Any, style: str, scheme: str) -> None:
    client = build()
    assert client.post("/preferences", data={"simple_style": style}).status_code == 200
    for url in ("/", "/search?q=alpha", "/preferences", "/stats?format=html", "/info/en/about"):
        page = tree(client, url)
        assert page.xpath("/html/@class")[0].split()[0] == f"style-{style}", url
        assert page.xpath("//meta[@name='color-scheme']/@content") == [scheme]


def test_the_style_s_default_is_the_setting_and_a_bad_value_is_ignored(build: Any) -> None:
    client = build(theme_args={"simple_style": "black"})
    assert tree(client, "/").xpath("/html/@class") == ["style-black"]
    resp = client.post("/preferences", data={"simple_style": "neon"})
    assert "simple_style" not in cookies_of(resp)
    client.set_cookie("simple_style", '"><script>alert(1)</script>')
    assert tree(client, "/").xpath("/html/@class") == ["style-black"]


def test_the_stylesheet_has_the_four_styles() -> None:
    from searx.webapp import STATIC

    css = (STATIC / "css" / "searx.css").read_text()
    for selector in (":root.style-light", ":root.style-dark", ":root.style-black", ":root.style-auto"):
        assert selector in css
    auto = css[css.index("@media (prefers-color-scheme: dark)"):]
    assert auto.index(":root.style-auto") < auto.index("}")  # auto turns dark with the system, the others never


def test_center_alignment_from_the_setting_and_the_preference(build: Any) -> None:
    client = build(center_alignment=True)
    assert "center-alignment" in tree(client).xpath("/html/@class")[0]
    client.post("/preferences", data={"engines_form": "1"})  # the form sent without the box: off
    assert "center-alignment" not in tree(client).xpath("/html/@class")[0]
    client.post("/preferences", data={"engines_form": "1", "center_alignment": "1"})
    assert "center-alignment" in tree(client).xpath("/html/@class")[0]


def test_the_query_in_the_title_is_the_user_s_choice(build: Any) -> None:
    client = build()
    assert tree(client).xpath("//title/text()") == ["searx-ai"]  # the default keeps queries out of the history
    client.post("/preferences", data={"engines_form": "1", "engine_alpha": "on", "query_in_title": "1"})
    assert tree(client).xpath("//title/text()") == ["alpha - searx-ai"]
    assert tree(build(query_in_title=True)).xpath("//title/text()") == ["alpha - searx-ai"]


def test_results_open_in_a_new_tab_when_asked(build: Any) -> None:
    client = build()
    assert not tree(client).xpath("//article[@class='result']//h3/a/@target")
    client.post("/preferences", data={"engines_form": "1", "engine_alpha": "on", "results_on_new_tab": "1"})
    targets = tree(client).xpath("//article[@class='result']//h3/a/@target")
    assert targets and set(targets) == {"_blank"}
    assert set(tree(build(results_on_new_tab=True)).xpath("//article[@class='result']//h3/a/@target")) == {"_blank"}


@pytest.mark.parametrize(("mode", "text"), [("pretty", "https://shared.example.org › alpha › 0"),
                                            ("full", "https://shared.example.org/alpha/0"),
                                            ("host", "shared.example.org")])
def test_result_addresses_are_written_as_chosen_and_linked_whole(build: Any, mode: str, text: str) -> None:
    client = build()
    client.post("/preferences", data={"url_formatting": mode})
    result = tree(client).xpath("//article[@id='result-1']")[0]
    assert result.xpath("string(.//p[@class='url']/bdi)") == text
    assert len(result.xpath(".//p[@class='url']/bdi/bdi")) == text.count("›") + 1  # each part isolated
    assert result.xpath(".//h3/a/@href") == ["https://shared.example.org/alpha/0"]
    assert tree(build(url_formatting=mode)).xpath("string(//article[@id='result-1']//p[@class='url']/bdi)") == text


@pytest.mark.parametrize(("url", "pretty", "host"), [
    ("https://example.org/", "https://example.org", "example.org"),
    ("https://example.org/a/b/", "https://example.org › a › b", "example.org"),
    ("https://example.org/caf%C3%A9/men%C3%BC", "https://example.org › café › menü", "example.org"),
    ("https://example.org:8443/x", "https://example.org:8443 › x", "example.org:8443"),
    ("https://user:secret@example.org/x", "https://example.org › x", "example.org"),  # never a password
    ("https://example.org/?/foo/bar", "https://example.org › /foo/bar", "example.org"),
    ("https://example.org/?" + "x" * 40, "https://example.org › .." + "x" * 24, "example.org"),
    ("https://example.org/p?a=1&b=2", "https://example.org › p", "example.org"),
    ("https://example.org/%E2%80%AEfdp.exe", "https://example.org › fdp.exe", "example.org"),  # no bidi override
    ("https://example.org/a%0Ab%00c", "https://example.org › abc", "example.org"),
    ("https://[::1/", "https://[::1/", "https://[::1/"),  # unparsable: as it is
])
def test_display_url(url: str, pretty: str, host: str) -> None:
    assert display_url(url, "pretty") == pretty
    assert display_url(url, "host") == host
    assert display_url(url, "full") == url


def test_the_hotkeys_layout_reaches_the_page_and_its_list(build: Any) -> None:
    client = build()
    page = tree(client)
    assert client_settings(page)["hotkeys"] == "default"
    help_box = page.xpath("//section[@id='hotkeys-help']")[0]
    assert help_box.get("hidden") is not None and "→" in help_box.text_content()  # shown by the script only
    client.post("/preferences", data={"hotkeys": "vim"})
    page = tree(client)
    assert client_settings(page)["hotkeys"] == "vim"
    assert page.xpath("//section[@id='hotkeys-help']//kbd[text()='j']")
    assert client_settings(tree(build(hotkeys="vim")))["hotkeys"] == "vim"
    assert cookies_of(client.post("/preferences", data={"hotkeys": "emacs"}))["hotkeys"] == "vim"  # unchanged


def test_the_preferences_page_offers_every_choice_and_keeps_them_in_the_share_link(build: Any) -> None:
    client = build()
    page = tree(client, "/preferences")
    options = {name: page.xpath(f"//select[@name='{name}']/option/@value")
               for name in ("simple_style", "url_formatting", "hotkeys")}
    assert options == {"simple_style": ["auto", "light", "dark", "black"], "url_formatting": ["pretty", "full", "host"],
                       "hotkeys": ["default", "vim"]}
    assert page.xpath("//input[@name='center_alignment']") and page.xpath("//input[@name='query_in_title']")
    assert not page.xpath("//select[@name='favicon_resolver']")  # the instance has no resolver
    client.post("/preferences", data={"simple_style": "dark", "safesearch": "2", "language": "de", "hotkeys": "vim"})
    link = tree(client, "/preferences").xpath("//a[@class='share-url']/@href")[0]
    other = build()
    shown = tree(other, link.replace("http://localhost", ""))
    assert shown.xpath("//select[@name='simple_style']/option[@selected]/@value") == ["dark"]
    assert shown.xpath("//select[@name='safesearch']/option[@selected]/@value") == ["2"]
    assert shown.xpath("//select[@name='language']/option[@selected]/@value") == ["de"]
    assert shown.xpath("//select[@name='hotkeys']/option[@selected]/@value") == ["vim"]


def test_a_result_address_part_cannot_inject_markup(build: Any) -> None:
    from flask import render_template_string

    client = build()
    app = client.application
    with app.test_request_context("/search?q=x"):
        app.preprocess_request()
        html = render_template_string("{{ url|url_text }}", url="https://example.org/%3Cb%3Ex%3C%2Fb%3E/a")
    assert "<b>" not in html and "&lt;b&gt;x&lt;" in html
