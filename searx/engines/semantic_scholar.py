"""Semantic Scholar papers through its public Graph API (``/graph/v1/paper/search``).

The documented API, not the web app's private ``/api/1/search`` (which needs a
UI version scraped from the home page and changes without notice). Results are
papers (``paper.html``): authors, venue, DOI, open-access PDF, fields of study.
Supports paging (10 a page) and an optional ``api_key`` (sent as ``x-api-key``;
without one the API's shared limit applies, answered with HTTP 429). Not
supported: language, safe search, time range and citation counts.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body, squash
from searx.errors import EngineParseError

base_url = "https://api.semanticscholar.org"
categories = ["science", "scientific publications"]
paging = True
timeout = 3.0
api_key = ""
about = {"website": "https://www.semanticscholar.org/", "results": "JSON", "use_official_api": True,
         "official_api_documentation": "https://api.semanticscholar.org/api-docs/graph"}

PER_PAGE = 10
FIELDS = "title,url,abstract,venue,journal,year,publicationDate,authors,externalIds,openAccessPdf,fieldsOfStudy"
_PAPER = "https://www.semanticscholar.org/paper/"


def request(query: str, params: dict[str, Any]) -> None:
    args = {"query": query, "offset": (params["pageno"] - 1) * PER_PAGE, "limit": PER_PAGE, "fields": FIELDS}
    params["url"] = f"{_base_url(params)}/graph/v1/paper/search?{urlencode(args)}"
    params["headers"]["Accept"] = "application/json"
    key = params["engine"].settings.get("api_key")
    if key:
        params["headers"]["x-api-key"] = str(key)


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _date(paper: dict[str, Any]) -> str | None:
    if isinstance(paper.get("publicationDate"), str) and paper["publicationDate"]:
        return paper["publicationDate"]
    year = paper.get("year")
    # a year alone is the first of January, as SearXNG's crossref pads its date parts
    return f"{year:04d}-01-01" if isinstance(year, int) and 0 < year < 10000 else None


def _paper(paper: dict[str, Any]) -> dict[str, Any]:
    journal = _dict(paper.get("journal"))
    pdf = _dict(paper.get("openAccessPdf")).get("url") or ""
    url = paper.get("url") or (_PAPER + str(paper.get("paperId") or ""))
    return {
        "template": "paper.html",
        "url": url,
        "title": squash(str(paper.get("title") or "")),
        "content": squash(str(paper.get("abstract") or "")),
        "authors": [str(a["name"]) for a in paper.get("authors") or [] if isinstance(a, dict) and a.get("name")],
        "journal": squash(str(paper.get("venue") or journal.get("name") or "")),
        "volume": squash(str(journal.get("volume") or "")),
        "pages": squash(str(journal.get("pages") or "")),
        "doi": str(_dict(paper.get("externalIds")).get("DOI") or ""),
        "pdf_url": pdf if isinstance(pdf, str) else "",
        "tags": [str(t) for t in paper.get("fieldsOfStudy") or [] if t],
        "publishedDate": _date(paper),
    }


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "semantic_scholar", bot_pages=False)
    if not isinstance(data, dict) or not isinstance(data.get("total"), int):
        raise EngineParseError("Semantic Scholar's answer is not a paper search result")
    papers = data.get("data") or []  # no "data" at all when nothing matches
    if not isinstance(papers, list):
        raise EngineParseError("Semantic Scholar's answer has no data list")
    results: list[dict[str, Any]] = [_paper(p) for p in papers if isinstance(p, dict) and (p.get("url") or p.get("paperId"))]
    if results:
        results.append({"number_of_results": data["total"]})
    return results
