"""API engines parsed on real captures (Wikipedia, Wikidata, GitHub, arXiv) and on
synthetic answers built from documented structure where none exists (Stack Exchange,
the Wikipedia generator part, a full Wikidata entity; see fixtures/synthetic/README.md)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from functools import partial

import engine_kit
import pytest
from engine_kit import fake_response, fixture, make_engine

from searx.engines.wikipedia import infobox
from searx.errors import EngineHTTPError, EngineParseError, EngineTooManyRequests

parse = partial(engine_kit.parse, content_type="application/json")  # the APIs answer JSON unless a test says


def kinds(items: list[dict], key: str) -> list[dict]:
    return [i for i in items if key in i]


# --- Wikipedia -----------------------------------------------------------------


def test_wikipedia_real_list_search_capture() -> None:
    items = parse("wikipedia", fixture("wikipedia/action-query-list-search_does-caffeine-affect-sleep_2026-07.json"),
                  language="en-US")
    [hit] = kinds(items, "url")
    assert hit["url"] == "https://en.wikipedia.org/wiki/Caffeine-induced_sleep_disorder"
    assert hit["content"].startswith("Caffeine-induced sleep disorder was a psychiatric disorder")
    assert "<span" not in hit["content"]
    assert {"number_of_results": 679} in items
    assert not kinds(items, "infobox")  # that capture has no generator part


def test_wikipedia_top_hit_infobox_from_the_same_answer() -> None:
    # synthetic: list=search (as the real capture) + generator=search pages in one answer
    items = parse("wikipedia", fixture("synthetic/wikipedia_search_with_top_page.json"), language="de",
                  query="caffeine")
    assert [h["url"] for h in kinds(items, "url")] == [
        "https://de.wikipedia.org/wiki/Caffeine", "https://de.wikipedia.org/wiki/Caffeine-induced_sleep_disorder"]
    [box] = kinds(items, "infobox")
    assert box["infobox"] == "Caffeine"
    assert box["id"] == "https://en.wikipedia.org/wiki/Caffeine"
    assert box["content"].startswith("Caffeine is a central nervous system")
    assert box["img_src"].endswith("300px-Caffeine.svg.png")
    assert {"label": "Description", "value": "Central nervous system stimulant"} in box["attributes"]
    assert {"suggestion": "caffeine effect sleep"} in items


def test_wikipedia_question_gets_hits_but_no_infobox() -> None:
    # the infobox is for queries that name the article; a question is left to the AI summary
    items = parse("wikipedia", fixture("synthetic/wikipedia_search_with_top_page.json"),
                  query="does caffeine affect sleep")
    assert kinds(items, "url") and not kinds(items, "infobox")


def test_wikipedia_infobox_from_the_real_rest_summary_capture() -> None:
    summary = json.loads(fixture("wikipedia/rest-page-summary_fermats-last-theorem_2018.json"))
    box = infobox(summary, "https://en.wikipedia.org")
    assert box is not None
    assert box["infobox"] == "Fermat's Last Theorem"
    assert box["content"] == summary["extract"]
    assert box["id"] == summary["content_urls"]["desktop"]["page"]


def test_wikipedia_request_one_call_with_both_modules() -> None:
    engine = make_engine("wikipedia")
    params = fake_response(engine, b"{}", query="caffeine", language="fr-FR").search_params
    url = params["url"]
    assert url.startswith("https://fr.wikipedia.org/w/api.php?")
    assert "list=search" in url and "generator=search" in url and "gsrlimit=1" in url
    page2 = fake_response(engine, b"{}", query="caffeine", pageno=2).search_params["url"]
    assert "sroffset=10" in page2 and "generator" not in page2


def test_wikipedia_api_error_is_a_parse_error() -> None:
    with pytest.raises(EngineParseError):
        parse("wikipedia", b'{"error":{"code":"badvalue","info":"nope"}}')


# --- Wikidata ------------------------------------------------------------------


def test_wikidata_real_label_only_capture() -> None:
    items = parse("wikidata", fixture("wikidata/wbgetentities-labels_Q123_2017.json"), query="Q123")
    [box] = kinds(items, "infobox")
    assert box["infobox"] == "September"
    assert box["id"] == "https://www.wikidata.org/wiki/Q123"
    assert kinds(items, "url")[0]["url"] == "https://www.wikidata.org/wiki/Q123"


def test_wikidata_entity_infobox() -> None:
    # synthetic: wbgetentities entity with claims and sitelinks (shape of the real capture, extended)
    items = parse("wikidata", fixture("synthetic/wikidata_entity.json"), query="Douglas Adams")
    [box] = kinds(items, "infobox")
    assert box["content"] == "English writer and humorist (1952–2001)"
    assert {"title": "Wikipedia", "url": "https://en.wikipedia.org/wiki/Douglas_Adams"} in box["urls"]
    assert {"title": "Official website", "url": "https://douglasadams.com/"} in box["urls"]
    assert {"label": "Date of birth", "value": "1952-03-11"} in box["attributes"]
    assert box["img_src"].startswith("https://commons.wikimedia.org/wiki/Special:FilePath/Douglas_adams_portrait")


def test_wikidata_missing_title_is_no_result() -> None:
    body = b'{"entities":{"-1":{"site":"enwiki","title":"Zzz qqq","missing":""}},"success":1}'
    assert parse("wikidata", body) == []


def test_wikidata_unknown_id_is_no_result_other_errors_are_errors() -> None:
    assert parse("wikidata", b'{"error":{"code":"no-such-entity","info":"Could not find Q999999999"}}') == []
    with pytest.raises(EngineParseError):
        parse("wikidata", b'{"error":{"code":"param-missing","info":"ids or sites/titles"}}')


def test_wikidata_request_by_title_and_by_id() -> None:
    engine = make_engine("wikidata")
    by_title = fake_response(engine, b"{}", query="Douglas Adams", language="de-DE").search_params["url"]
    assert "sites=dewiki" in by_title and "titles=Douglas+Adams" in by_title
    by_id = fake_response(engine, b"{}", query="q42").search_params["url"]
    assert "ids=Q42" in by_id and "titles" not in by_id
    assert fake_response(engine, b"{}", query="x", pageno=2).search_params["url"] is None


# --- GitHub --------------------------------------------------------------------


def test_github_real_capture() -> None:
    items = parse("github", fixture("github/search-repositories_transformer-attention-python-stars100_2026-03.json"))
    hits = kinds(items, "url")
    data = json.loads(fixture("github/search-repositories_transformer-attention-python-stars100_2026-03.json"))
    assert len(hits) == len(data["items"])
    first = data["items"][0]
    assert hits[0]["url"] == first["html_url"] == "https://github.com/fighting41love/funNLP"
    assert hits[0]["title"] == "fighting41love/funNLP"
    assert f"★ {first['stargazers_count']}" in hits[0]["content"]
    assert hits[0]["thumbnail"] == first["owner"]["avatar_url"]
    assert {"number_of_results": 161} in items


def test_github_error_body_is_a_parse_error() -> None:
    with pytest.raises(EngineParseError):
        parse("github", b'{"message":"Validation Failed"}')


# --- Stack Exchange ------------------------------------------------------------


def test_stackexchange_items_synthetic() -> None:
    # synthetic: no real API capture exists; fields as SOURCES.md documents
    items = parse("stackexchange", fixture("synthetic/stackexchange_search.json"))
    assert items[0]["title"] == 'How do I cancel an "asyncio" task?'
    assert items[0]["url"] == "https://stackoverflow.com/questions/12345/how-do-i-cancel-an-asyncio-task"
    assert "score 17" in items[0]["content"] and "python, asyncio" in items[0]["content"]
    assert items[0]["publishedDate"] == datetime.fromtimestamp(1700000000, tz=UTC)
    assert items[1]["title"] == "asyncio timeout & cancel"


def test_stackexchange_throttle_is_too_many_requests_with_backoff() -> None:
    # synthetic: the documented error body, served with HTTP 400
    with pytest.raises(EngineTooManyRequests) as err:
        parse("stackexchange", fixture("synthetic/stackexchange_throttle.json"), status=400)
    assert err.value.retry_after == 7061


def test_stackexchange_other_http_errors() -> None:
    with pytest.raises(EngineHTTPError):
        parse("stackexchange", b'{"error_id":400,"error_name":"bad_parameter","error_message":"site"}', status=400)
    with pytest.raises(EngineHTTPError):
        parse("stackexchange", b"oops", status=502, content_type="text/plain")


def test_stackexchange_request() -> None:
    engine = make_engine("stackexchange", name="stackoverflow", api_site="superuser")
    params = fake_response(engine, b"{}", query="grep", pageno=3, time_range="week").search_params
    assert params["url"].startswith("https://api.stackexchange.com/2.3/search/advanced?")
    assert "site=superuser" in params["url"] and "page=3" in params["url"] and "fromdate=" in params["url"]
    assert params["raise_for_httperror"] is False


# --- arXiv ---------------------------------------------------------------------


def test_arxiv_real_atom_capture() -> None:
    items = parse("arxiv", fixture("arxiv/api-query_cat-cs.RO-and-neural_max2_2025-10.xml"),
                  content_type="application/atom+xml")
    hits = kinds(items, "url")
    assert len(hits) == 2
    assert hits[0]["url"] == "http://arxiv.org/abs/2510.14968v1"
    assert hits[0]["title"] == ("RDD: Retrieval-Based Demonstration Decomposer for Planner Alignment in "
                                "Long-Horizon Tasks")
    assert "\n" not in hits[0]["content"] and hits[0]["content"].startswith("To tackle long-horizon tasks")
    assert hits[0]["authors"][:2] == ["Mingxuan Yan", "Yuping Wang"]
    assert hits[0]["pdf_url"] == "http://arxiv.org/pdf/2510.14968v1"
    assert hits[0]["publishedDate"] == "2025-10-16T17:59:37Z"
    assert {"number_of_results": 5619} in items


def test_arxiv_error_entry_and_non_feed() -> None:
    error_feed = (b'<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/api/errors#bad</id>'
                  b"<title>Error</title><summary>malformed query</summary></entry></feed>")
    with pytest.raises(EngineParseError):
        parse("arxiv", error_feed, content_type="application/atom+xml")
    with pytest.raises(EngineParseError):
        parse("arxiv", b"<html><body>down</body></html>", content_type="text/html")
    empty = b'<feed xmlns="http://www.w3.org/2005/Atom"><title>q</title></feed>'
    assert parse("arxiv", empty, content_type="application/atom+xml") == []
