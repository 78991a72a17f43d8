"""Bing web search (HTML result page, no JavaScript).

Supports paging (``first``), market/language (``mkt``, ``setlang``) and safe
search (``adlt``). Not supported: time range (Bing's filter needs JavaScript
state and is unreliable without it). Result links are Bing click trackers;
the real URL is decoded from their base64 ``u`` parameter.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import has_class, locale, parse_html, text_of, unparsable
from searx.enginelib.redirect_links import bing_target
from searx.errors import EngineCaptcha

base_url = "https://www.bing.com"
categories = ["general", "web"]
paging = True
time_range_support = False
safesearch = True
language_support = True
timeout = 4.0
about = {"website": "https://www.bing.com", "results": "HTML", "use_official_api": False}

_SAFE = {0: "off", 1: "moderate", 2: "strict"}
_DATE_PREFIX = re.compile(r"^[A-Z][a-z]{2} \d{1,2}, \d{4}\s*·\s*")


def safe_search(params: dict[str, Any]) -> str:
    """Bing's ``adlt`` for the search's safe-search level; shared by Bing's web, image and video engines."""
    return _SAFE.get(params.get("safesearch", 0), "moderate")


def market(params: dict[str, Any], args: dict[str, str]) -> None:
    """Bing's language and market of the search language (``setlang``, ``mkt``, Accept-Language);
    shared by Bing's web, image and video engines."""
    lang, region = locale(params.get("language"))
    if lang:
        args["setlang"] = lang
        if region:
            args["mkt"] = f"{lang}-{region}"
        params["headers"]["Accept-Language"] = f"{lang}-{region}" if region else lang


def request(query: str, params: dict[str, Any]) -> None:
    args = {"q": query, "adlt": safe_search(params)}
    market(params, args)
    if params["pageno"] > 1:
        args["first"] = str((params["pageno"] - 1) * 10 + 1)
    params["url"] = f"{_base_url(params)}/search?{urlencode(args)}"


def response(resp: Any) -> list[dict[str, Any]]:
    tree = parse_html(resp)
    if tree.xpath('//*[@id="b_captcha"]') or b"turing/challenge" in resp.content[:65536]:
        raise EngineCaptcha("Bing captcha")
    results: list[dict[str, Any]] = []
    for hit in tree.xpath(f'//ol[@id="b_results"]/li[{has_class("b_algo")}]'):
        link = hit.xpath(".//h2/a[@href]")
        if not link:
            continue
        for deco in hit.xpath(f'.//span[{has_class("algoSlug_icon")}]'):
            deco.drop_tree()
        caption = hit.xpath(f'.//div[{has_class("b_caption")}]/p') or hit.xpath(".//p")
        results.append({
            "url": bing_target(link[0].get("href")),
            "title": text_of(link[0]),
            "content": _DATE_PREFIX.sub("", text_of(caption)),
        })
    if results:
        # "About 38,500 results" or, on later pages, "11-20 of 38,500 results"
        numbers = re.findall(r"\d[\d,.\u00a0 ]*", text_of(tree.xpath('//span[@class="sb_count"]')))
        if numbers:
            results.append({"number_of_results": int(re.sub(r"\D", "", numbers[-1]))})
        return results
    if tree.xpath('//ol[@id="b_results"]'):
        return []
    raise unparsable(resp, "no Bing result list on the page")
