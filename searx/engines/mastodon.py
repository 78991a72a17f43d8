"""Mastodon accounts and hashtags through a Mastodon server's search API (``/api/v2/search``).

``mastodon_type`` picks what is searched: ``accounts`` or ``hashtags`` (SearXNG's
values; start-up refuses another). Mastodon is federated: one server (``base_url``,
mastodon.social by default) answers with the accounts and tags it knows. An account's
profile text is Mastodon's HTML, shown as plain text. Not supported: posts (Mastodon
searches posts only for a logged-in user: the tootfinder engine finds them), paging
(the API pages only with a login), language, time range, safe search.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body, strip_tags, unparsable

base_url = "https://mastodon.social"
mastodon_type = "accounts"  # SearXNG's key: accounts or hashtags
page_size = 40  # results asked for (the API's most)
categories = ["social media"]
about = {"website": "https://joinmastodon.org/", "official_api_documentation": "https://docs.joinmastodon.org/api/",
         "use_official_api": True, "require_api_key": False, "results": "JSON"}

_TYPES = ("accounts", "hashtags")


def init(conf: dict[str, Any]) -> None:
    if conf.get("mastodon_type") not in _TYPES:
        raise ValueError(f"mastodon_type: {conf.get('mastodon_type')!r} is not one of {', '.join(_TYPES)}")


def request(query: str, params: dict[str, Any]) -> None:
    conf = params["engine"].settings
    args = {"q": query, "resolve": "false", "type": conf["mastodon_type"], "limit": str(conf.get("page_size") or 40)}
    params["url"] = f"{_base_url(params)}/api/v2/search?{urlencode(args)}"


def _count(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _account(account: dict[str, Any]) -> dict[str, Any]:
    name = str(account.get("display_name") or account.get("username") or "")
    acct = str(account.get("acct") or account.get("username") or "")
    counts = [(label, _count(account.get(key))) for label, key in (("followers", "followers_count"),
                                                                    ("posts", "statuses_count"))]
    return {"url": account.get("url") or account.get("uri"), "title": f"{name} (@{acct})" if acct else name,
            "content": strip_tags(str(account.get("note") or "")),
            "thumbnail": account.get("avatar_static") or account.get("avatar") or "",
            "publishedDate": account.get("created_at"),
            "metadata": " | ".join(f"{label}: {n}" for label, n in counts if n is not None)}


def _hashtag(tag: dict[str, Any]) -> dict[str, Any]:
    # the history is the tag's use on this server, one entry a day (the last 7 days)
    history = [h for h in tag.get("history") or [] if isinstance(h, dict)]
    uses = sum(_count(h.get("uses")) or 0 for h in history)
    users = sum(_count(h.get("accounts")) or 0 for h in history)
    return {"url": tag.get("url"), "title": f"#{tag.get('name', '')}", "content": "",
            "metadata": f"uses: {uses} | users: {users}" if history else ""}


def response(resp: Any) -> list[dict[str, Any]]:
    kind = resp.search_params["engine"].settings["mastodon_type"]
    data = json_body(resp, "mastodon")
    found = data.get(kind) if isinstance(data, dict) else None
    if not isinstance(found, list):
        raise unparsable(resp, f"mastodon: the answer has no {kind} list")
    parse = _account if kind == "accounts" else _hashtag
    return [parse(item) for item in found if isinstance(item, dict)]
