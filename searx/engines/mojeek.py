"""Mojeek web search (own index) from the HTML result page.

Supports paging (``s``, never sent on page 1: Mojeek rate-limits that),
safe search (``safe``), time range (``since``), language and region
(``lb``/``arc`` cookies). Not supported: Mojeek's images/news verticals.
Mojeek's ALTCHA proof-of-work captcha page is reported as CAPTCHA.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

from searx.enginelib import time_range
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import has_class, locale, parse_html, text_of, unparsable
from searx.errors import EngineCaptcha

base_url = "https://www.mojeek.com"
categories = ["general", "web"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 4.0
about = {"website": "https://www.mojeek.com", "results": "HTML", "use_official_api": False}
# SearXNG's entries also search Mojeek's images and news; those entries are skipped
SUPPORTED_VALUES = {"search_type": ("",)}


def request(query: str, params: dict[str, Any]) -> None:
    args = {"q": query, "safe": "0" if params.get("safesearch", 0) == 0 else "1"}
    if params["pageno"] > 1:
        args["s"] = str(10 * (params["pageno"] - 1))
    if (since := time_range.start_date(params)) is not None:
        args["since"] = since.strftime("%Y%m%d")
    lang, region = locale(params.get("language"))
    if lang:
        params["cookies"]["lb"] = lang
    if region:
        params["cookies"]["arc"] = region.lower()
    params["url"] = f"{_base_url(params)}/search?{urlencode(args)}"


def response(resp: Any) -> list[dict[str, Any]]:
    tree = parse_html(resp)
    if (tree.xpath(f'//div[{has_class("captcha-wrap")}]') or tree.xpath('//script[contains(@src, "altcha")]')
            or text_of(tree.xpath("//title")).lower() == "captcha"):
        raise EngineCaptcha("Mojeek ALTCHA captcha")
    results: list[dict[str, Any]] = []
    for hit in tree.xpath(f'//ul[{has_class("results-standard")}]/li'):
        link = hit.xpath(f'.//h2/a[{has_class("title")}][@href]') or hit.xpath(f'.//a[{has_class("ob")}][@href]')
        if not link:
            continue
        results.append({
            "url": link[0].get("href"),
            "title": text_of(link[0]),
            "content": text_of(hit.xpath(f'.//p[{has_class("s")}]')),
        })
    for word in tree.xpath(f'//div[{has_class("top-info")}]//p[{has_class("spell")}]//em/a'):
        results.append({"suggestion": text_of(word)})
    info = text_of(tree.xpath(f'//div[{has_class("top-info")}]'))
    total = re.search(r"from ([\d,]+)", info)
    if total:
        results.append({"number_of_results": int(total.group(1).replace(",", ""))})
    if any("url" in r for r in results) or info or tree.xpath(f'//*[{has_class("results-standard")}]'):
        return results
    raise unparsable(resp, "no Mojeek result list on the page")
