"""Google video search through Google's WML page (``/wml/search?tbm=vid``, see ``google``).

Supports paging, the interface language (``hl``), time range and safe
search. YouTube hits embed from youtube-nocookie.com (on click only); their
``default.jpg`` thumbnail is swapped for the larger ``hqdefault.jpg``. A hit
without a length is not a video and is left out. Not supported: a language
or country restriction, nor Google's duration and quality filters.
"""

from __future__ import annotations

from typing import Any

from searx.enginelib.html_parse import has_class, text_of, video_embed
from searx.engines import google

base_url = "https://www.google.com"
categories = ["videos", "web"]
paging = True
time_range_support = True
safesearch = True
language_support = True
timeout = 3.0
about = {"website": "https://www.google.com", "results": "HTML", "use_official_api": False}


def request(query: str, params: dict[str, Any]) -> None:
    google.wml_request(query, params, {"tbm": "vid"}, restrict=False)


def _length(hit: Any) -> str:
    for span in hit.xpath(f'.//span[{has_class("YVIcad")}]'):
        text = text_of(span)
        if text.replace(":", "").isdigit() and ":" in text:
            return text
    return ""


def response(resp: Any) -> list[dict[str, Any]]:
    tree = google.wml_tree(resp)
    results = []
    for hit in tree.xpath(f'//div[{has_class("zMzFAb")}]'):
        title = text_of(hit.xpath(f'.//span[{has_class("CVA68e")}]'))
        link = hit.xpath(f'.//a[{has_class("fuLhoc")}]/@href')
        if not title or not link:
            continue
        url = google.unwrap(str(link[0]))
        thumbs = hit.xpath(f'.//img[{has_class("SygO9d")}]/@src')
        thumb = str(thumbs[0]) if thumbs else ""
        if "/default.jpg" in thumb:
            thumb = thumb.split("?")[0].replace("/default.jpg", "/hqdefault.jpg")
        results.append({
            "template": "videos.html",
            "url": url,
            "title": title,
            "content": text_of(hit.xpath(f'.//span[{has_class("FrIlee")}]')),
            "thumbnail": thumb,
            "length": _length(hit),
            "iframe_src": video_embed(url),
        })
    if not results:
        return google.no_results(resp, tree, "google_videos")
    return [r for r in results if r["length"]]
