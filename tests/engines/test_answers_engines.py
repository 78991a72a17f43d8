"""The instant-answer engines (currency_convert, wttr, lingva, translated, dictzone, wordnik,
mediawiki): what they ask, what they make of their upstream's answer (the real wttr.in capture
and pages built from the public API documentation, tests/engines/fixtures/SOURCES.md), and
their bad cases. The whole-app runs against the real request URLs are in test_answers_app.py."""

from __future__ import annotations

from functools import partial
from typing import Any

import engine_kit
import lxml.html
import pytest
from engine_kit import args, build, fixture, make_engine

from searx import settings as _settings
from searx.errors import EngineAccessDenied, EngineCaptcha, EngineHTTPError, EngineParseError, EngineTooManyRequests
from searx.results.answers import Answer, Translations, WeatherAnswer
from searx.results.types import MainResult, from_engine_item

JSON = "application/json"
CLOUDFLARE = "synthetic/cloudflare_just_a_moment.html"
ANUBIS = "synthetic/anubis_generic.html"
parse = partial(engine_kit.parse, content_type=JSON)  # the upstreams answer JSON unless a test says


def typed(items: list[dict[str, Any]], engine: str = "e", category: str = "general") -> list[Any]:
    out = [from_engine_item(i, engine, category) for i in items]
    assert all(o is not None for o in out), items
    return out


@pytest.mark.parametrize("module", ["currency_convert", "wttr", "lingva", "translated", "dictzone", "wordnik"])
def test_no_paging_time_range_or_safe_search_so_later_pages_are_not_asked(module: str) -> None:
    engine = make_engine(module)
    assert not engine.paging and not engine.time_range_support and not engine.safesearch
    query = {"currency_convert": "10 usd in eur", "wttr": "Berlin", "wordnik": "word"}.get(module, "en-fr hello")
    assert build(module, query)["url"] == build(module, query, safesearch=2, time_range="day", pageno=2)["url"]


# --- currency_convert -----------------------------------------------------------------------


def test_currency_asks_the_pair_of_a_conversion() -> None:
    assert build("currency_convert", "10 usd in eur")["url"] == "https://duckduckgo.com/js/spice/currency/1/USD/EUR"
    assert build("currency_convert", "convert 10 dollars to euro")["url"].endswith("/USD/EUR")
    assert build("currency_convert", "1.000,50 Franken in £", language="de-DE")["url"].endswith("/CHF/GBP")
    searxng_form = {"base_url": "https://ddg.example.org/js/spice/currency/1/%(from_iso4217)s/%(to_iso4217)s"}
    assert build("currency_convert", "5 eur to jpy", searxng_form)["url"] == \
        "https://ddg.example.org/js/spice/currency/1/EUR/JPY"


@pytest.mark.parametrize("query", ["berlin weather", "top 10 places in europe", "10 km in miles", "10 usd in usd",
                                   "1 in 10 people", "", "usd in eur"])
def test_currency_asks_nothing_for_other_queries(query: str) -> None:
    assert build("currency_convert", query)["url"] is None


def test_currency_answer_in_the_search_language() -> None:
    body = fixture("currency_convert/spice_usd_eur_reconstructed.js")
    (item,) = parse("currency_convert", body, "10 usd in eur", content_type="application/x-javascript")
    assert item["answer"] == "10 USD = 9.21 EUR (1 US Dollar : 0.921 Euro)"
    assert item["url"] == "https://duckduckgo.com/?q=USD+to+EUR"
    (german,) = parse("currency_convert", body, "1.000 usd in eur", content_type="text/javascript", language="de-DE")
    assert german["answer"] == "1.000 USD = 921,43 EUR (1 US-Dollar : 0,921 Euro)"
    (answer,) = typed([item], "currency")
    assert isinstance(answer, Answer) and answer.template == "answer/legacy.html"


def test_currency_bad_cases() -> None:
    empty = fixture("currency_convert/spice_usd_xts_empty_reconstructed.js")
    assert parse("currency_convert", empty, "10 usd in xts", content_type="text/javascript") == []
    with pytest.raises(EngineCaptcha):
        parse("currency_convert", fixture(CLOUDFLARE), "10 usd in eur", content_type="text/html")
    with pytest.raises(EngineParseError, match="currency"):
        parse("currency_convert", b'ddg_spice_currency({"rates": {}});', "10 usd in eur")


# --- wttr --------------------------------------------------------------------------------------


def test_wttr_asks_the_place_in_the_search_language() -> None:
    assert build("wttr", "Heideck", language="de-DE")["url"] == "https://wttr.in/Heideck?format=j1&lang=de"
    p = build("wttr", "São Paulo/../x?format=3")
    assert p["url"] == "https://wttr.in/S%C3%A3o%20Paulo%2F..%2Fx%3Fformat%3D3?format=j1&lang=en"
    assert build("wttr", "  ")["url"] is None, "an empty place would be the instance's own address"
    searxng_form = {"url": "https://wttr.example.org/{query}?format=j1&lang={lang}"}
    assert build("wttr", "Köln", searxng_form, language="fr")["url"] == "https://wttr.example.org/K%C3%B6ln?format=j1&lang=fr"


def test_wttr_current_conditions_and_forecasts() -> None:
    body = fixture("wttr/j1_heideck_2026-04_upstream-testdata.json")
    (item,) = parse("wttr", body, "Heideck")
    (answer,) = typed([item], "wttr.in")
    assert isinstance(answer, WeatherAnswer) and answer.template == "answer/weather.html"
    now = answer.current
    assert now.location.name == "Heideck, Germany" and now.location.country_code == "DE"
    assert (now.location.latitude, now.location.longitude) == (49.117, 11.117)
    assert (now.temperature.val, now.temperature.unit, now.condition) == (9.0, "°C", "cloudy")
    assert now.feels_like.val == 8.0 and now.wind_from.val == 235.0 and now.wind_speed.val == 8.0
    assert (now.pressure.val, now.humidity.val, now.cloud_cover, now.datetime) == (1018.0, 58.0, 100, None)
    assert now.summary == "Heideck, Germany: 9 °C, Overcast" == answer.answer
    assert len(answer.forecasts) == 24, "three days of eight slots"
    first, last = answer.forecasts[0], answer.forecasts[-1]
    assert first.datetime.datetime.isoformat() == "2026-04-03T00:00:00" and first.condition == "clear sky"
    assert last.datetime.datetime.isoformat() == "2026-04-05T21:00:00"
    assert answer.url == "https://wttr.in/Heideck" and answer.service == "wttr.in"


def test_wttr_bad_cases() -> None:
    assert parse("wttr", b"Unknown location; please try ~49.1,11.1", "Nowhere", status=404, content_type="text/plain") == []
    with pytest.raises(EngineTooManyRequests):
        parse("wttr", b"slow down", "Berlin", status=429, content_type="text/plain")
    with pytest.raises(EngineAccessDenied):
        parse("wttr", b"no", "Berlin", status=403, content_type="text/plain")
    with pytest.raises(EngineHTTPError):
        parse("wttr", b"Sorry, we are running out of queries", "Berlin", status=503, content_type="text/plain")
    with pytest.raises(EngineCaptcha):
        parse("wttr", fixture(CLOUDFLARE), "Berlin", content_type="text/html")
    with pytest.raises(EngineParseError, match="wttr"):
        parse("wttr", b'{"data": {"error": "moved"}}', "Berlin")
    with pytest.raises(EngineParseError, match="weather code"):
        parse("wttr", b'{"current_condition": [{"temp_C": "1", "weatherCode": "999"}]}', "Berlin")


# --- lingva, translated, dictzone: the translation query ----------------------------------------


def test_translation_engines_ask_only_for_a_language_pair() -> None:
    assert build("lingva", "en-fr hello")["url"] == "https://lingva.ml/api/v1/en/fr/hello"
    assert build("lingva", "translate english-french good morning/evening")["url"] == \
        "https://lingva.ml/api/v1/en/fr/good%20morning%2Fevening"
    mymemory = build("translated", "de-en Haus")["url"]
    assert mymemory.startswith("https://api.mymemory.translated.net/get?")
    assert args(mymemory) == {"q": "Haus", "langpair": "de|en"}
    assert args(build("translated", "en-fr hello", {"api_key": "k3y"})["url"])["key"] == "k3y"
    assert build("dictzone", "deutsch-english Haus")["url"] == "https://dictzone.com/german-english-dictionary/Haus"
    assert build("dictzone", "en-de house arrest")["url"] == "https://dictzone.com/english-german-dictionary/house+arrest"
    for module in ("lingva", "translated", "dictzone"):
        for query in ("hello", "sci-fi movies", "en-en hello", "xx-fr hello", "en-fr", "e-mail address"):
            assert build(module, query)["url"] is None, (module, query)


def test_lingva_translation_definitions_and_other_translations() -> None:
    items = parse("lingva", fixture("lingva/api_v1_en_fr_hello_reconstructed.json"), "en-fr hello")
    (answer,) = typed(items, "lingva")
    assert isinstance(answer, Translations) and answer.answer == "Bonjour"
    assert answer.url == "https://lingva.ml/en/fr/hello"
    main, *rest = answer.translations
    assert main.text == "Bonjour" and main.examples[0] == "hello there, Katie!"
    assert rest[0].definitions == ["used as a greeting or to begin a phone conversation."]
    assert rest[0].synonyms == ["hi", "greetings", "howdy", "welcome"]
    assert [t.text for t in rest[2:]] == ["bonjour!", "salut!", "allô!"]
    assert rest[2].definitions == ["hello!", "good morning!", "good afternoon!"]
    (ja,) = parse("lingva", fixture("lingva/api_v1_en_ja_good-morning_reconstructed.json"), "en-ja good morning")
    assert ja["translations"] == [{"text": "おはようございます", "transliteration": "Ohayōgozaimasu", "examples": []}]
    typo = parse("lingva", fixture("lingva/api_v1_en_fr_typo_reconstructed.json"), "en-fr helo")
    assert {"suggestion": "en-fr hello"} in typo


def test_lingva_bad_cases() -> None:
    assert parse("lingva", b'{"translation": ""}', "en-fr zzz") == []
    with pytest.raises(EngineCaptcha):
        parse("lingva", fixture(CLOUDFLARE), "en-fr hello", content_type="text/html")
    with pytest.raises(EngineParseError, match="lingva"):
        parse("lingva", b'{"text": "Bonjour"}', "en-fr hello")


def test_mymemory_translation_with_other_matches_as_examples() -> None:
    items = parse("translated", fixture("translated/get_en_fr_hello_reconstructed.json"), "en-fr hello")
    (answer,) = typed(items, "mymemory translated")
    assert answer.translations[0].text == "Bonjour"
    assert answer.translations[0].examples == ["Hello : Salut", "Hello! : Allô !"], "the same translation is left out"
    assert answer.url == "https://mymemory.translated.net/search.php?q=hello&lang=en&sl=en&tl=fr"


def test_mymemory_bad_cases() -> None:
    with pytest.raises(EngineTooManyRequests, match="MYMEMORY WARNING"):
        parse("translated", fixture("translated/get_quota_finished_reconstructed.json"), "en-fr hello")
    assert parse("translated", fixture("translated/get_invalid_language_reconstructed.json"), "en-mi hello") == []
    with pytest.raises(EngineCaptcha):
        parse("translated", fixture(CLOUDFLARE), "en-fr hello", content_type="text/html")
    with pytest.raises(EngineParseError, match="translated"):
        parse("translated", b'{"data": {"translations": []}}', "en-fr hello")


def test_dictzone_rows() -> None:
    items = parse("dictzone", fixture("dictzone/english-german-dictionary_house_reconstructed.html"), "en-de house",
                  content_type="text/html; charset=utf-8")
    (answer,) = typed(items, "dictzone")
    first, verb, arrest = answer.translations
    assert first.text == "house : Haus // the house is on the hill — das Haus steht auf dem Hügel"
    assert first.synonyms == ["Gebäude", "Heim"], "word classes, pronunciation and buttons are left out"
    assert (verb.text, verb.synonyms) == ("house : unterbringen", ["beherbergen"])
    assert arrest.text == "house arrest : Hausarrest"
    assert answer.url == "https://dictzone.com/english-german-dictionary/house"


def test_dictzone_bad_cases() -> None:
    empty = fixture("dictzone/english-german-dictionary_no-entry_reconstructed.html")
    assert parse("dictzone", empty, "en-de qwxzv", content_type="text/html") == []
    with pytest.raises(EngineCaptcha):
        parse("dictzone", fixture(ANUBIS), "en-de house", content_type="text/html")
    with pytest.raises(EngineParseError, match="table#r"):
        parse("dictzone", b"<html><body><div id='results'></div></body></html>", "en-de house", content_type="text/html")


# --- wordnik --------------------------------------------------------------------------------


def test_wordnik_one_answer_a_dictionary() -> None:
    assert build("wordnik", "serendipity")["url"] == "https://www.wordnik.com/words/serendipity"
    assert build("wordnik", "a/b?c")["url"] == "https://www.wordnik.com/words/a%2Fb%3Fc"
    items = parse("wordnik", fixture("wordnik/words_serendipity_reconstructed.html"), "serendipity",
                  content_type="text/html")
    answers = typed(items, "wordnik")
    assert len(answers) == 3
    heritage = answers[0].translations[0]
    assert heritage.text == "The faculty of making fortunate discoveries by accident." == answers[0].answer
    assert heritage.definitions[1] == "The fact or occurrence of such discoveries.", "no part-of-speech label"
    assert answers[2].translations[0].definitions[0].startswith("The faculty of happening upon")


def test_wordnik_bad_cases() -> None:
    empty = fixture("wordnik/words_qwxzv_no-definitions_reconstructed.html")
    assert parse("wordnik", empty, "qwxzv", content_type="text/html") == []
    with pytest.raises(EngineCaptcha):
        parse("wordnik", fixture(CLOUDFLARE), "word", content_type="text/html")
    with pytest.raises(EngineParseError, match="#define"):
        parse("wordnik", b"<html><body><main>new layout</main></body></html>", "word", content_type="text/html")


# --- mediawiki -----------------------------------------------------------------------------------

WIKTIONARY = {"base_url": "https://{language}.wiktionary.org/", "search_type": "text", "categories": ["dictionaries"]}
WIKINEWS = {"base_url": "https://{language}.wikinews.org/", "search_type": "text", "srsort": "create_timestamp_desc",
            "categories": ["news", "wikimedia"]}


def test_mediawiki_request_keys() -> None:
    p = build("mediawiki", "hello", WIKTIONARY, language="de-AT", pageno=2)
    assert p["url"].startswith("https://de.wiktionary.org/w/api.php?")
    assert args(p["url"]) == {"action": "query", "list": "search", "format": "json", "srsearch": "hello",
                              "sroffset": "5", "srlimit": "5", "srwhat": "text", "srsort": "relevance",
                              "srprop": "sectiontitle|snippet|timestamp|categorysnippet", "srenablerewrites": "1"}
    assert build("mediawiki", "x", WIKTIONARY)["url"].startswith("https://en.wiktionary.org/"), "all languages: en"
    news = args(build("mediawiki", "x", WIKINEWS, language="fr")["url"])
    assert news["srsort"] == "create_timestamp_desc"
    gentoo = build("mediawiki", "x", {"base_url": "https://wiki.gentoo.org/", "api_path": "api.php",
                                      "srenablerewrites": False, "page_size": 20}, pageno=3)
    assert gentoo["url"].startswith("https://wiki.gentoo.org/api.php?")
    assert "srenablerewrites" not in args(gentoo["url"]) and args(gentoo["url"])["sroffset"] == "40"
    assert build("mediawiki", "x", WIKTIONARY, safesearch=2, time_range="year")["url"] == \
        build("mediawiki", "x", WIKTIONARY)["url"], "no safe search or time range"
    assert make_engine("mediawiki").paging and not make_engine("mediawiki").time_range_support


def test_mediawiki_hits() -> None:
    items = parse("mediawiki", fixture("mediawiki/wiktionary_list-search_hello_reconstructed.json"), "hello",
                  settings=WIKTIONARY)
    results = typed(items, "wiktionary", "dictionaries")
    assert [r.url for r in results] == ["https://en.wiktionary.org/wiki/hello",
                                        "https://en.wiktionary.org/wiki/hello_world#English",
                                        "https://en.wiktionary.org/wiki/hallo"], "the redirect is skipped"
    assert results[1].title == "hello world / English" and results[1].metadata == "English lemmas"
    assert results[1].content == 'hello world (plural hello worlds) (programming) A program that prints "Hello, world!"'
    assert results[0].publishedDate == "2026-11-21T07:13:44" and results[2].kind == "default.html"


def test_wikinews_hits_are_news() -> None:
    items = parse("mediawiki", fixture("mediawiki/wikinews_list-search_election_reconstructed.json"), "election",
                  settings=WIKINEWS)
    news = typed(items, "wikinews", "news")
    assert all(isinstance(r, MainResult) and r.kind == "news" for r in news)
    assert news[0].source == "en.wikinews.org" and news[0].publishedDate == "2026-11-29T18:02:11"
    assert news[0].url == ("https://en.wikinews.org/wiki/"
                           "Voters_in_Ruritania_go_to_the_polls_in_snap_general_election")


def test_mediawiki_bad_cases() -> None:
    assert parse("mediawiki", fixture("mediawiki/list-search_empty_reconstructed.json"), "qwxzv") == []
    with pytest.raises(EngineParseError, match="nosrsearch"):
        parse("mediawiki", fixture("mediawiki/error_srsearch-param-empty_reconstructed.json"), "x")
    with pytest.raises(EngineCaptcha):
        parse("mediawiki", fixture(ANUBIS), "x", content_type="text/html")
    with pytest.raises(EngineParseError, match="query.search"):
        parse("mediawiki", b'{"batchcomplete": ""}', "x")


# --- the whole app, each engine unchanged against its real request URL ----------------------------

DEFAULTS = {e["name"]: e for e in _settings._read_yaml(_settings.DEFAULT_PATH)["engines"]}


def entries(*names: str) -> list[dict[str, Any]]:
    """The engines' entries exactly as searx/settings.yml ships them."""
    return [dict(DEFAULTS[name]) for name in names]


def test_currency_through_the_app(engine_client: Any, hosts: Any) -> None:
    hosts.route("duckduckgo.com", "/js/spice/currency/1/USD/EUR", fixture("currency_convert/spice_usd_eur_reconstructed.js"),
                content_type="application/x-javascript")
    client = engine_client(entries("currency"))
    body = client.get("/search?q=10+usd+in+eur&format=json").get_json()
    assert body["answers"] == [{"url": "https://duckduckgo.com/?q=USD+to+EUR", "engine": "currency",
                                "parsed_url": ["https", "duckduckgo.com", "/", "", "q=USD+to+EUR", ""],
                                "template": "answer/legacy.html",
                                "answer": "10 USD = 9.21 EUR (1 US Dollar : 0.921 Euro)"}]
    (seen,) = hosts.seen
    assert seen.url == "https://duckduckgo.com/js/spice/currency/1/USD/EUR" and hosts.unrouted == []
    hosts.clear()
    other = client.get("/search?q=python+tutorial&format=json").get_json()
    assert other["answers"] == [] and other["unresponsive_engines"] == [] and hosts.seen == [], "not asked at all"


def test_an_answer_keeps_the_ai_summary_away(engine_client: Any, hosts: Any) -> None:
    hosts.route("duckduckgo.com", "/js/spice/currency/", fixture("currency_convert/spice_usd_eur_reconstructed.js"))
    hosts.route("en.wiktionary.org", "/w/api.php", fixture("mediawiki/wiktionary_list-search_hello_reconstructed.json"),
                content_type=JSON)
    wiktionary = {**DEFAULTS["wiktionary"], "categories": ["general"]}
    client = engine_client([*entries("currency"), wiktionary], ai_summary={"base_url": "http://127.0.0.1:9/v1"})
    with_answer = lxml.html.fromstring(client.get("/search?q=10+usd+in+eur").data)
    assert with_answer.xpath("//section[@class='answer']/p")[0].text == "10 USD = 9.21 EUR (1 US Dollar : 0.921 Euro)"
    assert not with_answer.xpath("//section[@id='ai-summary']"), "SearXNG's rule: an answer, no summary"
    without = lxml.html.fromstring(client.get("/search?q=hello+world+program").data)
    assert without.xpath("//section[@id='ai-summary']"), "the control: no answer, a summary placeholder"


def test_wttr_through_the_app_json_and_page(engine_client: Any, hosts: Any) -> None:
    hosts.route("wttr.in", "/Heideck", fixture("wttr/j1_heideck_2026-04_upstream-testdata.json"), content_type=JSON)
    client = engine_client(entries("wttr.in"))
    body = client.get("/search?q=!wttr+Heideck&format=json&language=de-DE").get_json()
    (answer,) = body["answers"]
    assert answer["template"] == "answer/weather.html" and answer["service"] == "wttr.in"
    assert answer["current"]["temperature"] == {"val": 9.0, "unit": "°C"} and answer["current"]["datetime"] is None
    assert answer["current"]["location"]["name"] == "Heideck, Germany" and len(answer["forecasts"]) == 24
    assert set(answer) == {"url", "engine", "parsed_url", "template", "current", "forecasts", "service"}
    (seen,) = hosts.seen
    assert seen.path == "/Heideck" and seen.arg("format") == "j1" and seen.arg("lang") == "de"
    us = lxml.html.fromstring(client.get("/search?q=!wttr+Heideck&language=en-US").data)
    box = us.xpath("//section[contains(@class, 'weather')]")[0]
    assert box.xpath(".//h2")[0].text == "Heideck, Germany"
    assert box.xpath(".//strong[@class='weather-temp']")[0].text == "48 °F", "en-US reads °F"
    assert "SW 5 mph" in box.text_content() and "Cloudy" in box.text_content()
    days = box.xpath(".//ol[@class='weather-days']/li")
    assert len(days) == 3 and days[0].xpath(".//span[@class='weather-day']")[0].text == "Fri, Apr 3"
    assert "34 – 52 °F" in days[0].text_content(), "the lowest and highest of the day's slots (1 and 11 °C)"
    metric = lxml.html.fromstring(client.get("/search?q=!wttr+Heideck&language=de-DE").data)
    assert metric.xpath("//strong[@class='weather-temp']")[0].text == "9 °C" and "SW 8 km/h" in metric.text_content()
    everywhere = lxml.html.fromstring(client.get("/search?q=!wttr+Heideck&language=all").data)
    assert everywhere.xpath("//strong[@class='weather-temp']")[0].text == "9 °C", "no region: the place's country"


def test_translations_through_the_app(engine_client: Any, hosts: Any) -> None:
    hosts.route("lingva.ml", "/api/v1/en/fr/hello", fixture("lingva/api_v1_en_fr_hello_reconstructed.json"),
                content_type=JSON)
    hosts.route("api.mymemory.translated.net", "/get", fixture("translated/get_en_fr_hello_reconstructed.json"),
                content_type=JSON)
    hosts.route("dictzone.com", "/english-french-dictionary/hello",
                fixture("dictzone/english-german-dictionary_house_reconstructed.html"))
    client = engine_client(entries("lingva", "mymemory translated", "dictzone"))
    body = client.get("/search?q=en-fr+hello&format=json").get_json()
    by_engine = {a["engine"]: a for a in body["answers"]}
    assert set(by_engine) == {"lingva", "mymemory translated", "dictzone"}, "each engine's translations are kept"
    assert all(set(a) == {"url", "engine", "parsed_url", "template", "translations"} for a in body["answers"])
    assert by_engine["lingva"]["translations"][0] == {"text": "Bonjour", "transliteration": "",
                                                      "examples": ["hello there, Katie!",
                                                                   "she was getting polite nods and hellos from people"],
                                                      "definitions": [], "synonyms": []}
    assert by_engine["mymemory translated"]["translations"][0]["text"] == "Bonjour"
    assert {s.host for s in hosts.seen} == {"lingva.ml", "api.mymemory.translated.net", "dictzone.com"}
    assert next(s for s in hosts.seen if s.host.startswith("api.")).arg("langpair") == "en|fr"
    assert hosts.unrouted == []
    page = lxml.html.fromstring(client.get("/search?q=en-fr+hello").data)
    boxes = page.xpath("//section[contains(@class, 'translations')]")
    assert len(boxes) == 3 and boxes[0].xpath(".//p[@class='translation-main']/strong")[0].text in ("Bonjour", "house : Haus // the house is on the hill — das Haus steht auf dem Hügel")
    assert page.xpath("//section[contains(@class, 'translations')]//details/dl/dt"), "the entries fold out, no script"
    hosts.clear()
    assert client.get("/search?q=hello&format=json").get_json()["answers"] == [] and hosts.seen == []


def test_wordnik_and_wiktionary_through_the_app(engine_client: Any, hosts: Any) -> None:
    hosts.route("www.wordnik.com", "/words/serendipity", fixture("wordnik/words_serendipity_reconstructed.html"))
    hosts.route("en.wiktionary.org", "/w/api.php", fixture("mediawiki/wiktionary_list-search_hello_reconstructed.json"),
                content_type=JSON)
    client = engine_client(entries("wordnik", "wiktionary"))
    body = client.get("/search?q=serendipity&categories=dictionaries&format=json").get_json()
    assert [a["engine"] for a in body["answers"]] == ["wordnik"] * 3
    assert body["answers"][0]["translations"][0]["definitions"][0] == "The faculty of making fortunate discoveries by accident."
    assert body["results"][0]["url"] == "https://en.wiktionary.org/wiki/hello"
    wiki = next(s for s in hosts.seen if s.host == "en.wiktionary.org")
    assert wiki.path == "/w/api.php" and wiki.arg("srsearch") == "serendipity" and wiki.arg("srwhat") == "text"
    assert hosts.unrouted == []


def test_wikinews_through_the_app_is_news(engine_client: Any, hosts: Any) -> None:
    hosts.route("fr.wikinews.org", "/w/api.php", fixture("mediawiki/wikinews_list-search_election_reconstructed.json"),
                content_type=JSON)
    body = engine_client(entries("wikinews")).get("/search?q=election&categories=news&language=fr&format=json").get_json()
    first = body["results"][0]
    assert first["url"].startswith("https://fr.wikinews.org/wiki/") and first["category"] == "news"
    assert first["publishedDate"] == "2026-11-29T18:02:11" and first["source"] == "fr.wikinews.org"
    (seen,) = hosts.seen
    assert seen.arg("srsort") == "create_timestamp_desc" and hosts.unrouted == []
