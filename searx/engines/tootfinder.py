"""Mastodon posts through Tootfinder's full-text index (``/rest/api/search/<query>``).

Tootfinder indexes public posts of accounts that opted in; the query takes its
full-text syntax (``san OR francisco``, ``franc*``). A post's text is Mastodon's HTML,
shown as plain text; its author is read from the post's address (the API sends no
account), its picture is the first image attachment's preview. Safe search drops posts
marked sensitive or behind a content warning. Not supported: paging (one list),
language, time range. Server errors the API writes around its JSON as HTML are ignored.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote_plus, urlsplit

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import strip_tags, unparsable

base_url = "https://www.tootfinder.ch"
categories = ["social media"]
safesearch = True
about = {"website": "https://www.tootfinder.ch",
         "official_api_documentation": "https://wiki.tootfinder.ch/index.php?name=the-tootfinder-rest-api",
         "use_official_api": True, "require_api_key": False, "results": "JSON"}

_DECODER = json.JSONDecoder()
_TITLE = 75  # a post without a card is titled by its first characters


def request(query: str, params: dict[str, Any]) -> None:
    params["url"] = f"{_base_url(params)}/rest/api/search/{quote_plus(query)}"


def _posts(resp: Any) -> list[Any]:
    text = resp.text
    # the list is the answer's first line that opens one (PHP warnings may come before or after)
    start = len(text) - len(text.lstrip()) if text.lstrip().startswith("[") else text.find("\n[") + 1
    try:
        posts, _ = _DECODER.raw_decode(text, start)
    except ValueError:
        raise unparsable(resp, "tootfinder: the answer is not a JSON list") from None
    return posts if isinstance(posts, list) else []


def _author(url: str) -> str:
    """``@name@server`` from a post's address (``https://server/@name/123``)."""
    parts = urlsplit(url)
    first = parts.path.strip("/").split("/")[0]
    return f"{first}@{parts.hostname}" if first.startswith("@") and parts.hostname else ""


def _picture(post: dict[str, Any]) -> str:
    for media in post.get("media_attachments") or []:
        if isinstance(media, dict) and media.get("type") == "image" and media.get("preview_url"):
            return str(media["preview_url"])
    return ""


def _sensitive(post: dict[str, Any]) -> bool:
    return bool(post.get("sensitive") or post.get("sensitivity") or post.get("spoiler_text"))


def response(resp: Any) -> list[dict[str, Any]]:
    safe = resp.search_params.get("safesearch", 0) > 0
    results = []
    for post in _posts(resp):
        if not isinstance(post, dict) or not post.get("url") or (safe and _sensitive(post)):
            continue
        text = strip_tags(str(post.get("content") or ""))
        card = post["card"] if isinstance(post.get("card"), dict) else {}
        title = str(card.get("title") or "").strip() or (text[:_TITLE] + ("…" if len(text) > _TITLE else ""))
        results.append({"url": post["url"], "title": title, "content": text, "author": _author(str(post["url"])),
                        "thumbnail": _picture(post), "publishedDate": post.get("created_at")})
    return results
