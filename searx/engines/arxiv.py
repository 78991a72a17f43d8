"""arXiv preprints through the export Atom API.

Results are papers (``paper.html``). Supports paging (``start``). Not supported: language, safe search and time
range (the API has no date filter in ``search_query`` for submission dates
that fits SearXNG's ranges). Queries search all fields (``all:``).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from lxml import etree

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import squash
from searx.errors import EngineParseError

base_url = "https://export.arxiv.org"
categories = ["science"]
paging = True
timeout = 6.0
about = {"website": "https://arxiv.org", "results": "XML-Atom", "use_official_api": True}

_PAGE_SIZE = 10
_NS = {"atom": "http://www.w3.org/2005/Atom", "arxiv": "http://arxiv.org/schemas/atom",
       "opensearch": "http://a9.com/-/spec/opensearch/1.1/"}
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True)


def request(query: str, params: dict[str, Any]) -> None:
    args = {"search_query": f"all:{query}", "start": (params["pageno"] - 1) * _PAGE_SIZE,
            "max_results": _PAGE_SIZE}
    params["url"] = f"{_base_url(params)}/api/query?{urlencode(args)}"


def _text(entry: Any, path: str) -> str:
    return squash(entry.findtext(path, default="", namespaces=_NS))


def response(resp: Any) -> list[dict[str, Any]]:
    try:
        feed = etree.fromstring(resp.content, parser=_PARSER)
    except etree.XMLSyntaxError as exc:
        raise EngineParseError("arXiv answered with no Atom feed") from exc
    if feed.tag != "{http://www.w3.org/2005/Atom}feed":
        raise EngineParseError(f"arXiv answered with <{feed.tag}>")
    results: list[dict[str, Any]] = []
    for entry in feed.iterfind("atom:entry", _NS):
        url = _text(entry, "atom:id")
        if "/api/errors" in url:  # the API reports a malformed query as one "Error" entry
            raise EngineParseError(f"arXiv error: {_text(entry, 'atom:summary')[:200]}")
        authors = [squash(a.text) for a in entry.iterfind("atom:author/atom:name", _NS)]
        pdf = entry.find("atom:link[@title='pdf']", _NS)
        item: dict[str, Any] = {
            "template": "paper.html", "url": url, "title": _text(entry, "atom:title"), "content": _text(entry, "atom:summary"),
            "publishedDate": _text(entry, "atom:published") or None,
            "authors": authors, "pdf_url": pdf.get("href") if pdf is not None else "",
            "doi": _text(entry, "arxiv:doi"), "journal": _text(entry, "arxiv:journal_ref"),
            "tags": [c.get("term") for c in entry.iterfind("atom:category", _NS)],
        }
        results.append(item)
    total = _text(feed, "opensearch:totalResults")
    if results and total.isdigit():
        results.append({"number_of_results": int(total)})
    return results
