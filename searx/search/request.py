"""Turn request parameters and preferences into a ``SearchQuery`` (pure).

Bad values raise ``BadRequest`` with a message safe to show; unknown
parameters and unknown engine names are ignored, as SearXNG does.
"""

from __future__ import annotations

import re
from collections.abc import Container, Mapping

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


def build(args: Mapping[str, str], prefs: Preferences, engines: Mapping[str, Engine], *,
          accept_language: str = "", max_page: int = 0, site_bangs: Container[str] = ()) -> SearchQuery:
    """The search a request asks for (after bangs, preferences and defaults)."""
    raw = args.get("q", "")
    if not raw.strip():
        raise BadRequest("missing query: give a search term in q")
    all_categories = categories_of(engines)
    parsed = parse_query(raw, engines, site_bangs, all_categories)
    if not parsed.text:
        raise BadRequest("missing query: give a search term after the bang")

    pageno = _int(args, "pageno", 1, 1, max_page or 1000)
    safesearch = _int(args, "safesearch", int(prefs.get("safesearch") or 0), 0, 2)
    time_range = args.get("time_range", "") or None
    if time_range is not None and time_range not in TIME_RANGES:
        raise BadRequest(f"time_range must be one of {', '.join(TIME_RANGES)} or empty")
    language = parsed.language or resolve_language(args.get("language") or prefs.get("language"), accept_language)

    usable = enabled_engines(engines, prefs)
    chosen: list[str] = list(parsed.engines)
    if not chosen:
        chosen = [n for n in _names(args.get("engines", "")) if n in engines]
    categories = list(parsed.categories)
    if not categories:
        categories = [c for c in _names(args.get("categories", "")) if c in all_categories]
        categories += [k[9:] for k, v in args.items() if k.startswith("category_") and v == "on"
                       and k[9:] in all_categories]
    if not chosen:
        if not categories:
            categories = [c for c in prefs.csv("categories") if c in all_categories] or ["general"]
        chosen = [n for n in usable if set(engines[n].categories) & set(categories)]
    else:
        categories = categories or list(dict.fromkeys(c for n in chosen for c in engines[n].categories[:1]))
    return SearchQuery(
        query=parsed.text, engines=tuple(dict.fromkeys(chosen)), categories=tuple(dict.fromkeys(categories)),
        language=language, safesearch=safesearch, time_range=time_range, pageno=pageno,
        timeout=parsed.timeout or _timeout(args), lucky=parsed.lucky,
    )
