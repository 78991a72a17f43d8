"""Turn request parameters and preferences into a ``SearchQuery`` (pure).

Bad values raise ``BadRequest`` with a message safe to show; unknown
parameters and unknown engine names are ignored, as SearXNG does.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from searx.engines import Engine
from searx.errors import BadRequest
from searx.preferences import Preferences
from searx.query import parse
from searx.results.search import TIME_RANGES, SearchQuery

_LANG = re.compile(r"^[a-z]{2,3}(-[A-Za-z]{2})?$")
MAX_QUERY = 1000


def _names(value: str) -> list[str]:
    return [v.strip() for v in value.replace(";", ",").split(",") if v.strip()]


def categories_of(engines: Mapping[str, Engine]) -> list[str]:
    """Every category some engine belongs to, in first-seen order."""
    return list(dict.fromkeys(c for e in engines.values() for c in e.categories))


def enabled_engines(engines: Mapping[str, Engine], prefs: Preferences) -> list[str]:
    """Engines on for this user: defaults minus disabled plus enabled."""
    off = {n.split("__")[0] for n in prefs.csv("disabled_engines")}
    on = {n.split("__")[0] for n in prefs.csv("enabled_engines")}
    return [n for n, e in engines.items() if (not e.disabled or n in on) and n not in off]


def search_language(value: str) -> str:
    """A search language code checked and normalised (``all``, ``en``, ``en-US``); BadRequest otherwise."""
    if value in ("all", ""):
        return "all"
    if not _LANG.match(value):
        raise BadRequest(f"unknown language {value!r} (use all, auto, en or en-US)")
    lang, _, region = value.partition("-")
    return f"{lang}-{region.upper()}" if region else lang


def _language(value: str, accept_language: str) -> str:
    if value == "auto":
        first = accept_language.split(",")[0].split(";")[0].strip()
        return first if _LANG.match(first or "") else "all"
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


def build(args: Mapping[str, str], prefs: Preferences, engines: Mapping[str, Engine], *,
          accept_language: str = "", max_page: int = 0) -> SearchQuery:
    """The search a request asks for (after bangs, preferences and defaults)."""
    raw = args.get("q", "")
    if not raw.strip():
        raise BadRequest("missing query: give a search term in q")
    if len(raw) > MAX_QUERY:
        raise BadRequest(f"the query is longer than {MAX_QUERY} characters")
    all_categories = categories_of(engines)
    shortcuts = {e.shortcut: n for n, e in engines.items() if e.shortcut}
    parsed = parse(raw, shortcuts, engines.keys(), all_categories)
    if not parsed.text:
        raise BadRequest("missing query: give a search term after the bang")

    pageno = _int(args, "pageno", 1, 1, max_page or 1000)
    safesearch = _int(args, "safesearch", int(prefs.get("safesearch") or 0), 0, 2)
    time_range = args.get("time_range", "") or None
    if time_range is not None and time_range not in TIME_RANGES:
        raise BadRequest(f"time_range must be one of {', '.join(TIME_RANGES)} or empty")
    language = parsed.language or _language(args.get("language") or prefs.get("language"), accept_language)

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
    )
