"""Every plugin in /preferences: a translated line each, a switch each, saved in the SearXNG cookies."""

from __future__ import annotations

import json
from typing import Any

import lxml.html
import pytest


@pytest.fixture
def app(engine_app: Any) -> Any:
    return engine_app("alpha", hostnames={"remove": [r"^spam\.example$"]})  # fmt: skip


def _switches(page: bytes) -> dict[str, tuple[bool, str]]:
    doc = lxml.html.fromstring(page)
    return {box.get("name")[7:]: (box.get("checked") is not None, box.getparent().text_content().strip())
            for box in doc.xpath("//input[starts-with(@name, 'plugin_')]")}  # fmt: skip


def test_every_plugin_has_a_switch_with_its_default_and_a_line(app: Any) -> None:
    switches = _switches(app.test_client().get("/preferences").data)
    assert {k: on for k, (on, _) in switches.items()} == {
        "hostnames": True, "tracker_url_remover": True, "oa_doi_rewrite": False, "hash_plugin": True,
        "calculator": True, "unit_converter": True, "self_info": True, "time_zone": True, "tor_check": False,
        "infinite_scroll": False, "random": True, "statistics": True, "ai_summary": True}
    assert all(len(line) > 20 for _, line in switches.values())


def test_the_lines_are_translated(app: Any) -> None:
    english = _switches(app.test_client().get("/preferences").data)
    german = _switches(app.test_client().get("/preferences", query_string={"locale": "de"}).data)
    assert all(german[k][1] != english[k][1] for k in english), [k for k in english if german[k] == english[k]]


def test_switching_plugins_in_the_form(app: Any) -> None:
    client = app.test_client()
    form = {"engines_form": "1", "engine_alpha": "on", "plugin_hostnames": "on", "plugin_infinite_scroll": "on"}
    assert client.post("/preferences", data=form).status_code in (200, 303)
    switches = _switches(client.get("/preferences").data)
    assert switches["infinite_scroll"][0] and not switches["calculator"][0] and switches["hostnames"][0]
    got = client.get("/search", query_string={"q": "2^16", "format": "json"}).get_json()
    assert got["answers"] == []


def test_infinite_scroll_reaches_the_page_and_the_page_links_stay(app: Any) -> None:
    client = app.test_client()

    def settings(page: bytes) -> dict[str, Any]:
        return json.loads(lxml.html.fromstring(page).get_element_by_id("client-settings").text)

    page = client.get("/search", query_string={"q": "alpha"}).data
    assert settings(page)["infinite_scroll"] is False
    client.set_cookie("enabled_plugins", "infinite_scroll")
    page = client.get("/search", query_string={"q": "alpha"}).data
    assert settings(page)["infinite_scroll"] is True
    links = lxml.html.fromstring(page).xpath("//nav[@class='pagination']/a[@rel='next']/@href")
    assert links and "pageno=2" in links[0]  # without JavaScript the next page is one link away
    assert client.get(links[0]).status_code == 200
