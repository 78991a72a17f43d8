"""The preferences page a person can use without JavaScript: languages, category boxes, engines by
category with their health, picture choices; every new value validated and attacked."""

from __future__ import annotations

from typing import Any

import pytest
from flask import render_template_string
from lxml import etree
from werkzeug.http import parse_cookie

from searx.webapp.image_links import PLACEHOLDER
from tests.conftest import json_engine_entry, make_settings


def cookies_of(resp: Any) -> dict[str, str]:
    """The cookies a response sets, their values decoded."""
    out: dict[str, str] = {}
    for header in resp.headers.getlist("Set-Cookie"):
        out.update(parse_cookie(header.split(";", 1)[0]))
    return out


@pytest.fixture
def media_app(app_factory: Any, fake_engine: Any) -> Any:
    engines = [json_engine_entry(fake_engine.url, "alpha"),
               json_engine_entry(fake_engine.url, "pics", categories=["images"]),
               json_engine_entry(fake_engine.url, "papers", categories=["news", "general"]),
               json_engine_entry(fake_engine.url, "clips", categories=["videos"])]
    tabs = {"general": {}, "images": {}, "videos": {}, "news": {}}
    return app_factory(make_settings(engines, categories_as_tabs=tabs))


def page(client: Any, **headers: str) -> Any:
    resp = client.get("/preferences", headers=headers)
    assert resp.status_code == 200
    return etree.HTML(resp.data)


def test_search_languages_are_named_in_the_interface_language(media_app):
    client = media_app.test_client()
    options = dict(zip(page(client).xpath("//select[@name='language']/option/@value"),
                       page(client).xpath("//select[@name='language']/option/text()"), strict=True))
    assert options["auto"].startswith("Automatic") and options["all"] == "All languages"
    assert options["de"] == "German (de)" and options["pt-BR"] == "Portuguese (Brazil) (pt-BR)"
    client.set_cookie("locale", "de")
    german = page(client).xpath("//select[@name='language']/option[@value='en']/text()")
    assert german == ["Englisch (en)"]


def test_a_stored_language_outside_the_list_stays_selected(media_app):
    client = media_app.test_client()
    client.post("/preferences", data={"language": "en-NZ"})
    assert page(client).xpath("//select[@name='language']/option[@selected]/@value") == ["en-NZ"]


@pytest.mark.parametrize("value", ['"><script>alert(1)</script>', "x" * 100_000, "de\nSet-Cookie: a=b", "EN", "auto,de"])
def test_a_bad_language_is_ignored(media_app, value):
    client = media_app.test_client()
    resp = client.post("/preferences", data={"language": value})
    assert resp.status_code == 200 and "language" not in cookies_of(resp)
    assert b"<script>alert(1)" not in resp.data


def test_default_categories_are_checkboxes_in_tab_order_and_are_saved(media_app):
    client = media_app.test_client()
    boxes = page(client).xpath("//fieldset[@class='pref-categories']//input[@type='checkbox']/@name")
    assert boxes == ["category_general", "category_images", "category_videos", "category_news"]
    resp = client.post("/preferences", data={"categories_form": "1", "category_images": "on", "category_videos": "on"})
    assert cookies_of(resp)["categories"] == "images,videos"
    checked = page(client).xpath("//fieldset[@class='pref-categories']//input[@checked]/@name")
    assert checked == ["category_images", "category_videos"]
    data = client.get("/search?q=x&format=json").get_json()
    assert {e for r in data["results"] for e in r["engines"]} == {"pics", "clips"}


def test_unknown_or_hostile_categories_are_ignored(media_app):
    client = media_app.test_client()
    resp = client.post("/preferences", data={"categories_form": "1", "category_<b>x</b>": "on", "category_nope": "on"})
    assert cookies_of(resp)["categories"] == "general"  # nothing known checked: the default
    for bad in ("<script>alert(1)</script>", ",".join(["images"] * 500), "images,,news"):
        resp = client.post("/preferences", data={"categories": bad})
        assert cookies_of(resp)["categories"] == "general"  # the stored value, unchanged
        assert b"<script>alert(1)" not in resp.data


def test_engines_are_grouped_by_category_with_a_switch_each(media_app):
    tree = page(media_app.test_client())
    groups = tree.xpath("//fieldset[@class='engine-group']")
    assert [g.xpath("string(legend)") for g in groups] == ["General", "Images", "Videos", "News"]
    names = [g.xpath(".//input[@role='switch']/@name") for g in groups]
    assert names == [["engine_alpha"], ["engine_pics"], ["engine_clips"], ["engine_papers"]]
    assert tree.xpath("//input[@name='engines_form']/@value") == ["1"]


def test_each_engine_shows_its_health(media_app):
    health = media_app.extensions["searx"].health
    health.record("pics", "challenged", reason="CAPTCHA")
    health.record("clips", "timeout")
    health.record("clips", "timeout")
    tree = page(media_app.test_client())

    def state(name: str) -> str:
        li = tree.xpath(f"//input[@name='engine_{name}']/ancestor::li")[0]
        return li.xpath("string(.//span[contains(@class, 'engine-state')])")

    assert state("alpha") == "working"
    assert state("pics").startswith("suspended after a bot check: CAPTCHA (") and "minutes left" in state("pics")
    assert state("clips").startswith("cooling down: timeout (1 minute left)")


def test_unknown_engine_names_change_nothing(media_app):
    client = media_app.test_client()
    resp = client.post("/preferences", data={"engines_form": "1", "engine_alpha": "on", "engine_pics": "on",
                                             "engine_papers": "on", "engine_clips": "on",
                                             "engine_<script>": "on", "engine_nope": "on"})
    assert cookies_of(resp)["disabled_engines"] == ""
    resp = client.post("/preferences", data={"enabled_engines": "<script>alert(1)</script>,nope"})
    assert b"<script>alert(1)" not in client.get("/preferences").data
    assert client.get("/search?q=x&format=json").status_code == 200


def test_picture_choices_are_saved_and_unchecked_means_off(media_app):
    client = media_app.test_client()
    resp = client.post("/preferences", data={"engines_form": "1", "engine_alpha": "on", "image_proxy": "1"})
    cookies = cookies_of(resp)
    assert cookies["load_images"] == "0" and cookies["image_proxy"] == "1"
    resp = client.post("/preferences", data={"load_images": "<img src=x onerror=alert(1)>", "image_proxy": "2"})
    cookies = cookies_of(resp)
    assert cookies["load_images"] == "0" and cookies["image_proxy"] == "1"  # the stored values, unchanged
    assert b"onerror=alert" not in resp.data


def test_new_preferences_keep_the_cross_site_rule(media_app):
    resp = media_app.test_client().post("/preferences", data={"load_images": "0", "categories_form": "1"},
                                        headers={"Origin": "https://evil.example"})
    assert resp.status_code == 403 and not resp.headers.getlist("Set-Cookie")


@pytest.mark.parametrize(("server_proxy", "cookies", "expected"), [
    (False, {}, "direct"),
    (True, {}, "proxy"),
    (False, {"image_proxy": "1"}, "proxy"),
    (True, {"image_proxy": "0"}, "direct"),
    (True, {"load_images": "0"}, "off"),
])  # fmt: skip
def test_image_url_follows_the_preferences(engine_app, server_proxy, cookies, expected):
    app = engine_app("a", server={"image_proxy": server_proxy})
    header = "; ".join(f"{k}={v}" for k, v in cookies.items())
    with app.test_request_context("/search", headers={"Cookie": header} if header else {}):
        out = render_template_string("{{ image_url(u) }}|{{ image_url('') }}", u="https://img.example.org/a.png?x=1&y=2")
    url, empty = out.split("|")
    assert empty == PLACEHOLDER
    if expected == "direct":
        assert url == "https://img.example.org/a.png?x=1&amp;y=2"
    elif expected == "proxy":
        assert url.startswith("/image_proxy?url=https://img.example.org/a.png%3Fx%3D1%26y%3D2&amp;e=")
    else:
        assert url == PLACEHOLDER


def test_a_stored_language_that_is_no_language_does_not_break_searches(media_app):
    # a cookie from the old free-text field: it used to make every search a 400 until the user found the setting
    client = media_app.test_client()
    client.set_cookie("language", "en_US")
    assert client.get("/search?q=x&format=json").status_code == 200
    assert page(client).xpath("//select[@name='language']/option[@selected]/@value") == ["auto"]
