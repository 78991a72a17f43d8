"""Yandex web and image search (server-rendered HTML).

``search_type`` picks the vertical: ``web`` asks Yandex's site-search page
(``/search/site/``, the markup of its embeddable search), ``images`` the image
search page, whose hits are read from the page's JSON state (one
``data-state`` attribute). Supports paging (``p``) and, for the web, the
interface language (``lang``) of the languages Yandex offers. Yandex's
captcha (a redirect to ``/showcaptcha``, the ``x-yandex-captcha`` header or
the SmartCaptcha page) is reported as CAPTCHA. Not supported: time range,
safe search (the family filter cookie is sent off, as SearXNG does) and
regions.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import locale, parse_html, text_of, unparsable
from searx.errors import EngineCaptcha, EngineParseError

base_url = "https://yandex.com"
search_type = "web"
categories = ["general"]
paging = True
time_range_support = False
safesearch = False
language_support = True
timeout = 3.0
about = {"website": "https://yandex.com/", "results": "HTML", "use_official_api": False}

_LANGS = {"ru", "en", "be", "fr", "de", "id", "kk", "tt", "tr", "uk"}
_CAPTCHA = (b"showcaptcha", b"smartcaptcha", b"captcha__image", b"checkbox-captcha-form")


def init(conf: dict[str, Any]) -> None:
    if conf.get("search_type") not in ("web", "images"):
        raise ValueError(f"search_type: {conf.get('search_type')!r} is not 'web' or 'images'")


def request(query: str, params: dict[str, Any]) -> None:
    images = params["engine"].settings["search_type"] == "images"
    if images:
        args: dict[str, Any] = {"text": query, "uinfo": "sw-1920-sh-1080-ww-1125-wh-999"}
    else:
        args = {"tmpl_version": "releases", "text": query, "web": "1", "frame": "1", "searchid": "3131712"}
        lang, _ = locale(params.get("language"))
        if lang in _LANGS:
            args["lang"] = lang
    if params["pageno"] > 1:
        args["p"] = params["pageno"] - 1
    params["cookies"]["yp"] = "1716337604.sp.family%3A0#1685406411.szm.1:1920x1080:1920x999"
    path = "/images/search" if images else "/search/site/"
    params["url"] = f"{_base_url(params)}{path}?{urlencode(args)}"


def _check(resp: Any) -> None:
    if resp.headers.get("x-yandex-captcha") == "captcha" or "showcaptcha" in resp.url.path:
        raise EngineCaptcha("Yandex captcha")


def _captcha_page(resp: Any) -> None:
    # only asked of a page without results: a result page's scripts may name the captcha too
    if any(marker in resp.content[:65536].lower() for marker in _CAPTCHA):
        raise EngineCaptcha("Yandex captcha page")


def _web(resp: Any, tree: Any) -> list[dict[str, Any]]:
    results = []
    for hit in tree.xpath('//li[contains(@class, "serp-item")]'):
        link = hit.xpath('.//a[@class="b-serp-item__title-link"]')
        if not link or not link[0].get("href"):
            continue
        results.append({"url": link[0].get("href"), "title": text_of(link[0]),
                        "content": text_of(hit.xpath('.//div[@class="b-serp-item__text"]'))})
    if not results and not tree.xpath('//*[contains(@class, "b-serp-list") or contains(@class, "b-serp-request")]'):
        _captcha_page(resp)
        raise unparsable(resp, "yandex: no Yandex result list on the page")
    return results


def _largest(viewer: dict[str, Any]) -> dict[str, Any]:
    sizes = [viewer.get("thumb") or {}, *(viewer.get("dups") or []), *(viewer.get("preview") or [])]
    return max((s for s in sizes if isinstance(s, dict) and s.get("url")), key=lambda s: s.get("h") or 0, default={})


def _images(resp: Any, tree: Any) -> list[dict[str, Any]]:
    states = tree.xpath('//*[@data-state][contains(@data-state, "serpList")]/@data-state')
    try:
        state = json.loads(states[0]) if states else None
        entities = state["initialState"]["serpList"]["items"]["entities"] if state else None
    except (ValueError, KeyError, TypeError) as exc:
        raise EngineParseError(f"yandex images: unexpected page state: {exc}") from exc
    if not isinstance(entities, dict):
        _captcha_page(resp)
        raise unparsable(resp, "yandex images: no image list in the page state")
    results = []
    for item in entities.values():
        snippet, best = item.get("snippet") or {}, _largest(item.get("viewerData") or {})
        size = best.get("fileSizeInBytes")
        results.append({"template": "images.html", "url": snippet.get("url") or "", "title": snippet.get("title") or "",
                        "img_src": best.get("url") or "", "thumbnail_src": item.get("image") or "",
                        "resolution": f"{best.get('w')} x {best.get('h')}" if best.get("w") else "",
                        "filesize": f"{size / 1024:.1f} KiB" if isinstance(size, int) else "",
                        "source": snippet.get("domain") or ""})
    return results


def response(resp: Any) -> list[dict[str, Any]]:
    _check(resp)
    tree = parse_html(resp)
    if resp.search_params["engine"].settings["search_type"] == "images":
        return _images(resp, tree)
    return _web(resp, tree)
