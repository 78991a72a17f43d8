"""Translations for templates (Babel catalogs in searx/translations/) and the choice of language."""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import NumberPattern
from babel.numbers import format_percent as format_percent_babel
from babel.support import NullTranslations, Translations
from flask import Flask, Response, g, request

from searx.webapp.context import preferences

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"


# Chinese written in Traditional script: the Simplified catalog (zh_CN) is not offered for these.
_TRADITIONAL_CHINESE = {"hant", "tw", "hk", "mo"}


@lru_cache(maxsize=1)
def available() -> tuple[str, ...]:
    """The interface languages: English and every catalog shipped (read once, not per request)."""
    if not TRANSLATIONS.is_dir():
        return ("en",)
    return ("en", *sorted(p.name for p in TRANSLATIONS.iterdir() if (p / "LC_MESSAGES").is_dir()))


@lru_cache(maxsize=32)
def translations(locale: str) -> NullTranslations:
    """The catalog of ``locale``, compiled from its .po file once per process (no build step)."""
    po = TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po"
    if locale == "en" or not po.is_file():
        return NullTranslations()
    with po.open("rb") as fh:
        catalog = read_po(fh, locale=locale)
    mo = io.BytesIO()
    write_mo(mo, catalog)
    mo.seek(0)
    return Translations(fp=mo, domain="messages")


def bcp47(locale: str) -> str:
    """The tag for ``<html lang>`` and Intl APIs: ``pt_BR`` -> ``pt-BR``."""
    return locale.replace("_", "-")


@lru_cache(maxsize=64)
def text_direction(locale: str) -> str:
    """``rtl`` for Arabic and other right-to-left scripts, else ``ltr``."""
    try:
        return Locale.parse(locale).text_direction
    except (ValueError, UnknownLocaleError):
        return "ltr"


@lru_cache(maxsize=64)
def native_name(locale: str) -> str:
    """The language named in itself ("Deutsch", "Português (Brasil)"), for the preferences page."""
    try:
        name = Locale.parse(locale).get_display_name(locale) or locale
    except (ValueError, UnknownLocaleError):
        return locale
    return name[:1].upper() + name[1:]


def _tags(tag: str) -> list[str]:
    return [part for part in tag.strip().lower().replace("_", "-").split("-") if part]


def match(accepted: list[tuple[str, float]], known: tuple[str, ...]) -> str | None:
    """The first known locale for the accepted languages, in order of quality.

    A language matches its exact locale first (``pt-BR`` -> ``pt_BR``), then any locale of the
    same primary language (``pt-PT`` and ``pt`` -> ``pt_BR``, ``de-AT`` -> ``de``), before a
    less preferred language is tried. Traditional Chinese (``zh-TW``, ``zh-Hant``) is not
    answered with Simplified Chinese.
    """
    by_tags = {tuple(_tags(code)): code for code in known}
    for value, quality in sorted(accepted, key=lambda item: -item[1]):
        tags = _tags(value)
        if quality <= 0 or not tags:
            continue
        if tuple(tags) in by_tags:
            return by_tags[tuple(tags)]
        if tags[0] == "zh" and _TRADITIONAL_CHINESE & set(tags[1:]):
            continue
        same_language = [code for key, code in by_tags.items() if key[0] == tags[0]]
        if same_language:
            return min(same_language, key=len)
    return None


def pick_locale(preferred: str, accepted: list[tuple[str, float]] | None = None) -> str:
    """The preference when it names a catalog, else the best match of ``Accept-Language``, else English."""
    known = available()
    if preferred in known:
        return preferred
    if accepted is None:
        accepted = list(request.accept_languages) if request else []
    return match(accepted, known) or "en"


def gettext(message: str, **values: object) -> str:
    text = _catalog().gettext(message)
    return text % values if values else text


def ngettext(singular: str, plural: str, n: int, **values: object) -> str:
    text = _catalog().ngettext(singular, plural, n)
    return text % {"num": n, **values}


def _catalog() -> NullTranslations:
    return getattr(g, "translations", None) or translations("en")  # English: the one cached empty catalog


@lru_cache(maxsize=64)
def _decimal_format(locale: str) -> tuple[Locale, NumberPattern]:
    """The locale and its decimal pattern, looked up once (``format_decimal`` parses both on every call)."""
    try:
        parsed = Locale.parse(locale)
    except (ValueError, UnknownLocaleError):
        parsed = Locale.parse("en")
    return parsed, parsed.decimal_formats[None]


def format_number(n: object) -> str:
    """A count in the interface language's notation (``1,234`` / ``1.234`` / ``1 234``): Babel's
    ``format_decimal``, with the locale and its pattern looked up once."""
    if not isinstance(n, (int, float)):
        return str(n)
    locale, pattern = _decimal_format(getattr(g, "locale", "en"))
    return str(pattern.apply(n, locale))


def format_percent(n: object) -> str:
    """A whole percentage (``93``) in the interface language's notation (``93%``, ``93 %``)."""
    if not isinstance(n, (int, float)):
        return str(n)
    return format_percent_babel(n / 100, locale=getattr(g, "locale", "en"))


def install(app: Flask) -> None:
    app.jinja_env.add_extension("jinja2.ext.i18n")
    # Templates format the catalog's text themselves (newstyle: variables escaped, %(num)s set).
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        lambda text: _catalog().gettext(text),
        lambda singular, plural, n: _catalog().ngettext(singular, plural, n),
        newstyle=True,
    )
    app.jinja_env.globals["_"] = gettext
    app.jinja_env.filters["format_number"] = format_number
    app.jinja_env.filters["format_percent"] = format_percent

    @app.before_request
    def _locale() -> None:
        # The preference (cookie, ?locale=, the instance's ui.default_locale), else the browser's languages.
        # Only the query string overrides: the request body is the view's to read (and to refuse).
        prefs = preferences(with_overrides=False)
        if "locale" in request.args:
            prefs = prefs.copy()
            prefs.update({"locale": request.args["locale"]})
        g.locale = pick_locale(str(prefs.get("locale") or ""))
        g.translations = translations(g.locale)

    @app.after_request
    def _language(response: Response) -> Response:
        # A page's language depends on these request headers: shared caches must not mix them.
        if response.mimetype == "text/html":
            response.vary.update(("Accept-Language", "Cookie"))
            response.headers.setdefault("Content-Language", bcp47(getattr(g, "locale", "en")))
        return response
