"""Lemmy communities, users, posts and comments through a Lemmy instance's API (``/api/v3/search``).

``lemmy_type`` picks what is searched: ``Communities``, ``Users``, ``Posts`` or
``Comments`` (SearXNG's values; start-up refuses another). Lemmy is federated: one
instance (``base_url``, lemmy.ml by default) answers with what it knows of the others.
Supports paging. Safe search drops what Lemmy marks NSFW (posts and comments of an
NSFW community too). Lemmy's Markdown becomes plain text. Not supported: time range,
language, sorting; removed and deleted items are not shown.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body, markdown_text, unparsable

base_url = "https://lemmy.ml/"
lemmy_type = "Communities"  # SearXNG's key: Communities, Users, Posts or Comments
categories = ["social media"]
paging = True
safesearch = True
about = {"website": "https://lemmy.ml/", "official_api_documentation": "https://join-lemmy.org/api/",
         "use_official_api": True, "require_api_key": False, "results": "JSON"}

# each search type: the answer's list of it
_LISTS = {"Communities": "communities", "Users": "users", "Posts": "posts", "Comments": "comments"}


def init(conf: dict[str, Any]) -> None:
    if conf.get("lemmy_type") not in _LISTS:
        raise ValueError(f"lemmy_type: {conf.get('lemmy_type')!r} is not one of {', '.join(_LISTS)}")


def request(query: str, params: dict[str, Any]) -> None:
    kind = params["engine"].settings["lemmy_type"]
    args = {"q": query, "page": str(params["pageno"]), "type_": kind}
    params["url"] = f"{_base_url(params)}/api/v3/search?{urlencode(args)}"


def _gone(*things: Any) -> bool:
    return any(t.get("removed") or t.get("deleted") for t in things if isinstance(t, dict))


def _nsfw(*things: Any) -> bool:
    return any(t.get("nsfw") for t in things if isinstance(t, dict))


def _user(person: dict[str, Any]) -> str:
    return str(person.get("display_name") or person.get("name") or "")


def _counts(*pairs: tuple[str, Any]) -> str:
    return " | ".join(f"{label}: {int(value)}" for label, value in pairs if isinstance(value, int))


def _community(view: dict[str, Any]) -> dict[str, Any]:
    community, counts = view["community"], view.get("counts") or {}
    return {"url": community.get("actor_id"), "title": community.get("title") or community.get("name"),
            "content": markdown_text(str(community.get("description") or "")),
            "thumbnail": community.get("icon") or community.get("banner") or "",
            "publishedDate": community.get("published") or counts.get("published"),
            "metadata": _counts(("subscribers", counts.get("subscribers")), ("posts", counts.get("posts")),
                                ("active users", counts.get("users_active_half_year")))}


def _person(view: dict[str, Any]) -> dict[str, Any]:
    person, counts = view["person"], view.get("counts") or {}
    return {"url": person.get("actor_id"), "title": _user(person),
            "content": markdown_text(str(person.get("bio") or "")), "thumbnail": person.get("avatar") or "",
            "publishedDate": person.get("published"),
            "metadata": _counts(("posts", counts.get("post_count")), ("comments", counts.get("comment_count")))}


def _votes(counts: dict[str, Any]) -> str:
    up, down = counts.get("upvotes"), counts.get("downvotes")
    return f"\u25b2 {up} \u25bc {down}" if isinstance(up, int) and isinstance(down, int) else ""


def _post(view: dict[str, Any]) -> dict[str, Any]:
    post, counts, creator = view["post"], view.get("counts") or {}, view.get("creator") or {}
    thumbnail = post.get("thumbnail_url") or ""
    community = (view.get("community") or {}).get("title") or ""
    metadata = [_votes(counts), f"user: {_user(creator)}", _counts(("comments", counts.get("comments"))),
                f"community: {community}" if community else ""]
    return {"url": post.get("ap_id"), "title": post.get("name"), "author": _user(creator),
            "content": markdown_text(str(post.get("body") or "")),
            "thumbnail": f"{thumbnail}?format=webp&thumbnail=208" if thumbnail else "",
            "publishedDate": post.get("published"), "metadata": " | ".join(m for m in metadata if m)}


def _comment(view: dict[str, Any]) -> dict[str, Any]:
    comment, counts, creator = view["comment"], view.get("counts") or {}, view.get("creator") or {}
    community = (view.get("community") or {}).get("title") or ""
    metadata = [_votes(counts), f"user: {_user(creator)}", f"community: {community}" if community else ""]
    return {"url": comment.get("ap_id"), "title": (view.get("post") or {}).get("name") or "",
            "author": _user(creator), "content": markdown_text(str(comment.get("content") or "")),
            "publishedDate": comment.get("published"), "metadata": " | ".join(m for m in metadata if m)}


_PARSERS = {"Communities": (_community, "community"), "Users": (_person, "person"), "Posts": (_post, "post"),
            "Comments": (_comment, "comment")}


def response(resp: Any) -> list[dict[str, Any]]:
    kind = resp.search_params["engine"].settings["lemmy_type"]
    data = json_body(resp, "lemmy")
    views = data.get(_LISTS[kind]) if isinstance(data, dict) else None
    if not isinstance(views, list):
        raise unparsable(resp, f"lemmy: the answer has no {_LISTS[kind]} list")
    parse, key = _PARSERS[kind]
    safe = resp.search_params.get("safesearch", 0) > 0
    results = []
    for view in views:
        if not isinstance(view, dict) or not isinstance(view.get(key), dict):
            continue
        if _gone(view.get(key), view.get("post")) or (safe and _nsfw(view.get(key), view.get("post"),
                                                                      view.get("community"))):
            continue
        results.append(parse(view))
    return results
