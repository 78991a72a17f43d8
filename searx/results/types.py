"""Result types: what engines produce and what formats render.

Engines return plain dicts, as SearXNG engines do; ``from_engine_item`` turns
each into one typed result. Unknown keys are ignored. Only http(s) links pass
(``safe_url``): no format ever renders a ``javascript:`` or ``data:`` URL. The
types check again whoever builds them (plugins, the cache).
Image, news and video results are main results with SearXNG's extra fields;
an item without the fields its kind needs is dropped (see ``REQUIRED``).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import SplitResult, urlsplit

import msgspec

# SearXNG's templates; any other value an engine names becomes the default
TEMPLATES = ("default.html", "images.html", "videos.html")
# what each kind of result cannot go without (the kind is the template, or "news" for the news category)
REQUIRED: dict[str, tuple[str, ...]] = {
    "images.html": ("img_src", "thumbnail_src"),
    "videos.html": ("length", "thumbnail"),
    "news": ("publishedDate",),
}
# the schemes a result may link to; everything else (javascript:, data:, vbscript:,
# file:, relative links an engine failed to resolve) is dropped
URL_SCHEMES = frozenset({"http", "https"})
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def checked_url(url: str, *, instance_path: bool = False) -> tuple[str, SplitResult] | None:
    """``(url, its parts)`` when ``url`` is an absolute http(s) URL, else None (the rules of ``safe_url``).

    The parts are ``urlsplit``'s: the one parse of the URL, which a result carries
    on (``MainResult.parts``) to merging, plugins and formats.
    """
    url = url.strip()
    if " " in url:
        url = url.replace(" ", "%20")
    # isascii/isprintable: no control character, decided without the regex for most URLs
    if not url or (not (url.isascii() and url.isprintable()) and _CONTROL.search(url)):
        return None
    if instance_path and url.startswith("/") and not url.startswith(("//", "/\\")):
        return url, urlsplit(url)
    if url.startswith("//"):
        url = "https:" + url
    try:
        parts = urlsplit(url)
        if ":" in parts.netloc:  # a port (or a password, or an IPv6 address) to check
            parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError:
        return None
    return (url, parts) if parts.scheme.lower() in URL_SCHEMES and parts.hostname else None


def safe_url(url: str, *, instance_path: bool = False) -> str:
    """``url`` when it is an absolute http(s) URL, else ``""``.

    With ``instance_path`` (results of the instance's own offline engines, such as
    the collections), a path on this instance (``/collections/...``) passes too.

    A protocol-relative ``//host/path`` becomes ``https://host/path``; inner
    spaces are percent-encoded. Control characters refuse the URL: browsers
    drop tabs and newlines, so ``java\tscript:`` would otherwise run.
    """
    checked = checked_url(url, instance_path=instance_path)
    return checked[0] if checked else ""


def _checked(url: str) -> str:
    """The types' own check: ``safe_url`` (a path on this instance allowed), with a fast path
    for the http(s) links ``from_engine_item`` has already checked."""
    if not url or (url.startswith(("https://", "http://"))
                   and ((url.isascii() and url.isprintable()) or not _CONTROL.search(url))):
        return url
    return safe_url(url, instance_path=True)


class MainResult(msgspec.Struct, kw_only=True, dict=True):
    """An ordinary link result (the ``results`` list of the JSON API).

    ``dict=True``: an instance may hold private runtime state outside its fields
    (the split URL, see ``parts``); it is never encoded.
    """

    url: str
    title: str
    content: str = ""
    engine: str = ""
    engines: list[str] = msgspec.field(default_factory=list)
    positions: list[int] = msgspec.field(default_factory=list)
    score: float = 0.0
    category: str = "general"
    template: str = "default.html"
    publishedDate: str | None = None  # noqa: N815 - SearXNG's JSON name
    thumbnail: str = ""
    img_src: str = ""
    priority: str = ""
    # images, videos and news (SearXNG's names)
    thumbnail_src: str = ""
    resolution: str = ""
    img_format: str = ""
    filesize: str = ""
    source: str = ""
    length: str = ""
    iframe_src: str = ""
    author: str = ""
    # private: not rendered by formats
    norm_url: str = ""

    def __post_init__(self) -> None:
        # whoever builds a result (engines, plugins, the cache) cannot make it link to a script
        url = _checked(self.url)
        if not url:
            raise ValueError(f"a result links only to http(s) URLs, not {self.url[:80]!r}")
        self.url = url
        # most results have none of these: an empty field needs no check
        if self.thumbnail:
            self.thumbnail = _checked(self.thumbnail)
        if self.img_src:
            self.img_src = _checked(self.img_src)
        if self.thumbnail_src:
            self.thumbnail_src = _checked(self.thumbnail_src)
        if self.iframe_src:
            self.iframe_src = _checked(self.iframe_src)

    @property
    def parts(self) -> SplitResult:
        """``urlsplit(self.url)``, parsed once per URL: ``from_engine_item`` hands over its own
        parse; a URL changed since (a plugin's) is parsed again on the next read."""
        memo = self.__dict__.get("_parts")
        if memo is None or memo[0] is not self.url:
            memo = self.__dict__["_parts"] = (self.url, urlsplit(self.url))
        return memo[1]

    @property
    def kind(self) -> str:
        """What the page shows it as: images.html, videos.html, news or default.html."""
        if self.template != "default.html":
            return self.template
        return "news" if self.category == "news" else "default.html"


class Answer(msgspec.Struct, kw_only=True):
    """An instant answer (plugins and engines). ``kind`` tells templates what it is."""

    answer: str
    url: str = ""
    engine: str = ""
    kind: str = "answer"
    # a summary placeholder carries its data here (see searx.plugins.ai_summary)
    data: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        self.url = _checked(self.url)


class Infobox(msgspec.Struct, kw_only=True):
    infobox: str
    id: str = ""
    content: str = ""
    img_src: str = ""
    urls: list[dict[str, str]] = msgspec.field(default_factory=list)
    attributes: list[dict[str, str]] = msgspec.field(default_factory=list)
    engine: str = ""
    engines: list[str] = msgspec.field(default_factory=list)

    def __post_init__(self) -> None:
        self.img_src = _checked(self.img_src)
        self.urls = [u for u in self.urls if _checked(u.get("url", ""))]


class ResultSet(msgspec.Struct, kw_only=True):
    """Everything one search produced, before or after merging."""

    results: list[MainResult] = msgspec.field(default_factory=list)
    answers: list[Answer] = msgspec.field(default_factory=list)
    infoboxes: list[Infobox] = msgspec.field(default_factory=list)
    suggestions: list[str] = msgspec.field(default_factory=list)
    corrections: list[str] = msgspec.field(default_factory=list)
    number_of_results: int = 0


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ("" if value is None else str(value))


def from_engine_item(item: dict[str, Any], engine: str, category: str, *, instance_links: bool = False) -> object | None:
    """Turn one dict returned by an engine's ``response()`` into a typed result.

    Returns ``None`` for items that carry nothing usable (no URL, no text).
    ``instance_links``: the engine runs in-process and links into the instance.
    A dict ``{"number_of_results": n}`` returns an ``int``.
    """
    if "suggestion" in item:
        text = _text(item["suggestion"]).strip()
        return ("suggestion", text) if text else None
    if "correction" in item:
        text = _text(item["correction"]).strip()
        return ("correction", text) if text else None
    if "answer" in item:
        text = _text(item["answer"]).strip()
        return Answer(answer=text, url=safe_url(_text(item.get("url"))), engine=engine) if text else None
    if "infobox" in item:
        return Infobox(
            infobox=_text(item["infobox"]),
            id=_text(item.get("id")),
            content=_text(item.get("content")),
            img_src=safe_url(_text(item.get("img_src"))),
            urls=[{"title": _text(u.get("title")), "url": url} for u in item.get("urls") or []
                  if isinstance(u, dict) and (url := safe_url(_text(u.get("url"))))],
            attributes=[
                {"label": _text(a.get("label")), "value": _text(a.get("value"))} for a in item.get("attributes") or []
            ],
            engine=engine,
            engines=[engine],
        )
    if "number_of_results" in item and "url" not in item:
        try:
            return int(item["number_of_results"])
        except (TypeError, ValueError):
            return None
    checked = checked_url(_text(item.get("url")), instance_path=instance_links)
    if checked is None:
        return None
    url, parts = checked
    fields: dict[str, Any] = {"title": ""}
    for key, value in item.items():  # only the fields the item has (most have three or four)
        convert = _FIELDS.get(key)
        if convert is not None:
            fields[key] = convert(value)
    fields["category"] = fields.get("category") or category
    if fields.get("template") not in TEMPLATES:
        fields["template"] = "default.html"
    result = MainResult(url=url, engine=engine, **fields)
    result.__dict__["_parts"] = (result.url, parts)
    required = REQUIRED.get(result.kind)
    if required and any(not getattr(result, name) for name in required):
        return None
    return result


def _stripped(value: Any) -> str:
    return (value if isinstance(value, str) else _text(value)).strip()


def _link(value: Any) -> str:
    return safe_url(_text(value)) if value else ""  # most results have no picture: nothing to check


def _date(value: Any) -> str | None:
    """ISO 8601 from a datetime, a date, a unix time or a string (kept as given)."""
    if value is None or value == "":
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            return datetime.datetime.fromtimestamp(value, datetime.UTC).isoformat()
        except (OverflowError, OSError, ValueError):
            return None
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return _text(value).strip() or None


def _length(value: Any) -> str:
    """A video length as SearXNG shows it ("4:05", "1:02:03"): from seconds, a timedelta or text."""
    if isinstance(value, datetime.timedelta):
        value = value.total_seconds()
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if value <= 0:
            return ""
        minutes, seconds = divmod(int(value), 60)
        hours, minutes = divmod(minutes, 60)
        return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"
    return _text(value).strip()


# what each optional field of a main result becomes (``from_engine_item``); other keys are ignored
_FIELDS: dict[str, Callable[[Any], Any]] = {
    "title": _stripped, "content": _stripped, "category": _text, "template": _text, "publishedDate": _date,
    "thumbnail": _link, "img_src": _link, "thumbnail_src": _link, "iframe_src": _link,
    "resolution": _stripped, "img_format": _stripped, "filesize": _stripped, "source": _stripped,
    "length": _length, "author": _stripped,
}
