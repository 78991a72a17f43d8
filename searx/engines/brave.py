"""Brave Search: web, images, videos, news and goggles (``brave_category``), from its pages.

Web, goggles and news results come from the markup (news dates from the age line),
images and videos from the data SvelteKit embeds (``kit.start(... data: [...])``).
Paging (``offset``, up to page 10) and time range (``tf``) exist for web and goggles
only (their entries switch them on); safe search and country/UI language are cookies.
Not supported: the summarizer, the clusters mixed into the web list, goggles without a
``Goggles`` URL (start-up refuses the entry).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode, urlsplit

from dateutil import parser as dateparser

from searx.enginelib import time_range
from searx.enginelib.embedded_data import js_after
from searx.enginelib.html_parse import age_date, has_class, locale, parse_html, text_of, unparsable, video_embed
from searx.enginelib.html_parse import base_url as _base_url
from searx.errors import EngineCaptcha

base_url = "https://search.brave.com"
brave_category = "search"  # SearXNG's key: search, images, videos, news or goggles
categories = ["general", "web"]
paging = False  # web and goggles only (their entries say paging: true)
time_range_support = False  # likewise
safesearch = True
language_support = True
timeout = 4.0
about = {"website": "https://search.brave.com", "results": "HTML", "use_official_api": False}

_SAFE = {0: "off", 1: "moderate", 2: "strict"}
_MAX_PAGE = 10
_PAGED = ("search", "goggles")
SUPPORTED_VALUES = {"brave_category": ("search", "images", "videos", "news", "goggles")}  # any other is skipped


def init(conf: dict[str, Any]) -> None:
    if (vertical := conf.get("brave_category", "search")) not in (known := SUPPORTED_VALUES["brave_category"]):
        raise ValueError(f"brave_category: {vertical!r} is not one of {', '.join(known)}")
    if vertical == "goggles" and not str(conf.get("Goggles") or "").startswith("https://"):
        raise ValueError("Goggles: brave_category goggles needs the https:// URL of a .goggle file")


def request(query: str, params: dict[str, Any]) -> None:
    conf = params["engine"].settings
    vertical = conf.get("brave_category") or "search"
    pageno = params["pageno"]
    if pageno > _MAX_PAGE or (vertical not in _PAGED and (pageno > 1 or params.get("time_range"))):
        params["url"] = None  # Brave serves no further pages, and no filters on these verticals
        return
    args = {"q": query, "source": "web", "spellcheck": "0"}
    if pageno > 1:
        args["offset"] = str(pageno - 1)
    if tf := time_range.letter(params):
        args["tf"] = "p" + tf  # pd, pw, pm, py
    if vertical == "goggles":
        args["goggles_id"] = conf["Goggles"]
    lang, region = locale(params.get("language"))
    params["cookies"].update(safesearch=_SAFE.get(params.get("safesearch", 0), "moderate"),
                             useLocation="0", summarizer="0")
    params["cookies"]["country"] = region.lower() if region else "all"
    if lang:
        params["cookies"]["ui_lang"] = f"{lang}-{region.lower()}" if region else lang
    params["url"] = f"{_base_url(params)}/{vertical}?{urlencode(args)}"


def _is_captcha(tree: Any) -> bool:
    # the title of a result page holds the query, so only the check's own title counts
    title = text_of(tree.xpath("//title")).lower()
    return (title.startswith("verify you are human") or title == "captcha"
            or bool(tree.xpath(f'//*[{has_class("captcha-card")} or {has_class("captcha-slider")}]')))


def response(resp: Any) -> list[dict[str, Any]]:
    vertical = resp.search_params["engine"].settings.get("brave_category") or "search"
    if vertical in ("images", "videos") and b"kit.start(" in resp.content:
        need = "img_src" if vertical == "images" else "length"  # live videos have none
        return [item for item in map(lambda r: _media(vertical, r), _embedded(resp)) if item["url"] and item[need]]
    tree = parse_html(resp)
    if _is_captcha(tree):
        raise EngineCaptcha("Brave captcha")
    if vertical == "news":
        return _news(resp, tree)
    if vertical in ("images", "videos"):
        raise unparsable(resp, f"brave: no {vertical} data on the page")
    results = []
    # only organic hits carry data-type="web"; Svelte hash classes change per deploy
    for hit in tree.xpath(f'//div[{has_class("snippet")} and @data-type="web"]'):
        link = hit.xpath(".//a[@href]")
        if link and urlsplit(url := link[0].get("href")).netloc:  # relative links: Brave's own (ads)
            title = hit.xpath(f'.//div[{has_class("search-snippet-title")}]')
            results.append({"url": url, "title": (title[0].get("title") if title else "") or text_of(title)
                            or text_of(link), "content": text_of(hit.xpath(
                                f'.//div[{has_class("generic-snippet")}]/div[{has_class("content")}]'))})
    if results or tree.xpath('//*[@id="results"]'):
        return results
    raise unparsable(resp, "no Brave result list on the page")


def _embedded(resp: Any) -> list[dict[str, Any]]:
    """The result list of the page's data: the second node's ``body.response.results``."""
    text = resp.text
    data = js_after(text[text.find("kit.start("):], "data:")
    try:
        rows = data[1]["data"]["body"]["response"]["results"]
    except (IndexError, KeyError, TypeError):
        raise unparsable(resp, "brave: the page data has no results list") from None
    return [r for r in rows if isinstance(r, dict)] if isinstance(rows, list) else []


def _media(vertical: str, item: dict[str, Any]) -> dict[str, Any]:
    thumb: dict[str, Any] = item["thumbnail"] if isinstance(item.get("thumbnail"), dict) else {}
    out = {"url": item.get("url") or "", "title": item.get("title") or ""}
    if vertical == "images":
        props = item.get("properties") or {}
        return {**out, "template": "images.html", "thumbnail_src": thumb.get("src") or "",
                "source": item.get("source") or "", "img_src": props.get("url") or "",
                "resolution": f"{props['width']} x {props['height']}" if props.get("width") else ""}
    video = item.get("video") or {}
    return {**out, "template": "videos.html", "content": item.get("description") or "",
            "length": video.get("duration") or "", "thumbnail": thumb.get("src") or "",
            "author": video.get("creator") or "", "publishedDate": item.get("page_age") or None,
            "iframe_src": video_embed(out["url"])}


def _date(line: str) -> Any:
    try:  # "2 hours ago", or a date for older news
        return age_date(line) or (dateparser.parse(line.rsplit("•", 1)[1]) if "•" in line else None)
    except (ValueError, OverflowError):
        return None


def _news(resp: Any, tree: Any) -> list[dict[str, Any]]:
    results = []
    for hit in tree.xpath(f'//div[{has_class("results")}]//div[@data-type="news"]'):
        link, date = hit.xpath(f'.//a[{has_class("result-header")}]/@href'), _date(text_of(hit.xpath(".//cite")))
        if not link or date is None:
            continue  # Brave's news without an age line: no date to show
        results.append({
            "url": link[0], "title": text_of(hit.xpath(f'.//span[{has_class("snippet-title")}]')),
            "content": text_of(hit.xpath(f'.//p[{has_class("desc")}]')), "publishedDate": date,
            "thumbnail": (hit.xpath(f'.//div[{has_class("image-wrapper")}]//img/@src') or [""])[0],
            "source": text_of(hit.xpath(f'.//cite//span[{has_class("netloc")}]')),
        })
    if results or tree.xpath('//*[@id="results"]'):
        return results
    raise unparsable(resp, "no Brave news list on the page")
