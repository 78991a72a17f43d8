"""Startpage web results (Google-sourced) from the HTML result page.

Supports paging (``page``), time range (``with_date``), safe search
(``qadf``), interface language and region (``preferences`` cookie). Posts the
form of Startpage's home page with its ``sc`` code, which the runner fetches
from the home page and caches in the store for ``token_ttl`` seconds (one
code for every search). Startpage's captcha or Anubis proof-of-work page, on
the home page or instead of results, is reported as CAPTCHA, never as "no results".
Not supported: Startpage's news and image verticals.
"""

from __future__ import annotations

from typing import Any

from babel import Locale, UnknownLocaleError

from searx.engines.html_parse import base_url as _base_url
from searx.engines.html_parse import has_class, locale, parse_html, text_of, unparsable
from searx.errors import EngineCaptcha

base_url = "https://www.startpage.com"
categories = ["general", "web"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 5.0
token_ttl = 3600.0  # how long one sc code is used (Startpage issues a new one with every page)
about = {"website": "https://www.startpage.com", "results": "HTML", "use_official_api": False}
# SearXNG's entries also name Startpage's news and images verticals; those entries are skipped
SUPPORTED_VALUES = {"startpage_categ": ("web",)}

_TIME = {"day": "d", "week": "w", "month": "m", "year": "y"}
_SAFE = {0: "none", 1: "moderate", 2: "heavy"}


def _language_name(lang: str) -> str:
    # Startpage names languages in English ("english", "deutsch" is not used)
    try:
        name = Locale.parse(lang).get_display_name("en") or "english"
        return name.split(" ")[0].lower()
    except (UnknownLocaleError, ValueError):
        return "english"


def token_scope(query: str, params: dict[str, Any]) -> str:
    return ""  # one sc code serves every query and language


def token_request(query: str, params: dict[str, Any]) -> None:
    params["url"] = _base_url(params) + "/"


def token_response(resp: Any) -> str:
    tree = parse_html(resp)
    code = tree.xpath('//form[@id="search"]//input[@name="sc"]/@value')
    if code and code[0].strip():
        return str(code[0]).strip()
    if _is_challenge(tree, resp.content):
        raise EngineCaptcha("Startpage bot check on its home page")
    raise unparsable(resp, "no sc code in Startpage's search form")


def request(query: str, params: dict[str, Any]) -> None:
    lang, region = locale(params.get("language"))
    args = {"query": query, "cat": "web", "t": "device", "qsr": "all",
            "with_date": _TIME.get(params.get("time_range") or "", ""),
            "qadf": _SAFE.get(params.get("safesearch", 0), "moderate")}
    if lang:
        args["language"] = args["lui"] = _language_name(lang)
    if params.get("token"):
        args["sc"] = params["token"]
    if params["pageno"] > 1:
        args.update(page=str(params["pageno"]), segment="startpage.udog")
    prefs = {"disable_family_filter": "1" if params.get("safesearch", 0) == 0 else "0", "enable_post_method": "1",
             "num_of_results": "10", "search_results_region": f"{lang}-{region}" if region else "all"}
    # one cookie of key "EEE" value pairs joined by "N1N" (Startpage's own format)
    params["cookies"]["preferences"] = "N1N".join(f"{k}EEE{v}" for k, v in prefs.items())
    base = _base_url(params)
    params["headers"].update(Origin=base, Referer=base + "/")
    params["url"] = f"{base}/sp/search"
    params["method"] = "POST"
    params["data"] = args


def _is_challenge(tree: Any, body: bytes) -> bool:
    # Anubis wall (since 2026-09), or the Gatsby error shell that loads the captcha page
    return bool(b"component---src-pages-captcha" in body[:65536]
                or tree.xpath('//script[@id="anubis_challenge"]')
                or tree.xpath(f'//div[{has_class("sp-message")}]')
                or text_of(tree.xpath("//title")).lower() in ("captcha", "startpage captcha"))


def response(resp: Any) -> list[dict[str, Any]]:
    tree = parse_html(resp)
    if _is_challenge(tree, resp.content):
        raise EngineCaptcha("Startpage bot check")
    results = []
    for hit in tree.xpath(f'//div[{has_class("w-gl")}]/div[{has_class("result")}]'):
        link = hit.xpath(f'.//a[{has_class("result-title")}][@href]')
        if not link:
            continue
        results.append({
            "url": link[0].get("href"),
            "title": text_of(link[0].xpath(".//h2")) or text_of(link[0]),
            "content": text_of(hit.xpath(f'.//p[{has_class("description")}]')),
        })
    if results or tree.xpath('//section[@id="main"]'):
        return results
    raise unparsable(resp, "no Startpage result list on the page")
