"""The search box's suggestions in Chromium: the keyboard path, what a screen reader is told
(roles, aria-expanded, aria-activedescendant, the polite count), a stale answer dropped, the list
within 320 px and right to left, and a plain search field without JavaScript.

The app asks DuckDuckGo's real endpoint through the upstream-hosts double (tests/upstream_hosts.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import OUTPUT, Served
from tests.conftest import json_engine_entry, make_settings
from tests.upstream_hosts import Reply

pytestmark = pytest.mark.browser


def completions(seen: Any) -> Reply:
    """DuckDuckGo's answer: three completions of the partial query (``paris h`` -> ``paris hilton``…)."""
    q = seen.arg("q") or ""
    body = json.dumps([q, [f"{q}ilton", f"{q}otels", f"{q}auptstadt"]])
    return Reply(body, content_type="application/x-suggestions+json")


@pytest.fixture
def suggesting(serve_app: Callable[..., Served], fake_engine: Any, hosts: Any) -> Served:
    hosts.route("duckduckgo.com", "/ac/", completions)
    # the engine's requests go through the same double: a page of results for the results page
    hosts.route("127.0.0.1", "/json", json.dumps({"results": [
        {"url": f"https://alpha.example.org/{i}", "title": f"Alpha result {i}", "content": "A snippet about alpha."}
        for i in range(1, 5)]}), content_type="application/json")
    sections = hosts.settings()
    sections["search"] = {**sections["search"], "autocomplete": "duckduckgo"}
    return serve_app(make_settings([json_engine_entry(fake_engine.url, "alpha", extra="&n=4")], **sections), Served)


def assert_keyboard_path(r: dict[str, Any], *, label: str, count: str) -> None:
    mounted, open_, moved, escaped, reopened = (r[k] for k in ("mounted", "open", "moved", "escaped", "reopened"))
    assert (mounted["role"], mounted["autocomplete"], mounted["expanded"], mounted["controls"]) == (
        "combobox", "list", "false", "q-suggestions")
    assert (mounted["listRole"], mounted["listLabel"], mounted["listShown"]) == ("listbox", label, False)
    assert mounted["liveRole"] == "polite" and mounted["activedescendant"] is None
    texts = [o["text"] for o in open_["options"]]
    assert texts == ["paris hilton", "paris hotels", "paris hauptstadt"]  # never the held, stale answer
    assert open_["expanded"] == "true" and open_["listShown"] and open_["live"] == count
    assert open_["activedescendant"] is None and open_["value"] == "paris h"
    assert moved["activedescendant"] == "q-suggestions-1" and moved["activeText"] == "paris hotels"
    assert [o["selected"] for o in moved["options"]] == ["false", "true", "false"]
    assert moved["value"] == "paris h" and moved["focused"]  # focus stays in the box; the text is unchanged
    assert (escaped["expanded"], escaped["listShown"], escaped["activedescendant"]) == ("false", False, None)
    assert escaped["value"] == "paris h" and escaped["focused"]
    assert reopened["expanded"] == "true" and reopened["activedescendant"] == "q-suggestions-0"
    assert r["landed"] == {"path": "/search", "q": "paris hilton"}


def assert_requests(r: dict[str, Any]) -> None:
    asked = [a for a in r["seen"]["autocompleter"] if "q" in a]
    assert asked and all(a["method"] == "POST" and "paris" not in a["url"] for a in asked)  # no query in a URL
    assert [a["q"] for a in asked][0] == "pari" and asked[-1]["q"] == "paris h"
    assert r["seen"]["pageErrors"] == []


def assert_list_fits(report: dict[str, Any]) -> None:
    box, lst, width = report["inputBox"], report["listBox"], report["viewport"]
    assert lst is not None and lst["top"] >= box["bottom"]  # under the box, not over it
    assert 0 <= lst["left"] and lst["right"] <= width and report["scrollWidth"] <= width
    assert abs(lst["left"] - box["left"]) <= 1 and abs(lst["right"] - box["right"]) <= 1


def test_the_keyboard_path_with_a_screen_readers_eyes(suggesting, browser) -> None:
    shot = OUTPUT / "suggest-1280.png"
    r = browser("suggest", suggesting.url + "/", hold="pari", type="s h", screenshots=[str(shot)])
    assert_keyboard_path(r, label="Suggestions", count="3 suggestions")
    assert_requests(r)
    assert_list_fits(r["moved"])
    assert shot.stat().st_size > 5_000


def test_the_results_page_box_at_320_px(suggesting, browser) -> None:
    shot = OUTPUT / "suggest-320.png"
    r = browser("suggest", suggesting.search("alpha"), hold="pari", type="s h", screenshots=[str(shot)],
                viewport={"width": 320, "height": 640})
    assert_keyboard_path(r, label="Suggestions", count="3 suggestions")
    assert_list_fits(r["moved"])


def test_right_to_left(suggesting, browser) -> None:
    shot = OUTPUT / "suggest-rtl-arabic.png"
    r = browser("suggest", suggesting.url + "/", hold="pari", type="s h", screenshots=[str(shot)], locale="ar",
                viewport={"width": 360, "height": 760})
    assert r["moved"]["dir"] == "rtl"
    assert_keyboard_path(r, label="اقتراحات", count="3 اقتراحات")
    assert_list_fits(r["moved"])


def test_without_javascript_a_plain_search_field(suggesting, browser) -> None:
    r = browser("suggestNoJs", suggesting.url + "/", type="paris h", javaScriptEnabled=False)
    typed = r["typed"]
    assert typed["role"] is None and typed["expanded"] is None and typed["listShown"] is False
    assert typed["value"] == "paris h" and r["landed"] == "paris h"
