"""PubMed through NCBI's E-utilities: ``esearch`` finds a page of PMIDs, ``efetch`` their records.

Two requests, no hidden one: the PMIDs of the query's page (esearch XML,
``IdList``) are the engine's token (docs/dev/engines.md, Tokens), cached per
query and page for ``token_ttl`` seconds; the result request is efetch with
those ids. Results are papers (``paper.html``). Supports paging (10 a page).
Not supported: language, safe search, time range, NCBI API keys (the limit of
3 requests a second per address applies) and book records (``PubmedBookArticle``).
"""

from __future__ import annotations

import datetime
from typing import Any
from urllib.parse import urlencode

from lxml import etree

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import squash
from searx.errors import EngineParseError

base_url = "https://eutils.ncbi.nlm.nih.gov/entrez/eutils"
categories = ["science", "scientific publications"]
paging = True
timeout = 3.0
token_ttl = 3600.0
page_size = 10
about = {"website": "https://www.ncbi.nlm.nih.gov/pubmed/", "results": "XML", "use_official_api": True,
         "official_api_documentation": "https://www.ncbi.nlm.nih.gov/books/NBK25501/"}

_ARTICLE = "https://www.ncbi.nlm.nih.gov/pubmed/"
_PMC = "https://www.ncbi.nlm.nih.gov/pmc/articles/"
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)


def _xml(resp: Any, root: str, what: str) -> Any:
    try:
        tree = etree.fromstring(resp.content, parser=_PARSER)
    except etree.XMLSyntaxError as exc:
        raise EngineParseError(f"PubMed {what}: not XML") from exc
    if tree is None or tree.tag != root:
        raise EngineParseError(f"PubMed {what}: <{getattr(tree, 'tag', None)}> instead of <{root}>")
    return tree


# --- the token: esearch's PMIDs of this page ---------------------------------------


def token_scope(query: str, params: dict[str, Any]) -> str:
    return f"{params['pageno']}//{query}"


def token_request(query: str, params: dict[str, Any]) -> None:
    size = int(params["engine"].settings.get("page_size") or page_size)
    args = {"db": "pubmed", "term": query, "retstart": (params["pageno"] - 1) * size, "retmax": size}
    params["url"] = f"{_base_url(params)}/esearch.fcgi?{urlencode(args)}"


def token_response(resp: Any) -> str:
    """The page's PMIDs, comma-separated; "" when the query finds nothing."""
    tree = _xml(resp, "eSearchResult", "esearch")
    error = tree.findtext("ERROR")
    if error:
        raise EngineParseError(f"PubMed esearch error: {squash(error)[:200]}")
    return ",".join(i.text.strip() for i in tree.iterfind("IdList/Id") if i.text and i.text.strip().isdigit())


# --- the results: efetch's records ---------------------------------------------------


def request(query: str, params: dict[str, Any]) -> None:
    if not params.get("token"):
        params["url"] = None
        return
    params["url"] = f"{_base_url(params)}/efetch.fcgi?{urlencode({'db': 'pubmed', 'retmode': 'xml', 'id': params['token']})}"


def _text(node: Any) -> str:
    return squash("".join(node.itertext())) if node is not None else ""


def _authors(citation: Any) -> list[str]:
    names = []
    for author in citation.iterfind("Article/AuthorList/Author"):
        name = " ".join(filter(None, (author.findtext("ForeName"), author.findtext("LastName"))))
        names.append(squash(name or author.findtext("CollectiveName") or ""))
    return [n for n in names if n]


def _accepted(article: Any) -> datetime.date | None:
    when = article.find("PubmedData/History/PubMedPubDate[@PubStatus='accepted']")
    if when is None:
        return None
    try:
        return datetime.date(*(int(when.findtext(part) or "") for part in ("Year", "Month", "Day")))
    except ValueError:
        return None


def _paper(article: Any) -> dict[str, Any] | None:
    citation = article.find("MedlineCitation")
    pmid = citation.findtext("PMID") if citation is not None else None
    if not pmid or not pmid.strip().isdigit():
        return None
    journal = citation.find("Article/Journal")
    abstract = " ".join(_text(part) for part in citation.iterfind("Article/Abstract/AbstractText"))
    pmc = article.findtext("PubmedData/ArticleIdList/ArticleId[@IdType='pmc']")
    accepted = _accepted(article)
    return {
        "template": "paper.html",
        "url": _ARTICLE + pmid.strip(),
        "title": _text(citation.find("Article/ArticleTitle")),
        "content": abstract,
        "authors": _authors(citation),
        "journal": _text(journal.find("Title")) if journal is not None else "",
        "issn": [_text(i) for i in journal.iterfind("ISSN")] if journal is not None else [],
        "volume": squash(citation.findtext("Article/Journal/JournalIssue/Volume")),
        "number": squash(citation.findtext("Article/Journal/JournalIssue/Issue")),
        "pages": squash(citation.findtext("Article/Pagination/MedlinePgn")),
        "doi": squash(citation.findtext("Article/ELocationID[@EIdType='doi']")),
        "html_url": _PMC + pmc.strip() + "/" if pmc and pmc.strip() else "",
        "publishedDate": accepted.isoformat() if accepted else None,
    }


def response(resp: Any) -> list[dict[str, Any]]:
    tree = _xml(resp, "PubmedArticleSet", "efetch")
    return [paper for article in tree.iterfind("PubmedArticle") if (paper := _paper(article))]
