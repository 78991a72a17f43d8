"""The answer plugins and answerers through /search, html and json: real questions and hostile ones."""

from __future__ import annotations

import re
from typing import Any

import pytest

LLM = {"base_url": "http://127.0.0.1:9/v1"}  # configured, never called: the placeholder shows or not


@pytest.fixture
def app(engine_app: Any) -> Any:
    return engine_app("alpha", ai_summary=LLM,
                      search={"formats": ["html", "json", "csv", "rss"]})  # fmt: skip


def answers(client: Any, q: str, **args: str) -> list[dict[str, Any]]:
    response = client.get("/search", query_string={"q": q, "format": "json", **args})
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()["answers"]


def texts(client: Any, q: str, **args: str) -> list[str]:
    return [a["answer"] for a in answers(client, q, **args)]


@pytest.mark.parametrize(("q", "locale", "answer"), [
    ("2^16", "en", "2^16 = 65,536"),
    ("(1 + 2) * 3 - 4 / 2", "en", "(1 + 2) * 3 - 4 / 2 = 7"),
    ("-2^2", "en", "-2^2 = -4"),
    ("7 % 3", "en", "7 % 3 = 1"),
    ("0.1 + 0.2", "en", "0.1 + 0.2 = 0.3"),
    ("1,5 + 1", "de", "1,5 + 1 = 2,5"),
    ("1.000,5 * 2", "de", "1.000,5 * 2 = 2.001"),
    ("2 ^ 0,5", "fr", "2 ^ 0,5 = 1,4142135624"),
    ("١٢+٣", "ar", "١٢+٣ = 15"),  # Arabic-Indic digits
    ("２＊３", "ja", "２＊３ = 6"),  # fullwidth digits and operator
    ("99999999999999999999 * 99999999999999999999", "en",
     "99999999999999999999 * 99999999999999999999 = 1E40"),
    ("2^100", "en", "2^100 = 1.2676506E30"),
    ("2^64", "en", "2^64 = 18,446,744,073,709,551,616"),  # exact: every digit
    ("10^27 + 0.5", "en", "10^27 + 0.5 = 1E27"),  # rounded to 28 digits: no zero stands for a lost digit
    ("10^20 % 7", "en", "10^20 % 7 = 2"),
    ("-7.5 % -2", "en", "-7.5 % -2 = -1.5"),
])  # fmt: skip
def test_calculator_answers_in_json_with_searxng_shape(app: Any, q: str, locale: str, answer: str) -> None:
    found = answers(app.test_client(), q, locale=locale)
    assert found == [{"url": None, "engine": "plugin: calculator", "parsed_url": None,
                      "template": "answer/legacy.html", "answer": answer}]  # fmt: skip


@pytest.mark.parametrize("q", [
    "9^9^9^9", "10^100000", "2^2^2^2^2^2", "1/0", "0^-1", "(-8)^(1/3)", "1,5 + 1",  # no comma decimals in English
    "2024-01-15", "5", "-5", "(5)", "2²+1", "1 +", "* 2", ")(", "2 (3)", "1" + "0" * 70 + "+1",
    "(" * 400 + "1" + ")" * 400, "(" * 40 + "1+1" + ")" * 40, "1+" * 300 + "1", "-" * 900 + "1",
    "10^30 % 7",  # the quotient has 30 digits: its remainder cannot be had exactly in 28
    "10^-9999 / 10^9999", "0.5^(10^9999)", "(10^9999)^(10^9999)", "9^-9^9",  # below 10^-9999: not 0
])  # fmt: skip
def test_calculator_gives_no_answer_and_never_fails_on_hostile_input(app: Any, q: str) -> None:
    assert answers(app.test_client(), q) == []


def test_ten_thousand_nested_parentheses_are_refused_quickly_not_a_500(app: Any) -> None:
    from searx.plugins.calculator import answer

    deep = "(" * 10_000 + "1" + ")" * 10_000
    assert answer(deep, "en") is None and answer("(" * 10_000 + "1+1", "en") is None  # no RecursionError
    response = app.test_client().get("/search", query_string={"q": deep, "format": "json"})
    assert response.status_code == 400 and "longer than" in response.get_json()["error"]
    page = app.test_client().get("/search", query_string={"q": deep})
    assert page.status_code == 400 and b"Traceback" not in page.data


def test_an_instant_answer_makes_the_summary_step_aside(app: Any) -> None:
    client = app.test_client()
    plain = client.get("/search", query_string={"q": "what is alpha?"}).get_data(as_text=True)
    assert 'id="ai-summary"' in plain
    for q in ("2^16", "10 km in mi", "time in Tokyo", "ip", "sha256 abc", "random uuid", "avg 1 2 3"):
        page = client.get("/search", query_string={"q": q}).get_data(as_text=True)
        assert 'class="answer"' in page and 'id="ai-summary"' not in page, q


def test_the_answer_is_in_the_html_answer_area_and_in_csv(app: Any) -> None:
    client = app.test_client()
    page = client.get("/search", query_string={"q": "2^16"}).get_data(as_text=True)
    assert re.search(r'<section class="answer"[^>]*>\s*<p>2\^16 = 65,536</p>', page)
    csv = client.get("/search", query_string={"q": "2^16", "format": "csv"}).get_data(as_text=True)
    assert '"2^16 = 65,536",,,,plugin: calculator,,answer' in csv


@pytest.mark.parametrize(("q", "locale", "answer"), [
    ("10 km in mi", "en", "10 km = 6.21371 mi"),
    ("10 km to miles", "en", "10 km = 6.21371 mi"),
    ("100 °F in °C", "en", "100 °F = 37.7778 °C"),
    ("100°F to °C", "en", "100 °F = 37.7778 °C"),
    ("5 lb in kg", "en", "5 lb = 2.26796 kg"),
    ("1 GB in MiB", "en", "1 GB = 953.674 MiB"),
    ("100 Mbit in MB", "en", "100 Mbit = 12.5 MB"),
    ("2 ha in acres", "en", "2 ha = 4.94211 ac"),
    ("1 m² in sq ft", "en", "1 m² = 10.7639 ft²"),
    ("3 l in gal", "en", "3 L = 0.792516 gal"),
    ("100 km/h in mph", "en", "100 km/h = 62.1371 mph"),
    ("10 in in cm", "en", "10 in = 25.4 cm"),
    ("1,5 km in m", "de", "1,5 km = 1.500 m"),
    ("١٠ km in mi", "ar", "10 km = 6.21371 mi"),
    ("123456789012345678 km in m", "en", "123,456,789,012,345,678 km = 1.23457E20 m"),  # no zeros for lost digits
    ("1000000000000 PB in bit", "en", "1,000,000,000,000 PB = 8,000,000,000,000,000,000,000,000,000 bit"),
])  # fmt: skip
def test_unit_converter(app: Any, q: str, locale: str, answer: str) -> None:
    found = answers(app.test_client(), q, locale=locale)
    assert [(a["answer"], a["engine"]) for a in found] == [(answer, "plugin: unit_converter")]


@pytest.mark.parametrize("q", ["10 km in kg", "10 apples in pears", "-500 °C in K", "1 ton in kg", "1e999 km in mi",
                               "9" * 80 + " km in mi", "10 km in " + "mi " * 40, "in in in", "10 km"])  # fmt: skip
def test_unit_converter_gives_no_answer_to_what_it_cannot_convert(app: Any, q: str) -> None:
    assert texts(app.test_client(), q) == []


@pytest.mark.parametrize(("q", "zone", "offset"), [
    ("time in Tokyo", "Asia/Tokyo", r"UTC\+09:00"),
    ("time Berlin", "Europe/Berlin", r"UTC\+0[12]:00"),
    ("New York time", "America/New York", r"UTC-0[45]:00"),
    ("what time is it in Kolkata?", "Asia/Kolkata", r"UTC\+05:30"),
    ("time in Japan", "Asia/Tokyo", r"UTC\+09:00"),
    ("clock São Paulo", "America/Sao Paulo", r"UTC-03:00"),
])  # fmt: skip
def test_time_zone(app: Any, q: str, zone: str, offset: str) -> None:
    (found,) = texts(app.test_client(), q)
    assert re.fullmatch(rf"{zone}: .+ \({offset}\)", found), found


@pytest.mark.parametrize("q", ["time in Atlantis", "time in usa", "time in russia", "time machine", "christmas time",
                               "time", "time in " + "x" * 200])  # fmt: skip
def test_time_zone_never_guesses(app: Any, q: str) -> None:
    assert texts(app.test_client(), q) == []


def test_self_info_answers_the_address_the_trusted_proxy_rules_resolve(engine_app: Any) -> None:
    behind = engine_app("alpha", server={"trusted_proxies": ["127.0.0.1"]})  # fmt: skip
    direct = engine_app("alpha")
    spoofed = {"X-Forwarded-For": "203.0.113.7"}
    got = behind.test_client().get("/search", query_string={"q": "ip", "format": "json"}, headers=spoofed)
    assert [a["answer"] for a in got.get_json()["answers"]] == ["Your IP address is 203.0.113.7"]
    got = direct.test_client().get("/search", query_string={"q": "My IP", "format": "json"}, headers=spoofed)
    assert [a["answer"] for a in got.get_json()["answers"]] == ["Your IP address is 127.0.0.1"]  # not trusted
    assert texts(direct.test_client(), "iphone") == []  # the whole query, not its start


def test_self_info_is_never_cached_for_another_client(engine_app: Any) -> None:
    app = engine_app("alpha", ai_summary=LLM,
                     server={"trusted_proxies": ["127.0.0.1"]})  # fmt: skip
    client = app.test_client()
    seen = []
    for address in ("203.0.113.7", "198.51.100.9"):
        got = client.get("/search", query_string={"q": "ip", "format": "json"}, headers={"X-Forwarded-For": address})
        seen.append([a["answer"] for a in got.get_json()["answers"]])
    assert seen == [["Your IP address is 203.0.113.7"], ["Your IP address is 198.51.100.9"]]
    page = client.get("/search", query_string={"q": "ip"}, headers={"X-Forwarded-For": "203.0.113.7"})
    assert "203.0.113.7" in page.get_data(as_text=True) and b"ai-summary-data" not in page.data


def test_self_info_user_agent_is_escaped_and_bounded(app: Any) -> None:
    agent = "Mozilla/5.0 <script>alert(1)</script> " + "x" * 2000
    client = app.test_client()
    got = client.get("/search", query_string={"q": "user-agent", "format": "json"}, headers={"User-Agent": agent})
    (answer,) = [a["answer"] for a in got.get_json()["answers"]]
    assert answer.startswith("Your user agent is Mozilla/5.0 <script>") and len(answer) < 600
    page = client.get("/search", query_string={"q": "user agent"}, headers={"User-Agent": agent}).get_data(as_text=True)
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)" in page


def test_self_info_speaks_the_interface_language(app: Any) -> None:
    (answer,) = texts(app.test_client(), "ip", locale="de")
    assert "127.0.0.1" in answer and not answer.startswith("Your IP")


def test_hash_plugin_answer_is_stamped_as_searxng_names_it(app: Any) -> None:
    (found,) = answers(app.test_client(), "sha256 abc")
    assert found["engine"] == "plugin: hash_plugin" and found["answer"].endswith(
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")  # fmt: skip


@pytest.mark.parametrize(("kind", "shape"), [
    ("int", r"-?\d+"), ("float", r"0\.\d+|0\.0"), ("string", r"[A-Za-z0-9]{8,32}"), ("sha256", r"[0-9a-f]{64}"),
    ("uuid", r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"), ("color", r"#[0-9A-F]{6}"),
])  # fmt: skip
def test_random_answerer_answers_without_asking_the_engines(app: Any, fake_engine: Any, kind: str,
                                                            shape: str) -> None:  # fmt: skip
    q = f"random {kind}"
    (found,) = answers(app.test_client(), q)
    assert found["engine"] == "answerer: random" and re.fullmatch(shape, found["answer"]), found
    assert not [a for _, a, _ in fake_engine.requests if a.get("q") == q]


@pytest.mark.parametrize(("q", "locale", "answer"), [
    ("avg 123 548 2.04 24.2", "en", "[en] avg(123, 548, 2.04, 24.2) = 174.31"),
    ("min 3 -1 2", "en", "[en] min(3, -1, 2) = -1"),
    ("max 3 -1 2", "en", "[en] max(3, -1, 2) = 3"),
    ("sum 1 2 3", "en", "[en] sum(1, 2, 3) = 6"),
    ("prod 2 3 4", "en", "[en] prod(2, 3, 4) = 24"),
    ("avg 1,5 2", "de", "[de] avg(1,5, 2) = 1,75"),
    ("sum ١ ٢", "ar", "[ar] sum(1, 2) = 3"),
])  # fmt: skip
def test_statistics_answerer(app: Any, q: str, locale: str, answer: str) -> None:
    found = answers(app.test_client(), q, locale=locale)
    assert [(a["answer"], a["engine"]) for a in found] == [(answer, f"answerer: {q.split()[0]}")]


@pytest.mark.parametrize("q", ["max payne", "min", "sum 1 two", "avg 1,5 2",
                               "sum " + "1 " * 200, "prod " + " ".join(["9" * 61] * 2),
                               # no infinity, NaN or exponent beyond 1E±9999 (the app re-raises a plugin's error here)
                               "max 1E999999999 2", "min NaN 2", "avg sNaN 1", "sum Infinity 1", "sum 1,E1000000 1"])  # fmt: skip
def test_statistics_answerer_refuses_what_is_no_list_of_numbers(app: Any, q: str) -> None:
    assert texts(app.test_client(), q) == []


def test_statistics_of_huge_numbers_stay_bounded(app: Any) -> None:
    (found,) = texts(app.test_client(), "prod " + " ".join(["9" * 50] * 16))
    assert found.endswith("= 1E800")
    (found,) = texts(app.test_client(), "sum 1234567890123456789012345678 0.5")  # 29 digits, rounded to 28
    assert found.endswith(") = 1.23456789E27")


def test_answers_only_on_the_first_page(app: Any) -> None:
    client = app.test_client()
    for q in ("2^16", "10 km in mi", "time in Tokyo", "ip", "random int", "avg 1 2"):
        assert texts(client, q, pageno="2") == [], q


def test_a_user_switches_an_answer_plugin_off(app: Any) -> None:
    client = app.test_client()
    client.set_cookie("disabled_plugins", "calculator,statistics")
    assert texts(client, "2^16") == [] and texts(client, "avg 1 2") == []
    assert texts(client, "10 km in mi") == ["10 km = 6.21371 mi"]


def test_time_zone_answer_at_a_fixed_instant() -> None:
    import datetime

    from searx.plugins.time_zone import TimeZonePlugin

    plugin = TimeZonePlugin()
    plugin.clock = lambda: datetime.datetime(2026, 3, 3, 5, 5, tzinfo=datetime.UTC)
    assert plugin.tell("time in Tokyo", "en") == "Asia/Tokyo: 2:05\u202fPM, Tuesday, March 3, 2026 (UTC+09:00)"
    assert plugin.tell("Uhrzeit time Berlin", "de") is None  # the keyword first or last, the rest a place
    assert plugin.tell("time Berlin", "de") == "Europe/Berlin: 06:05, Dienstag, 3. März 2026 (UTC+01:00)"
    assert plugin.tell("time in Kathmandu", "en") == "Asia/Kathmandu: 10:50\u202fAM, Tuesday, March 3, 2026 (UTC+05:45)"
