"""Shared parsing bits for engine modules: settings access, locales, HTML trees, text, sizes.

Pure functions only; no engine-specific selectors live here.
"""

from __future__ import annotations

import codecs
import datetime
import email.utils
import random
import re
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

from lxml import etree, html
from lxml.etree import ParserError

from searx.enginelib.params import EngineParams, SearchResponse
from searx.errors import (
    EngineAccessDenied,
    EngineCaptcha,
    EngineError,
    EngineHTTPError,
    EngineParseError,
    EngineTooManyRequests,
)
from searx.results.search import no_language
from searx.upstream.bot_checks import block_marker, challenge_marker

_SPACE = re.compile(r"\s+")
_VIDEO_ID = re.compile(r"[\w-]{6,20}")
# elements whose end separates words (a post's paragraphs and line breaks)
_BREAKS = ("br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre")
# Markdown's markup around text: images and links keep their text, emphasis and block marks go
_MD_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_MD_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_MD_MARKS = re.compile(r"^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+)|(?<!\w)(?:\*{1,3}|_{1,3}|~~)(?=\S)|(?<=\S)(?:\*{1,3}|_{1,3}|~~)(?!\w)"
                       r"|`+", re.M)
_UNITS = ("B", "KB", "MB", "GB", "TB")
_AGO = re.compile(r"\b(\d+)\s*(minute|min|hour|day|week|month|year)s?\s+ago\b", re.I)
_UNIT = {"min": 60, "minute": 60, "hour": 3600, "day": 86400, "week": 7 * 86400, "month": 30 * 86400,
         "year": 365 * 86400}


def settings_of(params: EngineParams) -> Any:
    """The engine's merged settings (module defaults overlaid with settings.yml)."""
    return params["engine"].settings


def base_url(params: EngineParams, **fmt: str) -> str:
    """The ``base_url`` setting without a trailing slash; ``{lang}``-style fields are filled in.
    A list of mirrors (SearXNG's form for kickass, solidtorrents) gives one of them at random."""
    value = settings_of(params)["base_url"]
    if isinstance(value, (list, tuple)):
        value = random.choice(value) if value else ""
    url = str(value).rstrip("/")
    return url.format(**fmt) if fmt and "{" in url else url


def locale(language: str | None) -> tuple[str, str]:
    """("en", "US") from "en-US"; ("en", "") from "en"; ("", "") from "all"/None/"auto"."""
    if language is None or no_language(language):
        return "", ""
    lang, _, region = language.replace("_", "-").partition("-")
    return lang.lower(), region.upper()


def parse_html(resp: SearchResponse) -> Any:
    """The lxml tree of a response body; EngineParseError when there is no markup."""
    body = resp.content
    if not body or not body.strip():
        raise EngineParseError("empty page")
    # the charset of the Content-Type header (a page or fragment may not declare one itself)
    charset = getattr(resp, "charset_encoding", None)
    try:
        codecs.lookup(charset or "utf-8")
    except LookupError:
        charset = None
    try:
        return html.fromstring(body, parser=html.HTMLParser(encoding=charset) if charset else None)
    except (ParserError, ValueError) as exc:
        raise EngineParseError(f"unparsable page: {exc}") from exc


def text_of(node: Any) -> str:
    """The visible text of ``node`` (or a list's first node), whitespace collapsed."""
    if isinstance(node, list):
        node = node[0] if node else None
    if node is None:
        return ""
    raw = node if isinstance(node, str) else node.text_content()
    return _SPACE.sub(" ", raw).strip()


def strip_tags(fragment: str) -> str:
    """Plain text of an HTML fragment such as a search-API snippet or a post (Mastodon's
    ``content``): entities decoded, scripts and styles dropped, words apart at line breaks
    and paragraph ends."""
    if not fragment or not fragment.strip():
        return ""
    if "<" not in fragment and "&" not in fragment:
        return squash(fragment)
    try:
        root = html.fragment_fromstring(fragment, create_parent="div")
    except (ParserError, ValueError):
        return squash(fragment)
    etree.strip_elements(root, "script", "style", with_tail=False)
    for element in root.iter(*_BREAKS):
        element.tail = " " + (element.tail or "")
    return text_of(root)


def markdown_text(source: str) -> str:
    """Plain text of Markdown (Lemmy's posts, comments and descriptions): link and image
    text kept, emphasis, headings, quotes and list marks dropped, inline HTML stripped."""
    if not source or not source.strip():
        return ""
    text = _MD_LINK.sub(r"\1", _MD_IMAGE.sub(r"\1", source))
    return strip_tags(_MD_MARKS.sub("", text))


def magnet_link(link: str) -> str:
    """A page's ``magnet:?`` link with spaces and non-ASCII characters percent-encoded (the
    form a torrent result keeps), or "" for anything else."""
    link = link.strip()
    return quote(link, safe="!#$%&'()*+,/:;=?@[]~") if link.startswith("magnet:?") else ""


def file_size(value: Any) -> str:
    """"1.5 GB" from a number of bytes (or its digits as text); "" when there is none."""
    digits = "".join(c for c in str(value if value is not None else "") if c.isdigit())
    if not digits or not int(digits):
        return ""
    size = float(digits)
    for unit in _UNITS:
        if size < 1024 or unit == _UNITS[-1]:
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return ""


def squash(text: str | None) -> str:
    """Collapse hard line breaks and runs of spaces (Atom titles, API text)."""
    return _SPACE.sub(" ", text or "").strip()


def has_class(cls: str) -> str:
    """XPath predicate for one token of the class attribute."""
    return f'contains(concat(" ", normalize-space(@class), " "), " {cls} ")'


def unparsable(resp: SearchResponse, message: str) -> EngineError:
    """The error for a page without the engine's result markup: a bot check or
    block page when the body carries such markers, else a parse error."""
    marker = challenge_marker(resp.content, resp.headers)
    if marker:
        return EngineCaptcha(f"bot check ({marker})")
    marker = block_marker(resp.content)
    if marker:
        return EngineAccessDenied(f"block page ({marker})")
    return EngineParseError(message)


def json_body(resp: SearchResponse, parser: str, *, bot_pages: bool = True) -> Any:
    """The decoded JSON body; when there is none, the bot check or block page it is, else a
    parse error naming ``parser``. ``bot_pages=False`` (an API that serves no such page): any
    body that is not JSON is a parse error."""
    try:
        return resp.json()
    except ValueError as exc:
        message = f"{parser}: the answer is not JSON"
        raise (unparsable(resp, message) if bot_pages else EngineParseError(message)) from exc


def status_error(resp: SearchResponse) -> EngineError | None:
    """For an engine that reads some statuses itself (``raise_for_httperror`` off, e.g. 404 =
    nothing found): the error any other non-2xx status stands for, None for 2xx."""
    status = resp.status_code
    if 200 <= status < 300:
        return None
    if status == 429:
        return EngineTooManyRequests(f"HTTP {status}")
    if status == 403:
        return EngineAccessDenied(f"HTTP {status}")
    return EngineHTTPError(f"HTTP {status}")


def video_embed(url: str) -> str:
    """The youtube-nocookie player of a YouTube watch link (``watch?v=`` or youtu.be), else ""."""
    parts = urlsplit(url)
    host = (parts.hostname or "").removeprefix("www.").removeprefix("m.")
    video = parse_qs(parts.query).get("v", [""])[0] if host == "youtube.com" and parts.path == "/watch" else ""
    if host == "youtu.be":
        video = parts.path.strip("/")
    return f"https://www.youtube-nocookie.com/embed/{video}" if _VIDEO_ID.fullmatch(video) else ""


def feed_date(text: str) -> str | None:
    """An RSS item's date (RFC 2822, "Sat, 21 Dec 2024 06:38:56 +0000") in ISO form, or None."""
    try:
        return email.utils.parsedate_to_datetime(text).isoformat() if text else None
    except (TypeError, ValueError):
        return None


def age_date(text: str, now: datetime.datetime | None = None) -> datetime.datetime | None:
    """The time an age such as "3 hours ago" (in a short line of a result) stands for, or None."""
    found = _AGO.search(text or "")
    if not found:
        return None
    now = now or datetime.datetime.now(datetime.UTC)
    return now - datetime.timedelta(seconds=int(found.group(1)) * _UNIT[found.group(2).lower()])
