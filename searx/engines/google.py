"""Google web search through Google's WML page (``/wml/search``, asked as an old Nokia phone).

Google answers a plain client's ``/search`` with a JavaScript shell (its
``/httpservice/retry/enablejs`` page); the WML page still carries the results
in its markup. Supports paging (``start``, up to page 50), the interface
language (``hl``), a language restriction (``lr``), a country restriction
(``cr``, only when the locale names a region), time range (``tbs=qdr:``) and
safe search (``safe``). One host, www.google.com, serves every region. The
``/sorry/`` page or a redirect to it, a redirect to consent.google.com and the
JavaScript shell are reported as CAPTCHA. Not supported: Google's desktop
markup (such a page is a parse error), answers, knowledge panels and ads.
The helpers here are shared by the other Google engines.
"""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from searx.enginelib import time_range
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import has_class, parse_html, text_of, unparsable
from searx.enginelib.locales import language_args
from searx.errors import EngineCaptcha, EngineParseError

base_url = "https://www.google.com"
categories = ["general", "web"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 3.0
about = {"website": "https://www.google.com", "results": "HTML", "use_official_api": False}

MAX_PAGE = 50  # Google serves no result past page 50
SAFE = {0: "off", 1: "medium", 2: "high"}
# the WML page is served to feature phones only
_NOKIA = (
    "Nokia7610/2.0 (5.0509.0) SymbianOS/7.0s Series60/2.1 Profile/MIDP-2.0 Configuration/CLDC-1.0",
    "Nokia6230i/2.0 (03.80) Profile/MIDP-2.0 Configuration/CLDC-1.1",
    "Nokia6280/2.0 (03.60) Profile/MIDP-2.0 Configuration/CLDC-1.1",
    "NokiaN72/2.0617.1.0.3 Series60/2.8 Profile/MIDP-2.0 Configuration/CLDC-1.1",
)
_SORRY = (b"unusual traffic from your computer network", b'id="captcha-form"')
# the JavaScript shell plain clients get; real desktop pages carry it too (in <noscript>), next to results
_SHELL = b"/httpservice/retry/enablejs"


def wml_request(query: str, params: dict[str, Any], extra: dict[str, str] | None = None, *, restrict: bool = True,
                safe: dict[int, str] | None = SAFE) -> None:
    """The ``/wml/search`` request of the Google engines (``extra``: the vertical's ``tbm``)."""
    if params["pageno"] > MAX_PAGE:
        params["url"] = None
        return
    args = {"q": query, "sca_esv": "1", **language_args(params, restrict), **(extra or {})}
    if params["pageno"] > 1:
        args["start"] = str((params["pageno"] - 1) * 10)
    if qdr := time_range.letter(params):
        args["tbs"] = "qdr:" + qdr
    if safe and params.get("safesearch"):
        args["safe"] = safe[params["safesearch"]]
    params["headers"]["User-Agent"] = random.choice(_NOKIA)
    params["url"] = f"{_base_url(params)}/wml/search?{urlencode(args)}"


def check_page(resp: Any, shell: bool = False) -> None:
    """Google's "sorry" (unusual traffic) and consent pages, also when served with 2xx; with
    ``shell`` (feeds and APIs, where no result page carries it) also the JavaScript shell."""
    if "/sorry" in resp.url.path or resp.url.host in ("sorry.google.com", "consent.google.com"):
        raise EngineCaptcha("Google sorry or consent page")
    head = resp.content[:65536]
    if any(marker in head for marker in _SORRY):
        raise EngineCaptcha("Google unusual-traffic page")
    if shell and _SHELL in head:
        raise EngineCaptcha("Google JavaScript shell (enablejs) instead of an answer")


def wml_tree(resp: Any) -> Any:
    check_page(resp)
    return parse_html(resp)


def unwrap(href: str) -> str:
    """The target of Google's ``/url?q=<target>&sa=U…`` redirect (other links as they are)."""
    if href.startswith("/url?"):
        return parse_qs(urlsplit(href).query).get("q", [""])[0]
    return href


def no_results(resp: Any, tree: Any, parser: str) -> list[Any]:
    """[] for a real page without hits; an error for a page whose result links the parser missed,
    CAPTCHA for the JavaScript shell."""
    if tree.xpath('//a[starts-with(@href, "/url?")] | //a[@href][.//h3]'):
        raise EngineParseError(f"{parser}: result links in markup the parser does not know")
    if _SHELL in resp.content[:65536]:
        raise EngineCaptcha("Google JavaScript shell (enablejs) instead of results")
    if tree.xpath('//form//input[@name="q"]'):
        return []
    raise unparsable(resp, f"{parser}: no Google result page")


def request(query: str, params: dict[str, Any]) -> None:
    wml_request(query, params)


def response(resp: Any) -> list[dict[str, Any]]:
    tree = wml_tree(resp)
    results: list[dict[str, Any]] = []
    for hit in tree.xpath(f'//div[{has_class("zMzFAb")}]'):
        title = hit.xpath(f'.//a[{has_class("fuLhoc")}]//span[{has_class("CVA68e")}]')
        link = hit.xpath(f'.//a[{has_class("fuLhoc")}]/@href')
        if not title or not link:
            continue  # not a web result (a "people also ask" or image strip)
        thumb = hit.xpath('.//img[contains(@src, "encrypted-tbn")]/@src')
        results.append({
            "url": unwrap(str(link[0])),
            "title": text_of(title),
            "content": text_of(hit.xpath(f'.//div[{has_class("taTFJ")}]//span[{has_class("FrIlee")}]')),
            "thumbnail": str(thumb[0]) if thumb else "",
        })
    if not results:
        return no_results(resp, tree, "google")
    for suggestion in tree.xpath(f'//table[{has_class("HExoMb")}]//a[{has_class("ZWRArf")}]'):
        results.append({"suggestion": text_of(suggestion)})
    return results
