"""What the images, news and videos pages need besides the results: tabs, embeds, CSP hosts, dates.

Pure helpers (no request): the page passes in the settings, the engines on for
the user, the search and the results.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode, urlsplit

from babel.dates import format_timedelta

from searx.engines import Engine
from searx.results.search import SearchQuery
from searx.results.types import MainResult

# SearXNG's default tab order, used when the settings name no categories_as_tabs
DEFAULT_TABS = ("general", "images", "videos", "news", "map", "music", "it", "science", "files", "social media")
# categories whose pages show pictures from the result hosts (the CSP names those hosts)
MEDIA_TABS = ("images", "videos", "news")
_HOST = re.compile(r"^[a-z0-9.-]+$")


@dataclass(frozen=True)
class Tab:
    name: str
    url: str
    current: bool


def tabs(order: Iterable[str], engines: Mapping[str, Engine], enabled: Sequence[str], sq: SearchQuery) -> list[Tab]:
    """The categories that have an engine on for this user, in the settings' order; each
    tab's link keeps the query, language, safe search and time range (page 1)."""
    have = {c for name in enabled if name in engines for c in engines[name].categories}
    current = sq.categories[0] if sq.categories else "general"
    keep = {"language": sq.language, "safesearch": sq.safesearch, "time_range": sq.time_range or ""}
    return [Tab(name, "/search?" + urlencode({"q": sq.query, "categories": name, **keep}), name == current)
            for name in dict.fromkeys(order or DEFAULT_TABS) if name in have]


def origin(url: str) -> str:
    """``https://host[:port]`` of an http(s) URL, or "" (only safe characters: it goes into a header)."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return ""
    host = (parts.hostname or "").lower()
    if parts.scheme not in ("http", "https") or not _HOST.match(host):
        return ""
    return f"{parts.scheme}://{host}" + (f":{port}" if port else "")


def embeddable(result: MainResult, hosts: Sequence[str]) -> bool:
    """Whether the page may offer to play ``result`` in place (its embed host is allowed)."""
    if not result.iframe_src or not hosts:
        return False
    try:
        host = (urlsplit(result.iframe_src).hostname or "").lower()
    except ValueError:
        return False
    return urlsplit(result.iframe_src).scheme == "https" and host in hosts


def image_origins(results: Iterable[MainResult]) -> list[str]:
    """The origins of every picture the page shows (thumbnails, full images)."""
    found = (origin(u) for r in results for u in (r.thumbnail_src, r.thumbnail, r.img_src) if u)
    return sorted({o for o in found if o})


def frame_origins(results: Iterable[MainResult], hosts: Sequence[str]) -> list[str]:
    return sorted({origin(r.iframe_src) for r in results if embeddable(r, hosts)} - {""})


def relative_date(value: str | None, locale: str, now: datetime.datetime | None = None) -> str:
    """"3 hours ago" (in the interface language) for an ISO date; "" when it is not one."""
    if not value:
        return ""
    try:
        when = datetime.datetime.fromisoformat(value)
    except ValueError:
        return ""
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.UTC)
    now = now or datetime.datetime.now(datetime.UTC)
    try:
        return format_timedelta(when - now, add_direction=True, locale=locale.replace("-", "_"))
    except (ValueError, LookupError):
        return format_timedelta(when - now, add_direction=True, locale="en")


def media_context(results: Sequence[MainResult], embed_hosts: Sequence[str]) -> dict[str, Any]:
    """Template values: image results apart (the grid), the others, and who may embed."""
    images = [r for r in results if r.kind == "images.html"]
    return {
        "image_results": images,
        "other_results": [r for r in results if r.kind != "images.html"],
        "embeddable": lambda r: embeddable(r, embed_hosts),
    }
