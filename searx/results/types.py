"""Result types: what engines produce and what formats render.

Engines return plain dicts, as SearXNG engines do; ``from_engine_item`` turns
each into one typed result. Unknown keys are ignored. Only http(s) links pass
(``safe_url``): no format ever renders a ``javascript:`` or ``data:`` URL. The
types check again whoever builds them (plugins, the cache).
Image, news and video results are main results with SearXNG's extra fields;
an item without the fields its kind needs is dropped (see ``REQUIRED``).
Map, torrent, paper, package and file results are subclasses of ``MainResult``
with SearXNG's field names for their templates (``KINDS``). Answers, plain and
typed (translations, weather), live in ``searx.results.answers``.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import SplitResult, urlsplit

import msgspec

from searx.results.answers import Answer as Answer  # the answers' home is answers.py; imported from here too
from searx.results.answers import AnyAnswer, answer_from_item
from searx.results.links import checked as _checked
from searx.results.links import checked_url, safe_url

# SearXNG's templates; any other value an engine names becomes the default
TEMPLATES = ("default.html", "images.html", "videos.html", "map.html", "torrent.html", "paper.html", "packages.html",
             "file.html")
# categories whose results a tab shows in a layout of their own (their kind), besides the templates
CATEGORY_KINDS = ("news", "music", "social media")
# what each kind of result cannot go without (the kind is the template, or "news" for the news category)
REQUIRED: dict[str, tuple[str, ...]] = {
    "images.html": ("img_src", "thumbnail_src"),
    "videos.html": ("length", "thumbnail"),
    "news": ("publishedDate",),
}
_MAGNET = re.compile(r"magnet:\?[\x21-\x7e]+")


class MainResult(msgspec.Struct, kw_only=True, tag=True, tag_field="result_class", dict=True):
    """An ordinary link result (the ``results`` list of the JSON API).

    Tagged, so the search cache gives each kind (``KINDS``) back as its own class.
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
    # music and social media (SearXNG's names)
    audio_src: str = ""
    views: str = ""
    metadata: str = ""
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
        if self.audio_src:
            self.audio_src = _checked(self.audio_src)

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
        """What the page shows it as: its template (images.html, map.html, ...), else its
        category when that has a layout of its own (news, music, social media), else default.html."""
        if self.template != "default.html":
            return self.template
        return self.category if self.category in CATEGORY_KINDS else "default.html"


def _links(links: list[dict[str, str]]) -> list[dict[str, str]]:
    """``[{"label", "url"}]`` with only http(s) links kept."""
    return [link for link in links if _checked(link.get("url", ""))]


class MapResult(MainResult, kw_only=True):
    """A place (``map.html``): openstreetmap, photon. Coordinates are WGS 84 degrees."""

    template: str = "map.html"
    latitude: float | None = None
    longitude: float | None = None
    boundingbox: list[float] = msgspec.field(default_factory=list)  # south, north, west, east
    geojson: dict[str, Any] | None = None
    # name, road, house_number, locality, postcode, country (SearXNG's keys)
    address: dict[str, str] = msgspec.field(default_factory=dict)
    address_label: str = ""
    osm: dict[str, str] = msgspec.field(default_factory=dict)  # type (node, way, relation) and id
    links: list[dict[str, str]] = msgspec.field(default_factory=list)  # label, url
    data: list[dict[str, str]] = msgspec.field(default_factory=list)  # label, value

    def __post_init__(self) -> None:
        super().__post_init__()
        self.links = _links(self.links)


class TorrentResult(MainResult, kw_only=True):
    """A torrent (``torrent.html``). ``magnetlink`` is the one field where a non-http(s) link
    (``magnet:?``) is allowed."""

    template: str = "torrent.html"
    magnetlink: str = ""
    torrentfile: str = ""
    seed: int | None = None
    leech: int | None = None
    files: int | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        self.magnetlink = self.magnetlink if _MAGNET.fullmatch(self.magnetlink) else ""
        self.torrentfile = _checked(self.torrentfile)


class PaperResult(MainResult, kw_only=True):
    """A scholarly work (``paper.html``): pubmed, semantic_scholar, crossref, arxiv."""

    template: str = "paper.html"
    type: str = ""
    authors: list[str] = msgspec.field(default_factory=list)
    editor: str = ""
    publisher: str = ""
    journal: str = ""
    volume: str = ""
    pages: str = ""
    number: str = ""
    doi: str = ""
    issn: list[str] = msgspec.field(default_factory=list)
    isbn: list[str] = msgspec.field(default_factory=list)
    tags: list[str] = msgspec.field(default_factory=list)
    comments: str = ""
    pdf_url: str = ""
    html_url: str = ""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.pdf_url, self.html_url = _checked(self.pdf_url), _checked(self.html_url)


class PackageResult(MainResult, kw_only=True):
    """A software package (``packages.html``): pypi, docker_hub."""

    template: str = "packages.html"
    package_name: str = ""
    version: str = ""
    maintainer: str = ""
    tags: list[str] = msgspec.field(default_factory=list)
    popularity: str = ""
    license_name: str = ""
    license_url: str = ""
    homepage: str = ""
    source_code_url: str = ""
    links: list[dict[str, str]] = msgspec.field(default_factory=list)  # label, url

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("license_url", "homepage", "source_code_url"):
            setattr(self, name, _checked(getattr(self, name)))
        self.links = _links(self.links)


class FileResult(MainResult, kw_only=True):
    """A file (``file.html``): wikicommons files."""

    template: str = "file.html"
    filename: str = ""
    size: str = ""
    time: str = ""
    mimetype: str = ""
    abstract: str = ""
    embedded: str = ""
    mtype: str = ""
    subtype: str = ""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.embedded = _checked(self.embedded)


# the result class of each template that has fields of its own
KINDS: dict[str, type[MainResult]] = {
    "map.html": MapResult, "torrent.html": TorrentResult, "paper.html": PaperResult,
    "packages.html": PackageResult, "file.html": FileResult,
}
AnyResult = MainResult | MapResult | TorrentResult | PaperResult | PackageResult | FileResult


def kind_fields(result: MainResult) -> tuple[str, ...]:
    """The fields a result's class adds to ``MainResult`` (what a kind's template and JSON show)."""
    return _OWN_FIELDS.get(type(result), ())


_BASE_FIELDS = frozenset(MainResult.__struct_fields__)
_OWN_FIELDS = {cls: tuple(f for f in cls.__struct_fields__ if f not in _BASE_FIELDS) for cls in KINDS.values()}


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

    results: list[AnyResult] = msgspec.field(default_factory=list)
    answers: list[AnyAnswer] = msgspec.field(default_factory=list)
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
    if "answer" in item or _text(item.get("template")).startswith("answer/"):
        return answer_from_item(item, engine)
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
    found = checked_url(_text(item.get("url")), instance_path=instance_links)
    if found is None:
        return None
    result = _main(item, found[0], engine, category)
    result.__dict__["_parts"] = (result.url, found[1])
    required = REQUIRED.get(result.kind)
    if required and any(not getattr(result, name) for name in required):
        return None
    return result


def _main(item: dict[str, Any], url: str, engine: str, category: str) -> MainResult:
    fields: dict[str, Any] = {"title": ""}
    for key, value in item.items():  # only the fields the item has (most have three or four)
        convert = _FIELDS.get(key)
        if convert is not None:
            fields[key] = convert(value)
    fields["category"] = fields.get("category") or category
    template = fields.get("template", "")
    if template not in TEMPLATES:
        template = fields["template"] = "default.html"
    result = MainResult(url=url, engine=engine, **fields)
    cls = KINDS.get(template)
    return result if cls is None else _as_kind(cls, result, item)


def _as_kind(cls: type[MainResult], base: MainResult, item: dict[str, Any]) -> MainResult:
    """``base`` as an instance of its kind's class, with the kind's own fields from ``item``
    (types coerced as msgspec does: "52.5" becomes a float); a value that does not fit is left out."""
    values = msgspec.structs.asdict(base)
    own = {name: item[name] for name in _OWN_FIELDS[cls] if item.get(name) not in (None, "")}
    try:
        return msgspec.convert({**values, **own}, cls, strict=False)
    except msgspec.ValidationError:
        fitting = {}
        for name, value in own.items():
            try:
                msgspec.convert({**values, name: value}, cls, strict=False)
            except msgspec.ValidationError:
                continue
            fitting[name] = value
        return msgspec.convert({**values, **fitting}, cls, strict=False)


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


def _stripped(value: Any) -> str:
    return (value if isinstance(value, str) else _text(value)).strip()


def _link(value: Any) -> str:
    return safe_url(_text(value)) if value else ""  # most results have no picture: nothing to check


# what each optional field of a main result becomes (``_main``); other keys are ignored
_FIELDS: dict[str, Callable[[Any], Any]] = {
    "title": _stripped, "content": _stripped, "category": _text, "template": _text, "publishedDate": _date,
    "thumbnail": _link, "img_src": _link, "thumbnail_src": _link, "iframe_src": _link, "audio_src": _link,
    "resolution": _stripped, "img_format": _stripped, "filesize": _stripped, "source": _stripped,
    "length": _length, "author": _stripped, "views": _stripped, "metadata": _stripped,
}
