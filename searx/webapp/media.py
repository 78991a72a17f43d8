"""What the media, music, files and social media pages need besides the results: tabs, embeds, CSP
hosts, dates, a post's facts.

Pure helpers (no request): the page passes in the settings, the engines on for
the user, the search and the results.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from babel.dates import format_timedelta

from searx.engines import Engine
from searx.origin import parse_origin
from searx.results.types import MainResult
from searx.webapp.search_links import SearchChoices

# SearXNG's default tab order, used when the settings name no categories_as_tabs
DEFAULT_TABS = ("general", "images", "videos", "news", "map", "music", "it", "science", "files", "social media")
# categories whose pages show pictures from the result hosts and may embed players (the CSP names those hosts)
MEDIA_TABS = ("images", "videos", "news", "music", "files", "social media")
_HOST = re.compile(r"[a-z0-9.-]+")
# the counts social media engines write into ``metadata`` ("subscribers: 12 | posts: 3"), SearXNG's words
SOCIAL_COUNTS = ("subscribers", "posts", "active users", "comments", "followers", "uses", "users")
_VOTES = re.compile(r"^\u25b2 (\d+) \u25bc (\d+)$")


@dataclass(frozen=True)
class Tab:
    name: str
    url: str
    current: bool


def tab_categories(order: Iterable[str], engines: Mapping[str, Engine]) -> list[str]:
    """The categories shown as tabs and offered as default categories: those of ``categories_as_tabs``
    (SearXNG's order when it is empty) that some engine has. Other categories (an engine's internal
    ``web``, ``weather``) are searched only by name (``!weather``, ``categories=``)."""
    have = {c for e in engines.values() for c in e.categories}
    return [name for name in dict.fromkeys(order or DEFAULT_TABS) if name in have]


def tabs(order: Iterable[str], engines: Mapping[str, Engine], enabled: Sequence[str],
         search: SearchChoices) -> list[Tab]:  # fmt: skip
    """The categories that have an engine on for this user, in the settings' order; each
    tab's link keeps the query, language, safe search and time range (page 1)."""
    have = {c for name in enabled if name in engines for c in engines[name].categories}
    current = search.categories[0] if search.categories else "general"
    return [Tab(name, search.url(categories=name), name == current)
            for name in dict.fromkeys(order or DEFAULT_TABS) if name in have]


def origin(url: str) -> str:
    """``https://host[:port]`` of an http(s) URL, or "" (only safe characters: it goes into a header)."""
    found = parse_origin(url)
    return str(found) if found is not None and _HOST.fullmatch(found.host) else ""


@dataclass(frozen=True)
class EmbedHosts:
    """The hosts whose players a page may load after a click: videos' (``ui.video_embed_hosts``)
    and music's (``ui.audio_embed_hosts``)."""

    video: Sequence[str] = ()
    audio: Sequence[str] = ()

    def of(self, result: MainResult) -> Sequence[str]:
        return self.audio if result.kind == "music" else self.video


def embed_hosts(ui: Any) -> EmbedHosts:
    """The allowed player hosts of the ``ui`` settings."""
    return EmbedHosts(tuple(ui.video_embed_hosts), tuple(ui.audio_embed_hosts))


def embeddable(result: MainResult, embeds: EmbedHosts) -> bool:
    """Whether the page may offer to play ``result`` in place (its player's host is allowed for its kind)."""
    hosts = embeds.of(result)
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


def frame_origins(results: Iterable[MainResult], embeds: EmbedHosts) -> list[str]:
    return sorted({origin(r.iframe_src) for r in results if embeddable(r, embeds)} - {""})


def relative_date(value: str | None, locale: str, now: float) -> str:
    """"3 hours ago" (in the interface language) for an ISO date, seen at ``now`` (seconds since the
    epoch, the services' clock); "" when it is not a date."""
    if not value:
        return ""
    try:
        when = datetime.datetime.fromisoformat(value)
    except ValueError:
        return ""
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.UTC)
    age = when - datetime.datetime.fromtimestamp(now, datetime.UTC)
    try:
        return format_timedelta(age, add_direction=True, locale=locale.replace("-", "_"))
    except (ValueError, LookupError):
        return format_timedelta(age, add_direction=True, locale="en")


@dataclass(frozen=True)
class PostFacts:
    """What a social media result's ``metadata`` says, for its layout: the community, the votes,
    the counts by SearXNG's words (``SOCIAL_COUNTS``) and any other part as it came."""

    community: str = ""
    user: str = ""
    votes: tuple[int, int] | None = None
    counts: tuple[tuple[str, int], ...] = ()
    other: tuple[str, ...] = ()


def post_facts(metadata: str) -> PostFacts:
    """Split ``"\u25b2 5 \u25bc 0 | user: x | comments: 3 | community: y"`` into its facts."""
    community, user, votes, counts, other = "", "", None, [], []
    for part in (p.strip() for p in metadata.split(" | ")):
        key, _, value = part.partition(": ")
        if match := _VOTES.match(part):
            votes = (int(match.group(1)), int(match.group(2)))
        elif key == "community" and value:
            community = value
        elif key == "user" and value:
            user = value
        elif key in SOCIAL_COUNTS and value.isdigit():
            counts.append((key, int(value)))
        elif part:
            other.append(part)
    return PostFacts(community, user, votes, tuple(counts), tuple(other))


def media_context(results: Sequence[MainResult], embeds: EmbedHosts) -> dict[str, Any]:
    """Template values: image results apart (the grid), the others, and who may embed."""
    images: list[MainResult] = []
    others: list[MainResult] = []
    for r in results:
        (images if r.kind == "images.html" else others).append(r)
    return {
        "image_results": images,
        "other_results": others,
        "result_kinds": {r.kind for r in others},  # the kinds whose macros the list imports (_results.html)
        "embeddable": lambda r: embeddable(r, embeds),
        "post_facts": post_facts,
    }
