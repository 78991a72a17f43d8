"""Yahoo web search (``search.yahoo.com/search``, server-rendered HTML).

Supports paging (``b``, 7 hits a later page, as Yahoo's own pager), time
range (``btf``: day, week, month), safe search and search language (the
``sB`` cookie: ``vm``, ``vl``). The region picks Yahoo's country host
(``de.search.yahoo.com``…); a language without one goes to
``<lang>.search.yahoo.com``. Result links are Yahoo redirects
(``/RU=<target>/RK=…``) and are decoded. Yahoo's EU consent wall (a redirect
to guce.yahoo.com or consent.yahoo.com) is reported as CAPTCHA. Not
supported: a year time range (Yahoo has none: the filter is left out), news
and images.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote, urlencode

from searx.enginelib import time_range
from searx.enginelib.html_parse import has_class, locale, parse_html, text_of, unparsable
from searx.errors import EngineCaptcha

base_url = "https://search.yahoo.com"
categories = ["general", "web"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 3.0
about = {"website": "https://search.yahoo.com/", "results": "HTML", "use_official_api": False}

_SAFE = {0: "p", 1: "i", 2: "r"}
# country hosts (SearXNG's table); "espanol" serves Spain
_REGION_HOST = {"CO": "co", "TH": "th", "VE": "ve", "CL": "cl", "HK": "hk", "PE": "pe", "CA": "ca", "DE": "de",
                "FR": "fr", "TW": "tw", "GB": "uk", "UK": "uk", "BR": "br", "IN": "in", "ES": "espanol",
                "PH": "ph", "AR": "ar", "MX": "mx", "SG": "sg"}
# languages Yahoo serves from the main host
_MAIN = {"", "en", "bg", "cs", "da", "el", "et", "he", "hr", "ja", "ko", "sk", "sl"}


def _host(params: dict[str, Any]) -> tuple[str, str]:
    """The Yahoo host of the search locale and Yahoo's language code."""
    lang, region = locale(params.get("language"))
    code = ("zh_cht" if region in ("TW", "HK") else "zh_chs") if lang == "zh" else lang
    sub = _REGION_HOST.get(region, "")
    if not sub and lang == "zh":
        sub = "tw" if code == "zh_cht" else "hk"
    elif not sub and lang not in _MAIN:
        sub = lang
    main = str(params["engine"].settings["base_url"]).rstrip("/")
    return (main.replace("://search.", f"://{sub}.search.", 1) if sub else main), code or "any"


def request(query: str, params: dict[str, Any]) -> None:
    host, code = _host(params)
    args: dict[str, Any] = {"p": query}
    if btf := time_range.letter(params, year=False):
        args["btf"] = btf
    if params["pageno"] == 1:
        args["iscqry"] = ""  # Yahoo's own first page sends it empty
    else:
        args.update(b=(params["pageno"] - 1) * 7 + 1, pz=7, bct=0, xargs=0)
    sb = {"v": 1, "vm": _SAFE.get(params.get("safesearch", 0), "i"), "fl": 1, "vl": f"lang_{code}", "pn": 10,
          "rw": "new", "userset": 1}
    params["cookies"]["sB"] = "&".join(f"{k}={v}" for k, v in sb.items())
    params["url"] = f"{host}/search?{urlencode(args)}"


def target(href: str) -> str:
    """The real URL of a Yahoo redirect ``…/RU=<percent-encoded target>/RK=…/RS=…``."""
    start = href.find("/RU=")
    ends = [i for i in (href.rfind("/RK="), href.rfind("/RS=")) if i > start]
    if start < 0 or not ends:
        return href
    return unquote(href[start + 4:min(ends)])


def response(resp: Any) -> list[dict[str, Any]]:
    if resp.url.host in ("guce.yahoo.com", "consent.yahoo.com"):
        raise EngineCaptcha("Yahoo consent wall")
    tree = parse_html(resp)
    results: list[dict[str, Any]] = []
    for hit in tree.xpath('//div[contains(@class, "algo-sr")]'):
        link = hit.xpath(f'.//div[{has_class("compTitle")}]//a[@href]')
        if not link:
            continue
        title = link[0].get("aria-label") or text_of(link[0].xpath(".//h3")) or text_of(link[0])
        results.append({"url": target(link[0].get("href")), "title": " ".join(title.split()),
                        "content": text_of(hit.xpath(f'.//div[{has_class("compText")}]'))})
    if not results and not tree.xpath('//div[@id="web"] | //div[@id="results"]'):
        if tree.xpath('//form[contains(@action, "consent")]'):
            raise EngineCaptcha("Yahoo consent wall")
        raise unparsable(resp, "yahoo: no Yahoo result list on the page")
    for suggestion in tree.xpath(f'//div[{has_class("AlsoTry")}]//table//a'):
        results.append({"suggestion": text_of(suggestion)})
    return results
