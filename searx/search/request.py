"""Turn request parameters and preferences into a ``SearchQuery`` (pure).

Bad values raise ``BadRequest`` with a message safe to show; unknown
parameters and unknown engine names are ignored, as SearXNG does.
"""

from __future__ import annotations

import re
from collections.abc import Container, Mapping
from dataclasses import dataclass

from searx.engines import Engine, categories_of
from searx.errors import BadRequest
from searx.preferences import Preferences
from searx.query import ParsedQuery, parse
from searx.results.search import TIME_RANGES, SearchQuery

_LANG = re.compile(r"[a-z]{2,3}(-[A-Za-z]{2})?")
MAX_QUERY = 1000


def _names(value: str) -> list[str]:
    return [v.strip() for v in value.replace(";", ",").split(",") if v.strip()]


def enabled_engines(engines: Mapping[str, Engine], prefs: Preferences) -> list[str]:
    """Engines on for this user: defaults minus disabled plus enabled."""
    off = {n.split("__")[0] for n in prefs.csv("disabled_engines")}
    on = {n.split("__")[0] for n in prefs.csv("enabled_engines")}
    return [n for n, e in engines.items() if (not e.disabled or n in on) and n not in off]


def search_language(value: str) -> str:
    """A search language code checked and normalised (``all``, ``en``, ``en-US``); BadRequest otherwise."""
    if value in ("all", ""):
        return "all"
    if not _LANG.fullmatch(value):
        raise BadRequest(f"unknown language {value!r} (use all, auto, en or en-US)")
    lang, _, region = value.partition("-")
    return f"{lang}-{region.upper()}" if region else lang


def resolve_language(value: str, accept_language: str) -> str:
    """The search language of a preference or parameter: ``auto`` becomes the browser's first language."""
    if value == "auto":
        first = accept_language.split(",")[0].split(";")[0].strip()
        return first if _LANG.fullmatch(first or "") else "all"
    return search_language(value)


def _int(args: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    raw = args.get(name, "")
    if raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise BadRequest(f"{name} must be a whole number") from None
    if not low <= value <= high:
        raise BadRequest(f"{name} must be between {low} and {high}")
    return value


def _timeout(args: Mapping[str, str]) -> float | None:
    """SearXNG's ``timeout_limit`` parameter: seconds the engines may take at most."""
    raw = args.get("timeout_limit", "")
    if raw in ("", "None"):
        return None
    try:
        value = float(raw)
    except ValueError:
        raise BadRequest("timeout_limit must be a number of seconds") from None
    if not 0 < value <= 60:
        raise BadRequest("timeout_limit must be above 0 and at most 60 seconds")
    return value


def parse_query(raw: str, engines: Mapping[str, Engine], site_bangs: Container[str] = (),
                categories: list[str] | None = None) -> ParsedQuery:  # fmt: skip
    """The query's text and its bangs, language and timeout (``searx.query``); BadRequest when too long."""
    if len(raw) > MAX_QUERY:
        raise BadRequest(f"the query is longer than {MAX_QUERY} characters")
    shortcuts = {e.shortcut: n for n, e in engines.items() if e.shortcut}
    return parse(raw, shortcuts, engines.keys(), categories_of(engines) if categories is None else categories,
                 site_bangs)


@dataclass(frozen=True)
class Ask:
    """What a caller asks for besides the query's text; what it leaves empty the user's preferences decide
    (without preferences: the instance's defaults)."""

    engines: tuple[str, ...] = ()  # by name; none: the engines of the categories
    categories: tuple[str, ...] = ()  # those no engine has are dropped; none: the preferences' (else general)
    language: str = ""  # a search language (all, en, en-US) or auto (the browser's first); "": the preferences'
    safesearch: int | None = None  # 0 to 2; None: the preferences'
    time_range: str | None = None  # one of TIME_RANGES
    pageno: int = 1
    timeout: float | None = None  # seconds the engines may take at most


def form_ask(args: Mapping[str, str], engines: Mapping[str, Engine], *, max_page: int = 0) -> Ask:
    """What the web's search parameters ask (``BadRequest`` on a bad value); names of engines this instance
    lacks are dropped, as SearXNG does (and categories, by ``build_query``)."""
    safesearch = args.get("safesearch", "")
    return Ask(
        engines=tuple(n for n in _names(args.get("engines", "")) if n in engines),
        categories=tuple(_names(args.get("categories", "")) + [k[9:] for k, v in args.items()
                                                                if k.startswith("category_") and v == "on"]),
        language=args.get("language", ""),
        safesearch=None if safesearch == "" else _int(args, "safesearch", 0, 0, 2),
        time_range=args.get("time_range", "") or None,
        pageno=_int(args, "pageno", 1, 1, max_page or 1000),
        timeout=_timeout(args),
    )


def build_query(text: str, engines: Mapping[str, Engine], ask: Ask = Ask(), prefs: Preferences | None = None, *,
                syntax: bool = True, accept_language: str = "", site_bangs: Container[str] = ()) -> SearchQuery:
    """The one builder of a ``SearchQuery`` (the web, the MCP tools, the engine check, follow-ups): ``text``
    with what ``ask`` asks, the rest from ``prefs``. ``syntax``: the text's ``!bang``, ``:lang`` and
    ``<timeout`` count (False: the query is searched as written). ``BadRequest`` names what is wrong."""
    if not text.strip():
        raise BadRequest("missing query: give a search term in q")
    all_categories = categories_of(engines)
    parsed = parse_query(text, engines, site_bangs, all_categories) if syntax else ParsedQuery(text)
    if not parsed.text:
        raise BadRequest("missing query: give a search term after the bang")
    if ask.time_range is not None and ask.time_range not in TIME_RANGES:
        raise BadRequest(f"time_range must be one of {', '.join(TIME_RANGES)} or empty")
    if prefs is None:  # the instance's defaults
        usable, preferred = [n for n, e in engines.items() if not e.disabled], []
        language, safesearch = ask.language or "all", ask.safesearch or 0
    else:
        usable, preferred = enabled_engines(engines, prefs), [c for c in prefs.csv("categories") if c in all_categories]
        language = ask.language or prefs.get("language")
        safesearch = int(prefs.get("safesearch") or 0) if ask.safesearch is None else ask.safesearch
    language = parsed.language or resolve_language(language, accept_language)
    chosen = list(parsed.engines or ask.engines)
    categories = list(parsed.categories or [c for c in ask.categories if c in all_categories])
    if not chosen:
        categories = categories or preferred or ["general"]
        chosen = [n for n in usable if set(engines[n].categories) & set(categories)]
    else:
        categories = categories or list(dict.fromkeys(c for n in chosen for c in engines[n].categories[:1]))
    return SearchQuery(
        query=parsed.text, engines=tuple(dict.fromkeys(chosen)), categories=tuple(dict.fromkeys(categories)),
        language=language, safesearch=safesearch, time_range=ask.time_range, pageno=ask.pageno,
        timeout=parsed.timeout or ask.timeout, lucky=parsed.lucky,
    )


def build(args: Mapping[str, str], prefs: Preferences, engines: Mapping[str, Engine], *,
          accept_language: str = "", max_page: int = 0, site_bangs: Container[str] = ()) -> SearchQuery:
    """The search the web's parameters ask for (after bangs, preferences and defaults)."""
    return build_query(args.get("q", ""), engines, form_ask(args, engines, max_page=max_page), prefs,
                       accept_language=accept_language, site_bangs=site_bangs)
