"""``/autocompleter``: bang completions, the backend's suggestions as whole queries, failures that
give none, the cache and cooldown in the store, bad input, the limiter, OpenSearch, and no
keystroke in any log line."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from searx.store import caches
from tests.conftest import json_engine_entry
from tests.upstream_hosts import Reply

FIXTURES = Path(__file__).with_name("fixtures")
DDG = ("duckduckgo.com", "/ac/")
SUGGESTIONS = ["paris hilton", "paris hotels", "paris hauptstadt", "paris hotel", "paris hilton net worth", "paris hbf"]


@pytest.fixture
def ddg(hosts: Any) -> Any:
    """DuckDuckGo's endpoint answering its suggestions."""
    hosts.route(*DDG, (FIXTURES / "duckduckgo.json").read_bytes(), content_type="application/x-suggestions+json")
    return hosts


@pytest.fixture
def make(engine_client: Any, fake_engine: Any) -> Any:
    """``make(**search)``: a client with two engines (shortcuts al, be) and DuckDuckGo's suggestions."""

    def build(engines: list[dict[str, Any]] | None = None, **sections: Any) -> Any:
        search = {"autocomplete": "duckduckgo", **sections.pop("search", {})}
        entries = engines if engines is not None else [
            json_engine_entry(fake_engine.url, "alpha", shortcut="al"),
            json_engine_entry(fake_engine.url, "beta", shortcut="be", categories=["social media"]),
        ]
        return engine_client(entries, search=search, **sections)

    return build


def ask(client: Any, q: str, method: str = "GET") -> Any:
    if method == "POST":
        return client.post("/autocompleter", data={"q": q})
    return client.get("/autocompleter", query_string={"q": q})


# --- bangs ---------------------------------------------------------------------------------


def test_double_bang_completes_from_the_bang_table_and_asks_nobody(make, hosts) -> None:
    client = make()
    assert ask(client, "!!").get_json() == ["!!", ["!!g", "!!ddg", "!!w", "!!wt", "!!yt", "!!gh", "!!osm", "!!a",
                                                   "!!so", "!!r"]]
    found = ask(client, "!!gh").get_json()[1]
    assert found[0] == "!!gh" and all(s.startswith("!!gh") for s in found)  # gh, then ghc, ghi
    assert ask(client, "paris !!wd").get_json() == ["paris !!wd", ["paris !!wd", "paris !!wde"]]
    assert ask(client, "!!zzzz").get_json() == ["!!zzzz", []]
    assert hosts.seen == []


def test_single_bang_completes_shortcuts_engine_names_and_categories(make, hosts) -> None:
    client = make()
    assert ask(client, "!a").get_json() == ["!a", ["!al", "!alpha"]]
    assert ask(client, "x !soc").get_json() == ["x !soc", ["x !social_media"]]
    assert set(ask(client, "!").get_json()[1]) == {"!al", "!alpha", "!be", "!beta", "!general", "!social_media"}
    assert hosts.seen == []


def test_operator_bangs_are_completed_too(make) -> None:
    client = make(bangs={"intranet": "https://intra.example.org/find?q={query}", "g": None})
    assert ask(client, "!!intr").get_json()[1] == ["!!intranet"]
    assert "!!g" not in ask(client, "!!g").get_json()[1]


# --- the backend's suggestions -------------------------------------------------------------


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_suggestions_are_whole_queries_with_the_bangs_in_front(make, ddg, method) -> None:
    client = make()
    assert ask(client, "paris h", method).get_json() == ["paris h", SUGGESTIONS]
    answer = ask(client, "!al paris !!w h", method).get_json()  # the last word is no bang: suggestions
    assert answer == ["!al paris !!w h", [f"!al !!w {s}" for s in SUGGESTIONS]]
    assert [s.arg("q") for s in ddg.seen] == ["paris h"]  # the second asked the same text: from the store


def test_short_queries_and_no_backend_ask_nobody(make, hosts) -> None:
    assert ask(make(), "par").get_json() == ["par", []]  # autocomplete_min: 4
    assert ask(make(search={"autocomplete": ""}), "paris h").get_json() == ["paris h", []]
    assert ask(make(), "!al pa").get_json() == ["!al pa", []]  # the bang is no part of the text's length
    assert ask(make(), "").get_json() == ["", []]
    assert hosts.seen == []


def test_the_users_preference_chooses_the_backend(make, hosts) -> None:
    hosts.route("search.brave.com", "/api/suggest", (FIXTURES / "brave.json").read_bytes(),
                content_type="application/json")
    client = make()
    client.set_cookie("autocomplete", "brave")
    assert ask(client, "paris h").get_json()[1][0] == "paris hilton"
    client.set_cookie("autocomplete", "")
    assert ask(client, "paris h").get_json() == ["paris h", []]
    client.set_cookie("autocomplete", "nosuchbackend")  # ignored: the instance's default is asked
    hosts.route(*DDG, (FIXTURES / "duckduckgo.json").read_bytes())
    assert ask(client, "paris h").get_json() == ["paris h", SUGGESTIONS]
    assert [s.host for s in hosts.seen] == ["search.brave.com", "duckduckgo.com"]


# --- failures give no suggestions ----------------------------------------------------------


@pytest.mark.parametrize("reply", [
    Reply(b"oops", status=500), Reply(b"<html>not json</html>"), Reply(b'{"unexpected": true}'),
    Reply(b'["paris h", "not a list"]'), Reply(b"", status=204), Reply(b"\xff\xfe\x00garbage"),
], ids=["500", "html", "object", "no-list", "204", "bytes"])
def test_a_failing_backend_gives_no_suggestions_never_an_error(make, hosts, reply) -> None:
    hosts.route(*DDG, reply)
    answer = ask(make(), "paris h")
    assert answer.status_code == 200 and answer.get_json() == ["paris h", []]


def test_a_slow_backend_is_given_up_after_its_timeout(make, hosts) -> None:
    hosts.route(*DDG, Reply(hang=True))
    answer = ask(make(search={"autocomplete_timeout": 0.3}), "paris h")
    assert answer.status_code == 200 and answer.get_json() == ["paris h", []]


def test_an_unreachable_backend_gives_no_suggestions(make, hosts) -> None:
    answer = ask(make(), "paris h")  # no route: the proxy answers 502
    assert answer.get_json() == ["paris h", []] and len(hosts.unrouted) == 1


def test_a_refusing_backend_is_left_alone_for_its_retry_after(make, hosts) -> None:
    hosts.route(*DDG, Reply(b"slow down", status=429, headers={"Retry-After": "120"}))
    client = make()
    assert ask(client, "paris h").get_json() == ["paris h", []]
    assert ask(client, "paris hi").get_json() == ["paris hi", []]
    assert len(hosts.seen) == 1  # the second query was not sent
    svc = client.application.extensions["searx"]
    assert svc.store.get("ac-cool:duckduckgo") is not None


# --- cache ---------------------------------------------------------------------------------


def test_answers_are_kept_briefly_under_a_hashed_key(make, ddg) -> None:
    client = make()
    assert ask(client, "paris h").get_json()[1] == SUGGESTIONS
    assert ask(client, "paris h", "POST").get_json()[1] == SUGGESTIONS
    assert len(ddg.seen) == 1
    svc = client.application.extensions["searx"]
    keys = [k for k in caches(svc.store, svc.settings.store)._data if k.startswith("ac:")]  # the caches' pool
    assert len(keys) == 1 and "paris" not in keys[0]
    uncached = make(search={"autocomplete_cache_ttl": 0})
    ask(uncached, "paris h")
    ask(uncached, "paris h")
    assert len(ddg.seen) == 3


# --- bad input, limits, logs, OpenSearch ---------------------------------------------------


def test_bad_input_is_a_json_4xx(make, hosts) -> None:
    client = make()
    long = client.get("/autocompleter", query_string={"q": "x" * 1001})
    assert long.status_code == 400 and "longer than" in long.get_json()["error"]
    big = client.post("/autocompleter", data={"q": "x" * 300_000})
    assert big.status_code == 413 and big.get_json()["error"]
    bad_bang = client.get("/autocompleter", query_string={"q": "!" * 1001})
    assert bad_bang.status_code == 400
    for q in ("\x00\x01", "<script>", "!!\u202e", "%00", "../../etc", "!!w\x00x"):
        odd = client.get("/autocompleter", query_string={"q": q})
        assert odd.status_code == 200 and odd.get_json()[0] == q


def test_the_limiter_gives_suggestions_a_budget_of_their_own(make, ddg) -> None:
    client = make(server={"limiter": True}, limiter={"autocompleter": {"limit": 2, "window": 60}})
    assert ask(client, "!!g").status_code == 200
    assert ask(client, "!!w").status_code == 200
    refused = ask(client, "!!y")
    assert refused.status_code == 429 and refused.headers["Retry-After"] and refused.get_json()["error"]
    assert client.get("/search?q=x&format=json").status_code == 200  # searches keep their own budget


def test_no_keystroke_reaches_a_log_line(make, hosts, caplog) -> None:
    typed = ["paris h", "paris hi", "paris hil", "paris hilt"]
    hosts.route(*DDG, lambda seen: {
        "paris h": Reply(b"oops", status=500), "paris hi": Reply(b"not json"),
        "paris hil": Reply(b"slow", status=429), "paris hilt": Reply(hang=True),
    }[seen.arg("q") or ""])
    with caplog.at_level(logging.DEBUG):
        client = make(search={"autocomplete_timeout": 0.3})
        for q in typed[:3]:
            ask(client, q)
        client.application.extensions["searx"].store.delete("ac-cool:duckduckgo")
        ask(client, typed[3])
    lines = [r.getMessage() for r in caplog.records]
    assert any("autocomplete duckduckgo" in line for line in lines)  # the failures are logged...
    assert not [line for line in lines if "paris" in line or "hilt" in line]  # ...without what was typed


def test_opensearch_names_the_suggestions_only_while_a_backend_is_on(make) -> None:
    on = make().get("/opensearch.xml").data.decode()
    assert "/autocompleter?q={searchTerms}" in on and 'type="application/x-suggestions+json"' in on
    client = make(search={"autocomplete": ""})
    assert "/autocompleter" not in client.get("/opensearch.xml").data.decode()
    client.set_cookie("autocomplete", "wikipedia")
    assert "/autocompleter?q={searchTerms}" in client.get("/opensearch.xml").data.decode()


def test_pages_tell_the_client_when_to_suggest(make) -> None:
    import json

    from lxml import etree

    def settings(client: Any) -> dict[str, Any]:
        page = client.get("/").data
        return json.loads(etree.HTML(page).xpath("//script[@id='client-settings']/text()")[0])

    assert settings(make(search={"autocomplete_min": 3}))["autocomplete"] == {"min": 3}
    assert "autocomplete" not in settings(make(search={"autocomplete": ""}))


def test_the_preferences_offer_every_backend_and_save_the_choice(make) -> None:
    client = make()
    page = client.get("/preferences").data.decode()
    assert 'name="autocomplete"' in page and '<option value="duckduckgo" selected>DuckDuckGo</option>' in page
    assert '<option value="360search" >360 Search</option>' in page and '<option value="" >Off</option>' in page
    saved = client.post("/preferences", data={"autocomplete": "qwant"}, headers={"Origin": "http://localhost"})
    assert saved.status_code == 200 and client.get_cookie("autocomplete").value == "qwant"
    client.post("/preferences", data={"autocomplete": "nosuch"}, headers={"Origin": "http://localhost"})
    assert client.get_cookie("autocomplete").value == "qwant"  # an unknown backend is not stored
    client.post("/preferences", data={"autocomplete": ""}, headers={"Origin": "http://localhost"})
    assert client.get_cookie("autocomplete").value == ""
    locked = make(preferences={"lock": ["autocomplete"]})
    assert 'id="pref-autocomplete" name="autocomplete" aria-describedby="pref-autocomplete-note" disabled' in \
        locked.get("/preferences").data.decode()
