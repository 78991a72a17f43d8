"""YouTube videos from the result page (no API key): the page's ``ytInitialData`` JSON.

Supports time range (YouTube's ``sp`` upload-date filter). Videos embed from
``www.youtube-nocookie.com``; the thumbnail is ``i.ytimg.com``'s. Not
supported: paging (later pages need the continuation token of the previous
page's script state), language and safe search (YouTube takes both from its
own cookies), channels, playlists and shorts shelves (videos only).
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import unparsable
from searx.errors import EngineCaptcha

base_url = "https://www.youtube.com"
embed_url = "https://www.youtube-nocookie.com/embed/"
categories = ["videos"]
paging = False
time_range_support = True
safesearch = False
language_support = False
timeout = 4.0
about = {"website": "https://www.youtube.com", "results": "HTML", "use_official_api": False}

# the upload-date filter of YouTube's own filter menu (a protobuf, base64)
_SP = {"day": "EgIIAg==", "week": "EgIIAw==", "month": "EgIIBA==", "year": "EgIIBQ=="}
_DATA = re.compile(rb"ytInitialData\s*=\s*(\{.+?\});\s*</script>", re.S)


def request(query: str, params: dict[str, Any]) -> None:
    args = {"search_query": query}
    if params.get("time_range") in _SP:
        args["sp"] = _SP[params["time_range"]]
    params["cookies"]["CONSENT"] = "YES+"  # without it the EU consent page is served
    params["url"] = f"{_base_url(params)}/results?{urlencode(args)}"


def _text(node: Any) -> str:
    if not isinstance(node, dict):
        return ""
    if "simpleText" in node:
        return str(node["simpleText"])
    return "".join(str(run.get("text", "")) for run in node.get("runs") or [] if isinstance(run, dict))


def _videos(data: Any) -> list[dict[str, Any]]:
    sections = (data.get("contents", {}).get("twoColumnSearchResultsRenderer", {}).get("primaryContents", {})
                .get("sectionListRenderer", {}).get("contents", []))
    return [item["videoRenderer"] for section in sections if isinstance(section, dict)
            for item in section.get("itemSectionRenderer", {}).get("contents", [])
            if isinstance(item, dict) and isinstance(item.get("videoRenderer"), dict)]


def response(resp: Any) -> list[dict[str, Any]]:
    found = _DATA.search(resp.content)
    if not found:
        if b"consent.youtube.com" in resp.content[:65536] or b"/sorry/" in resp.content[:65536]:
            raise EngineCaptcha("YouTube consent or bot check page")
        raise unparsable(resp, "no ytInitialData on the YouTube page")
    try:
        data = json.loads(found.group(1))
    except ValueError as exc:
        raise unparsable(resp, f"ytInitialData is not JSON: {exc}") from exc
    conf = resp.search_params["engine"].settings
    base = _base_url(resp.search_params)
    results = []
    for video in _videos(data):
        video_id = str(video.get("videoId") or "")
        if not re.fullmatch(r"[\w-]{6,20}", video_id):
            continue
        results.append({
            "template": "videos.html",
            "url": f"{base}/watch?v={video_id}",
            "title": _text(video.get("title")),
            "content": _text(video.get("descriptionSnippet")) or _text(
                (video.get("detailedMetadataSnippets") or [{}])[0].get("snippetText")),
            "author": _text(video.get("ownerText")) or _text(video.get("longBylineText")),
            "length": _text(video.get("lengthText")),
            "thumbnail": f"https://i.ytimg.com/vi/{video_id}/hqdefault.jpg",
            "iframe_src": f"{conf.get('embed_url', embed_url)}{video_id}",
            "source": "YouTube",
        })
    return results
