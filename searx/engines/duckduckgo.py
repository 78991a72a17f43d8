"""DuckDuckGo web search through its no-JavaScript HTML endpoint (or the lite one).

Supports paging (offsets and fields of DuckDuckGo's own next-page form, with
its ``vqd`` token), region (``kl``), time range (``df``) and safe search
(``kp``). Page 1 needs no token; its next-page form's ``vqd`` is cached in the
store (per query and region, ``token_ttl`` seconds), and page 2+ sends it. When
none is cached the runner first asks page 1 for one. Not supported: queries of
500+ characters, and page 2+ in Chinese regions (DuckDuckGo has no next page there).
The region (``searx.enginelib.locales``), safe-search value and token scope (``searx.enginelib.duckduckgo_js``)
are shared with the images, videos and news engines.
"""

from __future__ import annotations

import re
from typing import Any

from searx.enginelib import time_range
from searx.enginelib.duckduckgo_js import safe_search, token_scope  # noqa: F401 - token_scope: the engine's token hook
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import has_class, parse_html, settings_of, text_of, unparsable
from searx.enginelib.locales import region_of
from searx.enginelib.redirect_links import ddg_target
from searx.errors import EngineCaptcha

base_url = "https://html.duckduckgo.com"
endpoint = "html"  # or "lite" (lite.duckduckgo.com markup, same fields)
categories = ["general", "web"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 4.0
token_ttl = 3600.0  # a vqd stays valid for its query for a while
about = {"website": "https://duckduckgo.com", "results": "HTML", "use_official_api": False}

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}")


def init(conf: dict[str, Any]) -> None:
    if conf.get("endpoint", "html") not in ("html", "lite"):
        raise ValueError("endpoint must be 'html' or 'lite'")


def token_required(params: dict[str, Any]) -> bool:
    return bool(params["pageno"] > 1)


def token_request(query: str, params: dict[str, Any]) -> None:
    params["pageno"] = 1  # page 1 carries the vqd of its next page
    request(query, params)


def token_response(resp: Any) -> str:
    tree = parse_html(resp)
    _check_challenge(tree)
    vqd = tree.xpath('//input[@name="vqd"]/@value')
    if vqd:
        return str(vqd[0]).strip()
    if _result_page(tree):
        return ""  # a last page: there is no next one to ask for
    raise unparsable(resp, "no DuckDuckGo result list on the page")


def request(query: str, params: dict[str, Any]) -> None:
    if len(query) >= 500:
        params["url"] = None  # DuckDuckGo rejects long queries
        return
    conf = settings_of(params)
    kl = region_of(params.get("language"))
    pageno = params["pageno"]
    data = {"q": query}
    if pageno == 1:
        data["b"] = ""
    else:
        if kl.endswith("-zh") or not params.get("token"):
            # no next page in Chinese regions; a later page without vqd looks like a bot
            params["url"] = None
            return
        offset = 10 + (pageno - 2) * 15  # page 2 starts at 10, later pages hold 15 hits
        data.update(s=str(offset), nextParams="", v="l", o="json", dc=str(offset + 1), api="d.js",
                    vqd=params["token"])
    data["kl"] = params["cookies"]["kl"] = kl
    if df := time_range.letter(params):
        data["df"] = params["cookies"]["df"] = df
    data["kp"] = safe_search(params)
    base = _base_url(params)
    params["url"] = f"{base}/{conf.get('endpoint', 'html')}/"
    params["method"] = "POST"
    params["data"] = data
    params["headers"].update({"Referer": base + "/", "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate",
                              "Sec-Fetch-Site": "same-origin", "Sec-Fetch-User": "?1"})


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


def _check_challenge(tree: Any) -> None:
    if tree.xpath('//form[@id="challenge-form"]') or tree.xpath(f'//div[{has_class("anomaly-modal__modal")}]'):
        raise EngineCaptcha("DuckDuckGo anomaly challenge")


def _result_page(tree: Any) -> bool:
    # a real result page without hits still carries the result list or the next-page token
    return bool(tree.xpath('//div[@id="links"]') or tree.xpath('//input[@name="vqd"]') or tree.xpath(
        f'//*[{has_class("no-results")} or {has_class("result--no-result")}]'))


def response(resp: Any) -> list[dict[str, Any]]:
    tree = parse_html(resp)
    _check_challenge(tree)
    results: list[dict[str, Any]] = _html_results(tree) or _lite_results(tree)
    vqd = tree.xpath('//input[@name="vqd"]/@value')
    if vqd:
        results.append({"token": str(vqd[0]).strip()})  # for the next page of this query
    if results or _result_page(tree):
        return results
    raise unparsable(resp, "no DuckDuckGo result list on the page")
