"""Ahmia's index of Tor onion services, asked at its own onion address (``/search/``).

An onion engine (category ``onions``): it loads only when the instance's engine
traffic goes through Tor (``outgoing.using_tor_proxy`` with Tor's proxy in
``outgoing.proxies``, docs/admin/engines.md), as in SearXNG; otherwise its entry is
skipped silently. Ahmia takes a search only with the hidden field of its own search
form, which rotates: the runner reads it from the home page when none is cached
(a token, ``token_ttl``) and every result page carries a fresh one. Result links are
Ahmia's redirects, decoded to the onion address. Ahmia answers every hit at once: a
later page is a slice of ``page_size``. Supports paging, day, week and month. Not
supported: a year time range (the engine is not asked), language, safe search.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlencode, urljoin, urlsplit

from searx.enginelib import time_range
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import parse_html, text_of, unparsable

base_url = "http://juhanurmihxlp77nkq76byazcldy2hlmovfu2epvl5ankdibsot4csyd.onion"
categories = ["onions"]
paging = True
time_range_support = True
enable_http = True  # onion services are reached over plain HTTP (Tor encrypts the circuit)
timeout = 20.0
page_size = 10
token_ttl = 3600.0  # Ahmia accepts a form field up to an hour old
about = {"website": "http://juhanurmihxlp77nkq76byazcldy2hlmovfu2epvl5ankdibsot4csyd.onion",
         "wikidata_id": "Q18693938", "use_official_api": False, "require_api_key": False, "results": "HTML"}

_FIELD = '//form[@id="searchForm"]/input[@type="hidden"]'


def token_scope(query: str, params: dict[str, Any]) -> str:
    return ""  # one form field for every query


def token_request(query: str, params: dict[str, Any]) -> None:
    params["url"] = f"{_base_url(params)}/"


def _field(tree: Any) -> str:
    """``name:value`` of the search form's hidden field, or ""."""
    fields = tree.xpath(_FIELD)
    name, value = (fields[0].get("name", ""), fields[0].get("value", "")) if fields else ("", "")
    return f"{name}:{value}" if name and value else ""


def token_response(resp: Any) -> str:
    token = _field(parse_html(resp))
    if not token:
        raise unparsable(resp, "ahmia: no search form with its hidden field on the home page")
    return token


def request(query: str, params: dict[str, Any]) -> None:
    days = time_range.days(params, month=30, year=None)
    name, _, value = str(params.get("token") or "").partition(":")
    if (params.get("time_range") and days is None) or not value:
        params["url"] = None  # no year filter; no form field, no answer
        return
    args = {"q": query, name: value, **({"d": str(days)} if days else {})}
    params["url"] = f"{_base_url(params)}/search/?{urlencode(args)}"


def _target(href: str, page: str) -> str:
    link = urljoin(page, href)
    return parse_qs(urlsplit(link).query).get("redirect_url", [link])[0]


def response(resp: Any) -> list[dict[str, Any]]:
    tree = parse_html(resp)
    token = _field(tree)
    hits = tree.xpath('//li[@class="result"]')
    if not hits and not token:
        raise unparsable(resp, "ahmia: neither results nor the search form on the page")
    size = int(resp.search_params["engine"].settings.get("page_size") or page_size)
    first = size * (resp.search_params.get("pageno", 1) - 1)
    page = str(resp.request.url)
    results: list[dict[str, Any]] = []
    for hit in hits[first:first + size]:
        links = hit.xpath("./h4/a")
        if links and links[0].get("href"):
            results.append({"url": _target(links[0].get("href"), page), "title": text_of(links[0]),
                            "content": text_of(hit.xpath(".//p[1]"))})
    results += [{"correction": text_of(a)} for a in tree.xpath('//*[@id="didYouMean"]//a')]
    return [*results, {"token": token}] if token else results
