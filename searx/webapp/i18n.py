"""Translations for templates (Babel catalogs in searx/translations/)."""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations
from flask import Flask, g, request

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"


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


def pick_locale(preferred: str) -> str:
    known = available()
    if preferred in known:
        return preferred
    best = request.accept_languages.best_match(list(known)) if request else None
    return best or "en"


def gettext(message: str, **values: object) -> str:
    text = getattr(g, "translations", NullTranslations()).gettext(message)
    return text % values if values else text


def ngettext(singular: str, plural: str, n: int, **values: object) -> str:
    text = getattr(g, "translations", NullTranslations()).ngettext(singular, plural, n)
    return text % {"num": n, **values}


def install(app: Flask) -> None:
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
    app.jinja_env.globals["_"] = gettext

    @app.before_request
    def _locale() -> None:
        g.locale = pick_locale(request.cookies.get("locale", ""))
        g.translations = translations(g.locale)
