"""The science engines (pubmed, semantic_scholar, pdbe, crossref; arxiv's paper results):
what they ask, what they parse from real and documented answers, their bad cases, and
each one unchanged through the whole app against its real request URL (upstream-hosts double)."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import engine_kit
import pytest
from engine_kit import args, build, fake_response, fixture, make_engine, make_params

from searx import settings as settings_mod
from searx.errors import EngineParseError
from searx.results.types import PaperResult, from_engine_item
from tests.upstream_hosts import Reply

ESEARCH = "pubmed/esearch-xml_artificial-intelligence-radiology_retmax5_built-from-json-capture.xml"
EFETCH = "pubmed/efetch-xml_three-records_built-from-eutils-docs.xml"
S2 = "semantic_scholar/graph-v1-paper-search_transformer_limit5_many-fields_2026-06.json"
CROSSREF = "crossref/works-query_ecology_rows2_2026-06_extracted-from-cassette.json"
CROSSREF_20 = "crossref/works-query_ecology_query-author-carl-boettiger_2026-06_extracted-from-cassette.json"
PDBE = "pdbe/solr-select_retinoic-acid_built-from-search-docs.json"
CLOUDFLARE = fixture("synthetic/cloudflare_just_a_moment.html")
EUTILS = "eutils.ncbi.nlm.nih.gov"


parse = partial(engine_kit.parse, content_type="application/json")  # the APIs answer JSON unless a test says


def papers(module: str, items: list) -> list[PaperResult]:
    """The items typed as the runner types them: every one a PaperResult."""
    out = [from_engine_item(i, module, "science") for i in items if "url" in i]
    assert all(isinstance(r, PaperResult) for r in out), out
    return out  # type: ignore[return-value]


def outcome(client: Any, name: str) -> dict[str, int]:
    stats = client.application.extensions["searx"].health.stats([name])[name]["outcomes"]
    return {k: v for k, v in stats.items() if v}


search = partial(engine_kit.search_json, category="science")


# --- requests ------------------------------------------------------------------------


def test_pubmed_asks_esearch_for_the_page_then_efetch_for_its_ids() -> None:
    engine = make_engine("pubmed")
    token = make_params(engine, pageno=2, language="de-DE", safesearch=2, time_range="year")
    engine.token_request("lung cancer", token)
    assert token["url"].startswith("https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi?")
    assert args(token["url"]) == {"db": "pubmed", "term": "lung cancer", "retstart": "10", "retmax": "10"}
    assert engine.token_scope("lung cancer", make_params(engine, pageno=2)) != engine.token_scope(
        "lung cancer", make_params(engine, pageno=1)), "each page has its own PMIDs"
    p = build("pubmed", "lung cancer", token="42286391,42286351", pageno=2, language="de-DE", time_range="year")
    assert p["url"].startswith("https://eutils.ncbi.nlm.nih.gov/entrez/eutils/efetch.fcgi?")
    assert args(p["url"]) == {"db": "pubmed", "retmode": "xml", "id": "42286391,42286351"}
    assert build("pubmed", "x")["url"] is None, "no PMIDs: nothing to fetch"


def test_semantic_scholar_request_and_its_optional_key() -> None:
    p = build("semantic_scholar", "attention", pageno=3, language="fr-FR", safesearch=2, time_range="month")
    assert p["url"].startswith("https://api.semanticscholar.org/graph/v1/paper/search?")
    a = args(p["url"])
    assert (a["query"], a["offset"], a["limit"]) == ("attention", "20", "10")
    assert {"title", "url", "abstract", "authors", "externalIds", "openAccessPdf", "venue"} <= set(a["fields"].split(","))
    assert "x-api-key" not in p["headers"]
    assert build("semantic_scholar", settings={"api_key": "k-123"})["headers"]["x-api-key"] == "k-123"


def test_pdbe_posts_its_solr_form() -> None:
    p = build("pdbe", "retinoic acid", pageno=2, language="en-US")
    assert (p["method"], p["url"]) == ("POST", "https://www.ebi.ac.uk/pdbe/search/pdb/select?")
    assert p["data"] == {"q": "retinoic acid", "wt": "json"}


def test_crossref_pages_by_twenty() -> None:
    assert build("crossref", "ecology")["url"] == "https://api.crossref.org/works?query=ecology&offset=0"
    assert args(build("crossref", "ecology", pageno=3, language="de", time_range="day")["url"]) == {
        "query": "ecology", "offset": "40"}


# --- parsing ---------------------------------------------------------------------------


def test_pubmed_esearch_gives_the_ids_or_nothing_or_an_error() -> None:
    engine = make_engine("pubmed")
    assert engine.token_response(fake_response(engine, fixture(ESEARCH))) == (
        "42286391,42286351,42286322,42286178,42286177")
    empty = fixture("pubmed/esearch-xml_no-results_built-from-eutils-docs.xml")
    assert engine.token_response(fake_response(engine, empty)) == ""
    with pytest.raises(EngineParseError, match="esearch error: Search Backend failed"):
        engine.token_response(fake_response(engine, fixture("pubmed/esearch-xml_error-retstart_built-from-eutils-docs.xml")))
    json_form = fixture("pubmed/esearch-json_artificial-intelligence-radiology_retmax5_2026-06.json")
    with pytest.raises(EngineParseError, match="PubMed esearch: not XML"):
        engine.token_response(fake_response(engine, json_form))


def test_pubmed_efetch_records_are_papers() -> None:
    first, second, third = papers("pubmed", parse("pubmed", fixture(EFETCH), token="1"))  # the book is left out
    assert first.url == "https://www.ncbi.nlm.nih.gov/pubmed/42286391"
    assert first.title.startswith("Artificial intelligence for chest radiograph triage")
    assert first.authors == ["Maja Lindqvist", "Chinedu A Okafor", "Nordic AI Imaging Consortium"]
    assert (first.journal, first.issn, first.volume, first.number, first.pages) == (
        "European radiology", ["1432-1084"], "36", "7", "4012-4023")
    assert first.doi == "10.1007/s00330-026-11873-2" and first.publishedDate == "2026-05-02"
    assert first.html_url == "https://www.ncbi.nlm.nih.gov/pmc/articles/PMC12903417/"
    assert "(n = 312 urgent)" in first.content and "19 min (p < 0.001)" in first.content
    assert second.title == "Large language models as second readers of CT reports: accuracy and failure modes."
    assert second.issn == ["2352-0477", "2352-0485"] and second.publishedDate is None  # 30 February is no date
    assert (second.doi, third.authors, third.content) == ("", ["Nakamura"], "")
    assert parse("pubmed", fixture("pubmed/efetch-xml_empty-set_built-from-eutils-docs.xml"), token="1") == []


def test_pubmed_changed_page_names_the_parser() -> None:
    with pytest.raises(EngineParseError, match=r"PubMed efetch: <eSearchResult> instead of <PubmedArticleSet>"):
        parse("pubmed", fixture(ESEARCH), token="1")
    with pytest.raises(EngineParseError, match="PubMed efetch: not XML"):
        parse("pubmed", CLOUDFLARE, content_type="text/html", token="1")


def test_semantic_scholar_papers_from_the_graph_api() -> None:
    items = parse("semantic_scholar", fixture(S2))
    assert items[-1] == {"number_of_results": 360715}
    swin, informer, longformer, *_ = papers("semantic_scholar", items)
    assert swin.url == "https://www.semanticscholar.org/paper/c8b25fab5608c3e033d34b4483ec47e68ba109b7"
    assert swin.title.startswith("Swin Transformer") and swin.authors[:2] == ["Ze Liu", "Yutong Lin"]
    assert (swin.doi, swin.pdf_url) == ("10.1109/ICCV48922.2021.00986", "http://arxiv.org/pdf/2103.14030")
    assert swin.publishedDate == "2021-01-01", "a year alone is its first day"
    assert informer.publishedDate == "2020-12-14" and longformer.doi == ""
    bare = papers("semantic_scholar", parse("semantic_scholar", fixture(
        "semantic_scholar/graph-v1-paper-search_turing_openAccessPdf_2024-12_extracted-from-cassette.json")))
    assert bare[0].url == "https://www.semanticscholar.org/paper/f1328e67a62218c365a5945d58123634db1895be"
    assert bare[0].pdf_url == "https://mededu.jmir.org/2023/1/e46939/PDF"


def test_semantic_scholar_empty_and_changed_answers() -> None:
    assert parse("semantic_scholar", fixture("semantic_scholar/graph-v1-paper-search_no-results_built-from-api-docs.json")) == []
    with pytest.raises(EngineParseError, match="not a paper search result"):
        parse("semantic_scholar", b'{"error": "Paper with id 0 not found"}')
    with pytest.raises(EngineParseError, match="not JSON"):
        parse("semantic_scholar", CLOUDFLARE, content_type="text/html")


def test_crossref_works_are_papers() -> None:
    items = parse("crossref", fixture(CROSSREF))
    assert items[-1] == {"number_of_results": 586628}
    communicating, chemical = papers("crossref", items)
    assert communicating.url.startswith("https://oxfordbibliographies.com/view/document/obo-9780199830060/")
    assert (communicating.title, communicating.journal, communicating.type) == ("Communicating Ecology", "Ecology",
                                                                              "reference-entry")
    assert communicating.content.startswith("Communication is perhaps") and "<p>" not in communicating.content
    assert (communicating.isbn, communicating.publisher) == (["9780199830060"], "Oxford University Press")
    assert chemical.authors == ["André Kessler"] and chemical.doi == "10.1093/obo/9780199830060-0023"
    twenty = papers("crossref", parse("crossref", fixture(CROSSREF_20)))
    assert len(twenty) == 20 and all(p.doi and p.title for p in twenty)
    articles = [p for p in twenty if p.type == "journal-article"]
    assert articles and all(p.issn for p in articles) and any(p.volume and p.pages for p in articles)


def test_crossref_leaves_out_components_and_titles_chapters_by_their_book() -> None:
    body = {"status": "ok", "message": {"total-results": 3, "items": [
        {"type": "component", "title": ["Figure 1"], "URL": "https://doi.org/10.1/fig1", "DOI": "10.1/fig1"},
        {"type": "book-chapter", "title": ["Soils"], "container-title": ["Handbook of Ecology"],
         "URL": "https://doi.org/10.1/ch3", "DOI": "10.1/ch3", "published": {"date-parts": [[2019, 4]]}},
        {"type": "journal-article", "container-title": ["Ecology Letters"], "URL": "https://doi.org/10.1/x"},
    ]}}
    chapter, untitled = papers("crossref", parse("crossref", json.dumps(body).encode()))
    assert (chapter.title, chapter.journal, chapter.publishedDate) == ("Handbook of Ecology (Soils)", "", "2019-04-01")
    assert (untitled.title, untitled.journal) == ("Ecology Letters", "")
    with pytest.raises(EngineParseError, match="not a work list"):
        parse("crossref", b'{"status": "failed", "message-type": "validation-failure", "message": [{"type": "x"}]}')


def test_pdbe_entries_obsolete_ones_and_unreleased_ones() -> None:
    items = parse("pdbe", fixture(PDBE))
    assert [i["url"].rsplit("/", 1)[1] for i in items] == ["1cbs", "2lbd", "1cbr", "3kmz"]  # HPUB left out
    cbs = items[0]
    assert cbs["content"] == ("Crystal structures of cellular retinoic acid binding proteins I and II in complex with "
                              "all-trans-retinoic acid and a synthetic retinoid. - Kleywegt, G.J. Structure (2) "
                              "1241-1258 (1994)")
    assert cbs["thumbnail"] == "https://www.ebi.ac.uk/pdbe/static/entry/1cbs_deposited_chain_front_image-200x200.png"
    assert items[1]["content"].endswith("- Renaud, J.P. (1996)")
    assert items[2]["title"].endswith("(OBSOLETE)") and "pdb/2cbr (2cbr)" in items[2]["content"]
    assert items[3]["content"] == ""
    engine = make_engine("pdbe", hide_obsolete=True)
    kept = engine.response(fake_response(engine, fixture(PDBE), content_type="application/json"))
    assert "1cbr" not in [i["url"].rsplit("/", 1)[1] for i in kept] and len(kept) == 3
    assert parse("pdbe", fixture("pdbe/solr-select_no-results_built-from-search-docs.json")) == []
    with pytest.raises(EngineParseError, match="no response.docs"):
        parse("pdbe", b'{"error": {"msg": "undefined field foo", "code": 400}}')


def test_arxiv_gives_papers() -> None:
    items = parse("arxiv", fixture("arxiv/api-query_cat-cs.RO-and-neural_max2_2025-10.xml"), content_type="application/atom+xml")
    (first, _) = papers("arxiv", items)
    assert first.template == "paper.html" and first.authors and first.pdf_url.startswith("http://arxiv.org/pdf/")


# --- the default entries ------------------------------------------------------------------


def test_default_settings_ship_the_science_entries_as_searxng_does() -> None:
    data = settings_mod.validate(settings_mod.merge(settings_mod._read_yaml(settings_mod.DEFAULT_PATH), None))
    entries = {e["name"]: e for e in data.engines}
    for name, shortcut in (("pubmed", "pub"), ("semantic scholar", "se"), ("pdbe", "pdb"), ("crossref", "cr")):
        assert entries[name]["shortcut"] == shortcut and "science" in entries[name]["categories"]
    assert [n for n in ("pubmed", "semantic scholar", "pdbe", "crossref") if entries[n].get("disabled")] == ["crossref"]
    assert entries["crossref"]["timeout"] == 30.0


# --- through the whole app, against the real URLs -------------------------------------------


def test_pubmed_through_the_app_asks_esearch_once_then_efetch(engine_client: Any, hosts: Any) -> None:
    hosts.route(EUTILS, "/entrez/eutils/esearch.fcgi", fixture(ESEARCH), content_type="text/xml; charset=UTF-8")
    hosts.route(EUTILS, "/entrez/eutils/efetch.fcgi", fixture(EFETCH), content_type="text/xml; charset=UTF-8")
    client = engine_client([{"name": "pubmed", "engine": "pubmed", "shortcut": "pub", "categories": ["science"]}])
    body = search(client, "artificial intelligence radiology")
    assert body["unresponsive_engines"] == []
    assert [r["url"] for r in body["results"]][:1] == ["https://www.ncbi.nlm.nih.gov/pubmed/42286391"]
    first = body["results"][0]
    assert first["template"] == "paper.html" and first["doi"] == "10.1007/s00330-026-11873-2"
    assert first["authors"][0] == "Maja Lindqvist" and first["journal"] == "European radiology"
    esearch, efetch = hosts.seen
    assert esearch.arg("term") == "artificial intelligence radiology" and esearch.arg("retstart") == "0"
    assert efetch.arg("id") == "42286391,42286351,42286322,42286178,42286177" and efetch.arg("retmode") == "xml"
    search(client, "artificial intelligence radiology")
    assert [s.path for s in hosts.seen[2:]] == ["/entrez/eutils/efetch.fcgi"], "the page's PMIDs were kept"
    assert hosts.unrouted == [] and outcome(client, "pubmed") == {"ok": 2}


@pytest.mark.parametrize(("answer", "expected"), [
    (Reply(fixture("pubmed/esearch-xml_no-results_built-from-eutils-docs.xml"), content_type="text/xml"), "no_results"),
    (Reply(CLOUDFLARE, status=403, content_type="text/html"), "challenged"),  # Cloudflare's check, with its 403
    (Reply(CLOUDFLARE, content_type="text/html"), "challenged"),
    (Reply(b'{"error":"API rate limit exceeded","api-key":"192.0.2.1","count":"4","limit":"3"}', status=429,
           content_type="application/json"), "blocked"),
])
def test_pubmed_bad_esearch_answers_end_the_call(engine_client: Any, hosts: Any, answer: Reply, expected: str) -> None:
    hosts.route(EUTILS, "/entrez/eutils/esearch.fcgi", answer)
    client = engine_client([{"name": "pubmed", "engine": "pubmed", "shortcut": "pub", "categories": ["science"]}])
    assert search(client, "xqzvwyk")["results"] == []
    assert outcome(client, "pubmed") == {expected: 1}
    assert [s.path for s in hosts.seen] == ["/entrez/eutils/esearch.fcgi"], "no efetch without PMIDs"


def test_semantic_scholar_through_the_app(engine_client: Any, hosts: Any) -> None:
    hosts.route("api.semanticscholar.org", "/graph/v1/paper/search", fixture(S2), content_type="application/json")
    client = engine_client([{"name": "semantic scholar", "engine": "semantic_scholar", "shortcut": "se",
                             "categories": ["science"]}])
    body = search(client, "transformer", pageno="2")
    assert [r["title"][:16] for r in body["results"]][:2] == ["Swin Transformer", "Informer: Beyond"]
    assert body["results"][0]["pdf_url"] == "http://arxiv.org/pdf/2103.14030"
    (seen,) = hosts.seen
    assert (seen.arg("query"), seen.arg("offset"), seen.arg("limit")) == ("transformer", "10", "10")
    assert "x-api-key" not in seen.headers and hosts.unrouted == []
    hosts.clear()
    hosts.route("api.semanticscholar.org", "/", Reply(b'{"message": "Too Many Requests"}', status=429))
    body = search(client, "transformer again")
    assert [name for name, _ in body["unresponsive_engines"]] == ["semantic scholar"]


def test_pdbe_and_crossref_through_the_app(engine_client: Any, hosts: Any) -> None:
    hosts.route("www.ebi.ac.uk", "/pdbe/search/pdb/select", fixture(PDBE), content_type="application/json")
    hosts.route("api.crossref.org", "/works", fixture(CROSSREF), content_type="application/json")
    client = engine_client([
        {"name": "pdbe", "engine": "pdbe", "shortcut": "pdb", "categories": ["science"]},
        {"name": "crossref", "engine": "crossref", "shortcut": "cr", "categories": ["science"]},
    ])
    body = search(client, "retinoic acid")
    urls = {r["url"] for r in body["results"]}
    assert "https://www.ebi.ac.uk/pdbe/entry/pdb/1cbs" in urls and any("oxfordbibliographies.com" in u for u in urls)
    seen = {s.host: s for s in hosts.seen}
    assert seen["www.ebi.ac.uk"].method == "POST" and seen["www.ebi.ac.uk"].form == {"q": ["retinoic acid"],
                                                                                    "wt": ["json"]}
    assert seen["api.crossref.org"].arg("query") == "retinoic acid" and hosts.unrouted == []


def test_an_http_error_page_of_the_upstream_is_not_results(engine_client: Any, hosts: Any) -> None:
    hosts.route("api.crossref.org", "/works", Reply(b"Resource not found.", status=404, content_type="text/plain"))
    client = engine_client([{"name": "crossref", "engine": "crossref", "shortcut": "cr", "categories": ["science"]}])
    body = search(client, "ecology")
    assert body["results"] == [] and [n for n, _ in body["unresponsive_engines"]] == ["crossref"]
