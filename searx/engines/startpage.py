"""Startpage web, news and image results (``startpage_categ``: web, news, images).

Supports paging (``page``), time range (``with_date``), safe search (``qadf``), interface
language and region (``preferences`` cookie). Posts the home page's form with its ``sc``
code, which the runner fetches and caches for ``token_ttl`` seconds (one code per entry).
Web results come from the markup, news and images from the page's hydration data
(``React.createElement(UIStartpage.AppSerpNews, {...})``). A captcha or Anubis page, on
the home page or instead of results, is CAPTCHA, never "no results". Not supported: the
verticals' own filters (size, colour, source), nor one ``sc`` code shared by entries.
"""

from __future__ import annotations

from typing import Any

from babel import Locale, UnknownLocaleError

from searx.enginelib import time_range
from searx.enginelib.embedded_data import json_after
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import file_size, has_class, locale, parse_html, strip_tags, text_of, unparsable
from searx.errors import EngineCaptcha, EngineParseError

base_url = "https://www.startpage.com"
startpage_categ = "web"  # SearXNG's key: web, news or images
categories = ["general", "web"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 5.0
token_ttl = 3600.0  # how long one sc code is used (Startpage issues a new one with every page)
about = {"website": "https://www.startpage.com", "results": "HTML", "use_official_api": False}
SUPPORTED_VALUES = {"startpage_categ": ("web", "news", "images")}  # an entry with another is skipped

_SAFE = {0: "none", 1: "moderate", 2: "heavy"}
# Startpage marks the query's words with characters of Unicode's private use area
_PRIVATE = dict.fromkeys(range(0xE000, 0xF900))


def init(conf: dict[str, Any]) -> None:
    if (vertical := conf.get("startpage_categ", "web")) not in (known := SUPPORTED_VALUES["startpage_categ"]):
        raise ValueError(f"startpage_categ: {vertical!r} is not one of {', '.join(known)}")


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
    args = {"query": query, "cat": params["engine"].settings.get("startpage_categ") or "web", "t": "device", "qsr": "all",
            "with_date": time_range.letter(params),
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
    vertical = resp.search_params["engine"].settings.get("startpage_categ") or "web"
    if vertical != "web":
        return _hydrated(resp, vertical)
    tree = parse_html(resp)
    if _is_challenge(tree, resp.content):
        raise EngineCaptcha("Startpage bot check")
    results = [{"url": link[0].get("href"), "title": text_of(link[0].xpath(".//h2")) or text_of(link[0]),
                "content": text_of(hit.xpath(f'.//p[{has_class("description")}]'))}
               for hit in tree.xpath(f'//div[{has_class("w-gl")}]/div[{has_class("result")}]')
               if (link := hit.xpath(f'.//a[{has_class("result-title")}][@href]'))]
    if results or tree.xpath('//section[@id="main"]'):
        return results
    raise unparsable(resp, "no Startpage result list on the page")


def _text(value: Any) -> str:
    return strip_tags(str(value or "")).translate(_PRIVATE).strip()


def _item(vertical: str, item: dict[str, Any], thumb: str) -> dict[str, Any]:
    if vertical == "news":
        date = str(item.get("date") or "")
        return {"url": item.get("clickUrl") or "", "title": _text(item.get("title")), "thumbnail": thumb,
                "content": _text(item.get("description")), "publishedDate": int(date) / 1000 if date.isdigit() else None}
    fmt = str(item.get("format") or "").upper()
    return {"template": "images.html", "url": item.get("altClickUrl") or "", "title": _text(item.get("title")),
            "img_src": item.get("rawImageUrl") or "", "thumbnail_src": thumb, "filesize": file_size(item.get("filesize")),
            "resolution": f"{item['width']} x {item['height']}" if item.get("width") else "",
            "img_format": "" if fmt == "UNKNOWN" else fmt}


def _hydrated(resp: Any, vertical: str) -> list[dict[str, Any]]:
    """News and images from the page's hydration data (its ``mainline`` regions)."""
    try:
        data = json_after(resp.text, f"React.createElement(UIStartpage.AppSerp{vertical.capitalize()},")
    except EngineParseError:
        if _is_challenge(parse_html(resp), resp.content):
            raise EngineCaptcha("Startpage bot check") from None
        raise unparsable(resp, f"startpage: no {vertical} data on the page") from None
    regions = ((data.get("render") or {}).get("presenter") or {}).get("regions") or {}
    base = _base_url(resp.search_params)
    items = [_item(vertical, item, f"{base}{thumb}" if (thumb := str(item.get("thumbnailUrl") or "")).startswith("/")
                   else "")
             for region in regions.get("mainline") or [] if vertical in str(region.get("display_type") or "")
             for item in region.get("results") or []]
    need = ("url", "publishedDate") if vertical == "news" else ("url", "img_src")
    return [item for item in items if all(item[k] for k in need)]  # a tile without its page, news without a date
