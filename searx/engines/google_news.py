"""Google News search through its RSS answer (``news.google.com/rss/search``).

One feed of up to 100 articles a query, each with its date (``pubDate``) and
publisher (``source``); the publisher's name is taken off the end of the
title. Supports the edition (``hl``, ``gl``, ``ceid`` from the locale; US
English for "all"). Links are Google News article links
(``news.google.com/rss/articles/…``), which lead to the publisher; they are
not decoded. Not supported: paging (the feed has one page), time range, safe
search and thumbnails (the feed carries none).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from lxml import etree

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import feed_date, locale, squash, unparsable
from searx.engines import google

base_url = "https://news.google.com"
categories = ["news"]
paging = False
time_range_support = False
safesearch = False
language_support = True
timeout = 3.0
about = {"website": "https://news.google.com", "results": "RSS", "use_official_api": False}

# the edition of a language given without a region
_REGION = {"en": "US", "ja": "JP", "ko": "KR", "zh": "CN", "sv": "SE", "da": "DK", "cs": "CZ", "el": "GR",
           "he": "IL", "hi": "IN", "uk": "UA", "ar": "EG", "nb": "NO", "vi": "VN", "fa": "IR", "ms": "MY"}


def edition(params: dict[str, Any]) -> dict[str, str]:
    """``hl``, ``gl`` and ``ceid`` of the Google News edition of the search language."""
    lang, region = locale(params.get("language"))
    lang, named = lang or "en", bool(region)
    region = region or _REGION.get(lang, lang.upper())
    if lang == "zh":
        code = "zh-Hant" if region in ("TW", "HK") else "zh-Hans"
        return {"hl": f"zh-{region}", "gl": region, "ceid": f"{region}:{code}"}
    # Google's own editions: "en-US", "en-GB", "pt-BR", but "de", "fr" for the language's home country
    hl = f"{lang}-{region}" if named or lang == "en" else lang
    return {"hl": hl, "gl": region, "ceid": f"{region}:{lang}"}


def request(query: str, params: dict[str, Any]) -> None:
    if params["pageno"] > 1:
        params["url"] = None  # one feed: no second page
        return
    params["url"] = f"{_base_url(params)}/rss/search?{urlencode({'q': query, **edition(params)})}"


def response(resp: Any) -> list[dict[str, Any]]:
    google.check_page(resp, shell=True)
    try:
        rss = etree.fromstring(resp.content, etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError:
        rss = None
    if rss is None or rss.tag != "rss":
        raise unparsable(resp, "google_news: the answer is not an RSS feed")
    results = []
    for item in rss.iterfind("./channel/item"):
        link = squash(item.findtext("link"))
        if not link:
            continue
        source = squash(item.findtext("source"))
        title = squash(item.findtext("title"))
        if source and title.endswith(f" - {source}"):
            title = title[: -len(source) - 3]
        results.append({"url": link, "title": title, "content": "", "source": source,
                        "publishedDate": feed_date(squash(item.findtext("pubDate")))})
    return results
