"""Wikipedia full-text search plus an infobox for the top hit, in ONE Action API request.

One ``action=query`` call carries two modules: ``list=search`` (the hits with
snippets, total hits, spelling suggestion) and, on page 1, ``generator=search``
limited to one page with ``prop=extracts|pageimages|description|info`` — the
top hit's intro text, thumbnail and short description, which become the
infobox when the query names that article (the REST page-summary endpoint
would need a second request). A question gets no infobox, so the AI summary
can answer it.
Supports paging (``sroffset``) and language (the wiki's subdomain). Not
supported: safe search and time range (Wikipedia has neither).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body, locale, settings_of, strip_tags
from searx.errors import EngineParseError

base_url = "https://{lang}.wikipedia.org"
default_language = "en"
categories = ["general"]
paging = True
language_support = True
timeout = 3.0
about = {"website": "https://www.wikipedia.org", "results": "JSON", "use_official_api": True}

_PAGE_SIZE = 10


def _site(params: dict[str, Any]) -> str:
    lang = locale(params.get("language"))[0] or settings_of(params).get("default_language", "en")
    return _base_url(params, lang=lang)


def request(query: str, params: dict[str, Any]) -> None:
    args: dict[str, Any] = {
        "action": "query", "format": "json", "utf8": "1",
        "list": "search", "srsearch": query, "srlimit": _PAGE_SIZE,
        "sroffset": (params["pageno"] - 1) * _PAGE_SIZE, "srprop": "snippet|timestamp",
        "srinfo": "totalhits|suggestion",
    }
    if params["pageno"] == 1:
        args.update({
            "generator": "search", "gsrsearch": query, "gsrlimit": 1,
            "prop": "extracts|pageimages|description|info", "exintro": "1", "explaintext": "1",
            "exsentences": 4, "piprop": "thumbnail", "pithumbsize": 300, "inprop": "url",
        })
    params["url"] = f"{_site(params)}/w/api.php?{urlencode(args)}"


def article_url(site: str, title: str) -> str:
    return f"{site}/wiki/{quote(title.replace(' ', '_'), safe='/:()_,')}"


def infobox(page: dict[str, Any], site: str) -> dict[str, Any] | None:
    """An infobox from an Action API page (extracts/pageimages) or a REST page summary."""
    title = page.get("title")
    extract = page.get("extract")
    if not title or not extract or page.get("type") == "disambiguation":
        return None
    url = (page.get("fullurl") or ((page.get("content_urls") or {}).get("desktop") or {}).get("page")
           or article_url(site, title))
    box: dict[str, Any] = {
        "infobox": title, "id": url, "content": extract,
        "img_src": (page.get("thumbnail") or {}).get("source", ""),
        "urls": [{"title": "Wikipedia", "url": url}], "attributes": [],
    }
    if page.get("description"):
        box["attributes"].append({"label": "Description", "value": page["description"]})
    return box


def _names_the_page(query: str, title: str) -> bool:
    """The query is the article's title (so an infobox answers it), not a question about it."""
    def norm(text: str) -> str:
        return " ".join("".join(c if c.isalnum() else " " for c in text.casefold()).split())
    return bool(query) and norm(query) == norm(title)


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "wikipedia", bot_pages=False)
    query = data.get("query") if isinstance(data, dict) else None
    if not isinstance(query, dict) or "search" not in query:
        raise EngineParseError(f"unexpected Wikipedia answer: {str(data.get('error', data))[:200]}")
    site = _site(resp.search_params)
    results: list[dict[str, Any]] = []
    for hit in query["search"]:
        results.append({"url": article_url(site, hit["title"]), "title": hit["title"],
                        "content": strip_tags(hit.get("snippet", ""))})
    info = query.get("searchinfo") or {}
    if info.get("suggestion"):
        results.append({"suggestion": info["suggestion"]})
    if results and "totalhits" in info:
        results.append({"number_of_results": int(info["totalhits"])})
    pages = query.get("pages") or {}
    for page in (pages.values() if isinstance(pages, dict) else pages):
        box = infobox(page, site)
        if box and _names_the_page(resp.search_params.get("query", ""), box["infobox"]):
            results.append(box)
            break
    return results
