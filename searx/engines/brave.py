"""Brave Search web results (server-rendered HTML, no JavaScript).

Supports paging (``offset``, up to page 10), time range (``tf``), safe search
and country/UI language (Brave reads them from cookies). Not supported: the
embedded JSON state of the page is not used (markup only), nor Brave's own
summarizer or clusters (videos, discussions) mixed into the result list.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode, urlsplit

from searx.engines.html_parse import base_url as _base_url
from searx.engines.html_parse import has_class, locale, parse_html, text_of, unparsable
from searx.errors import EngineCaptcha

base_url = "https://search.brave.com"
categories = ["general", "web"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 4.0
about = {"website": "https://search.brave.com", "results": "HTML", "use_official_api": False}
# SearXNG's entries also name Brave's images, videos, news and goggles; those entries are skipped
SUPPORTED_VALUES = {"brave_category": ("search",)}

_TIME = {"day": "pd", "week": "pw", "month": "pm", "year": "py"}
_SAFE = {0: "off", 1: "moderate", 2: "strict"}
_MAX_PAGE = 10


def request(query: str, params: dict[str, Any]) -> None:
    pageno = params["pageno"]
    if pageno > _MAX_PAGE:
        params["url"] = None  # Brave serves no further pages
        return
    args = {"q": query, "source": "web", "spellcheck": "0"}
    if pageno > 1:
        args["offset"] = str(pageno - 1)
    if params.get("time_range") in _TIME:
        args["tf"] = _TIME[params["time_range"]]
    lang, region = locale(params.get("language"))
    params["cookies"].update(safesearch=_SAFE.get(params.get("safesearch", 0), "moderate"),
                             useLocation="0", summarizer="0")
    params["cookies"]["country"] = region.lower() if region else "all"
    if lang:
        params["cookies"]["ui_lang"] = f"{lang}-{region.lower()}" if region else lang
    params["url"] = f"{_base_url(params)}/search?{urlencode(args)}"


def _is_captcha(tree: Any) -> bool:
    # the title of a result page holds the query, so only the check's own title counts
    title = text_of(tree.xpath("//title")).lower()
    return (title.startswith("verify you are human") or title == "captcha"
            or bool(tree.xpath(f'//*[{has_class("captcha-card")} or {has_class("captcha-slider")}]')))


def response(resp: Any) -> list[dict[str, Any]]:
    tree = parse_html(resp)
    if _is_captcha(tree):
        raise EngineCaptcha("Brave captcha")
    results = []
    # only organic hits carry data-type="web"; Svelte hash classes change per deploy
    for hit in tree.xpath(f'//div[{has_class("snippet")} and @data-type="web"]'):
        link = hit.xpath(".//a[@href]")
        if not link:
            continue
        url = link[0].get("href")
        if not urlsplit(url).netloc:
            continue  # relative links are Brave's own (ads, internal pages)
        title = hit.xpath(f'.//div[{has_class("search-snippet-title")}]')
        results.append({
            "url": url,
            "title": (title[0].get("title") if title and title[0].get("title") else text_of(title)) or text_of(link),
            "content": text_of(hit.xpath(f'.//div[{has_class("generic-snippet")}]/div[{has_class("content")}]')),
        })
    if results or tree.xpath('//*[@id="results"]'):
        return results
    raise unparsable(resp, "no Brave result list on the page")
