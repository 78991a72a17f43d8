"""Bing video search from the result list Bing's own video page loads (``/videos/asyncv2``).

Supports paging (``first``, 35 a page), market/language (``mkt``, ``setlang``),
safe search (``adlt``) and time range (``qft=filterui:videoage-lt<minutes>``).
Each card's ``div.vrhdata`` carries the video as JSON (``vrhm``: ``murl`` the
video's page, ``vt`` its title, ``du`` its length); the thumbnail and the
"views · date · channel" line come from the card. Not supported: Bing's other
video filters (length, resolution, source); only YouTube videos embed (from
youtube-nocookie.com).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from searx.enginelib import time_range
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import has_class, parse_html, text_of, unparsable, video_embed
from searx.engines.bing import market, safe_search
from searx.errors import EngineCaptcha

base_url = "https://www.bing.com"
categories = ["videos", "web"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 3.0
about = {"website": "https://www.bing.com/videos", "results": "HTML", "use_official_api": False}

PER_PAGE = 35


def request(query: str, params: dict[str, Any]) -> None:
    args = {"q": query, "async": "content", "first": str((params["pageno"] - 1) * PER_PAGE + 1),
            "count": str(PER_PAGE), "adlt": safe_search(params)}
    market(params, args)
    if days := time_range.days(params, month=30):
        args.update(form="VRFLTR", qft=f" filterui:videoage-lt{days * 1440}")  # minutes
    params["url"] = f"{_base_url(params)}/videos/asyncv2?{urlencode(args)}"


def _card(card: Any, base: str) -> dict[str, Any] | None:
    try:
        meta = json.loads((card.xpath(f'.//div[{has_class("vrhdata")}]/@vrhm') or [""])[0])
    except ValueError:
        return None
    if not isinstance(meta, dict) or not meta.get("murl"):
        return None
    thumb = card.xpath('.//img[starts-with(@class, "rms")]')
    picture = str((thumb[0].get("data-src-hq") or thumb[0].get("src") or "") if thumb else "")
    spans = [text_of(s) for s in card.xpath(f'.//div[{has_class("mc_vtvc_meta_block")}]//span')]
    return {
        "template": "videos.html",
        "url": meta["murl"],
        "title": str(meta.get("vt") or ""),
        "content": " - ".join(s for s in spans if s),
        "length": str(meta.get("du") or ""),
        "thumbnail": base + picture if picture.startswith("/") and not picture.startswith("//") else picture,
        "iframe_src": video_embed(str(meta["murl"])),
    }


def response(resp: Any) -> list[dict[str, Any]]:
    if not resp.content.strip():
        return []  # the list past its last page is empty
    tree = parse_html(resp)
    if tree.xpath('//*[@id="b_captcha"]') or b"turing/challenge" in resp.content[:65536]:
        raise EngineCaptcha("Bing captcha")
    cards = tree.xpath('//div[contains(@id, "mc_vtvc_video")]')
    results = [item for card in cards if (item := _card(card, _base_url(resp.search_params)))]
    if results or cards:
        return results
    raise unparsable(resp, "no Bing video cards on the page")
