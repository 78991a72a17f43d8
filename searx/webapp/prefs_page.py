"""What the preferences page lists: search languages, categories in tab order, engines by category.

Pure helpers: the page passes in the engines, the settings' tab order and the
engine health figures (``EngineHealth.stats``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from babel import Locale, UnknownLocaleError
from markupsafe import Markup, escape

from searx.engines import Engine, categories_of
from searx.results.search import BOT_CHECK

# the search languages offered (the preference also takes any code such as "en-AU")
SEARCH_LANGUAGES = (
    "ar", "bg", "ca", "cs", "da", "de", "de-AT", "de-CH", "de-DE", "el", "en", "en-AU", "en-CA", "en-GB", "en-IN",
    "en-US", "es", "es-AR", "es-ES", "es-MX", "et", "fa", "fi", "fr", "fr-BE", "fr-CA", "fr-CH", "fr-FR", "he", "hi",
    "hr", "hu", "id", "it", "ja", "ko", "lt", "lv", "nb", "nl", "nl-BE", "nl-NL", "pl", "pt", "pt-BR", "pt-PT", "ro",
    "ru", "sk", "sl", "sr", "sv", "th", "tr", "uk", "vi", "zh", "zh-CN", "zh-TW",
)  # fmt: skip


@lru_cache(maxsize=64)
def language_names(ui_locale: str) -> tuple[tuple[str, str], ...]:
    """(code, name in the interface language) for every offered search language, sorted by name."""
    try:
        ui = Locale.parse(ui_locale.replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        ui = Locale("en")
    named = []
    for code in SEARCH_LANGUAGES:
        name = Locale.parse(code, sep="-").get_display_name(ui) or code
        named.append((code, name[:1].upper() + name[1:]))
    return tuple(sorted(named, key=lambda pair: pair[1].casefold()))


@lru_cache(maxsize=512)
def language_options(ui_locale: str, selected: str) -> Markup:
    """The ``<option>``s of the search languages for a selector, ``selected`` selected (rendered once
    per interface language and choice: the results page shows them on every search)."""
    return Markup("".join(
        f'<option value="{escape(code)}" lang="{escape(code)}"{" selected" if code == selected else ""}>{escape(name)}</option>'
        for code, name in language_names(ui_locale)))


def category_order(tabs: Iterable[str], engines: Mapping[str, Engine]) -> list[str]:
    """Categories that have an engine, in the tab order first (the results page's), then in engine order."""
    have = categories_of(engines)
    return [c for c in dict.fromkeys([*tabs, *have]) if c in have]


@dataclass(frozen=True)
class EngineRow:
    name: str
    shortcut: str
    on: bool
    state: str  # "ok", "cooling" or "suspended"
    reason: str
    minutes_left: int


def state_of(figures: Mapping[str, Any] | None) -> tuple[str, str, int]:
    """(state, reason, minutes left) from one engine's health figures."""
    cooldown = (figures or {}).get("cooldown") or {}
    if not cooldown.get("active"):
        return "ok", "", 0
    failure = (figures or {}).get("last_failure") or {}
    state = "suspended" if failure.get("outcome") in BOT_CHECK else "cooling"
    left = float(cooldown.get("seconds_left") or 0.0)
    return state, str(cooldown.get("reason") or failure.get("reason") or ""), int((left + 59) // 60)


def engine_groups(order: Sequence[str], engines: Mapping[str, Engine], on: set[str],
                  stats: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, list[EngineRow]]]:  # fmt: skip
    """Engines by category; an engine in several categories is listed once, under its first one."""
    groups = []
    for category in order:
        rows = [EngineRow(name, e.shortcut or "", name in on, *state_of(stats.get(name)))
                for name, e in engines.items() if e.categories and e.categories[0] == category]
        if rows:
            groups.append((category, rows))
    return groups
