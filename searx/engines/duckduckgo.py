"""DuckDuckGo web search through its no-JavaScript HTML endpoint (or the lite one).

Supports paging (offsets as DuckDuckGo's own next-page form), region
(``kl``), time range (``df``) and safe search (``kp``). Not supported: the
``vqd`` token of DuckDuckGo's own next-page form is not sent (one request per
call, no state), so page 2+ may be answered with the anomaly challenge, which
is then reported as CAPTCHA; queries of 500+ characters are not sent.
"""

from __future__ import annotations

import re
from typing import Any

from searx.engines.html_parse import base_url as _base_url
from searx.engines.html_parse import has_class, locale, parse_html, settings_of, text_of, unparsable
from searx.engines.redirect_links import ddg_target
from searx.errors import EngineCaptcha

base_url = "https://html.duckduckgo.com"
endpoint = "html"  # or "lite" (lite.duckduckgo.com markup, same fields)
categories = ["general", "web"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 4.0
about = {"website": "https://duckduckgo.com", "results": "HTML", "use_official_api": False}

_TIME = {"day": "d", "week": "w", "month": "m", "year": "y"}
_SAFE = {0: "-2", 1: "-1", 2: "1"}
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}")


def init(conf: dict[str, Any]) -> None:
    if conf.get("endpoint", "html") not in ("html", "lite"):
        raise ValueError("endpoint must be 'html' or 'lite'")


def _region(language: str) -> str:
    lang, region = locale(language)
    return f"{region.lower()}-{lang}" if lang and region else "wt-wt"


def request(query: str, params: dict[str, Any]) -> None:
    if len(query) >= 500:
        params["url"] = None  # DuckDuckGo rejects long queries
        return
    conf = settings_of(params)
    data = {"q": query, "b": ""}
    pageno = params["pageno"]
    if pageno > 1:
        offset = 10 + (pageno - 2) * 15  # page 2 starts at 10, later pages hold 15 hits
        data.update(s=str(offset), dc=str(offset + 1), nextParams="", v="l", o="json", api="d.js")
    data["kl"] = params["cookies"]["kl"] = _region(params.get("language") or "all")
    if params.get("time_range") in _TIME:
        data["df"] = params["cookies"]["df"] = _TIME[params["time_range"]]
    data["kp"] = _SAFE.get(params.get("safesearch", 0), "-1")
    base = _base_url(params)
    params["url"] = f"{base}/{conf.get('endpoint', 'html')}/"
    params["method"] = "POST"
    params["data"] = data
    params["headers"]["Referer"] = base + "/"


def _html_results(tree: Any) -> list[dict[str, Any]]:
    out = []
    for hit in tree.xpath(f'//div[{has_class("web-result")} and not({has_class("result--ad")})]'):
        link = hit.xpath(f'.//a[{has_class("result__a")}]')
        if not link or not link[0].get("href"):
            continue
        item: dict[str, Any] = {
            "url": ddg_target(link[0].get("href")),
            "title": text_of(link[0]),
            "content": text_of(hit.xpath(f'.//*[{has_class("result__snippet")}]')),
        }
        date = _ISO_DATE.search(text_of(hit.xpath(f'.//div[{has_class("result__extras__url")}]')))
        if date:
            item["publishedDate"] = date.group(0)
        out.append(item)
    return out


def _lite_results(tree: Any) -> list[dict[str, Any]]:
    out = []
    for link in tree.xpath(f'//a[{has_class("result-link")}]'):
        item: dict[str, Any] = {"url": ddg_target(link.get("href", "")), "title": text_of(link), "content": ""}
        # the snippet and the display-URL row follow the title row
        for row in link.getparent().getparent().itersiblings("tr"):
            if row.xpath(f'.//a[{has_class("result-link")}]'):
                break
            snippet = row.xpath(f'.//td[{has_class("result-snippet")}]')
            if snippet:
                item["content"] = text_of(snippet)
            stamp = _ISO_DATE.search(text_of(row.xpath(f'.//span[{has_class("timestamp")}]')))
            if stamp:
                item["publishedDate"] = stamp.group(0)
        if item["url"]:
            out.append(item)
    return out


def response(resp: Any) -> list[dict[str, Any]]:
    tree = parse_html(resp)
    if tree.xpath('//form[@id="challenge-form"]') or tree.xpath(f'//div[{has_class("anomaly-modal__modal")}]'):
        raise EngineCaptcha("DuckDuckGo anomaly challenge")
    results = _html_results(tree) or _lite_results(tree)
    if results:
        return results
    # a real result page without hits still carries the result list or the next-page token
    if tree.xpath('//div[@id="links"]') or tree.xpath('//input[@name="vqd"]') or tree.xpath(
            f'//*[{has_class("no-results")} or {has_class("result--no-result")}]'):
        return []
    raise unparsable(resp, "no DuckDuckGo result list on the page")
