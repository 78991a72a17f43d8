"""Render the HTML pages (templates get plain values, not the request)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, g, render_template
from markupsafe import Markup

import searx.webapp.answers as answers
import searx.webapp.client_strings as client_strings
import searx.webapp.footer as footer
import searx.webapp.i18n as i18n
import searx.webapp.image_links as image_links
import searx.webapp.media as media
import searx.webapp.prefs_page as prefs_page
import searx.webapp.search_links as search_links
from searx.autocomplete.backends import LABELS as AUTOCOMPLETE_LABELS
from searx.preferences import Preferences
from searx.results.answers import WeatherAnswer
from searx.results.search import SearchOutcome, no_language
from searx.search.request import enabled_engines
from searx.services import Services
from searx.webapp.context import is_https, preferences, services
from searx.webapp.map_view import map_view
from searx.webapp.origin import absolute
from searx.webapp.security import content_security_policy


def server_timing(outcome: SearchOutcome) -> str:
    parts = [f"{name};dur={value * 1000:.1f}" for name, value in outcome.timings.items()]
    if outcome.cached:
        parts.append('cache;desc="hit"')
    return ", ".join(parts)


def _client_settings(prefs: Preferences) -> dict[str, Any]:
    svc = services()
    mode = svc.settings.ai_summary.mode_for(prefs.get("ai_summary_mode"))
    locale = getattr(g, "locale", "en")
    settings: dict[str, Any] = {"ui_lang": i18n.bcp47(locale), "ai_summary_mode": mode, "hotkeys": prefs.get("hotkeys")}
    if "infinite_scroll" in svc.plugins.plugins:  # the plugin's only effect: the page loads further pages
        on = svc.plugins.active(prefs.csv("enabled_plugins"), prefs.csv("disabled_plugins"))
        settings["infinite_scroll"] = any(p.id == "infinite_scroll" for p in on)
    if prefs.get("autocomplete"):
        # the search box's suggestions (client/src/features/suggest.ts): from this many characters
        settings["autocomplete"] = {"min": svc.settings.search.autocomplete_min}
    if locale != "en":
        settings["translations"] = client_strings.translated(i18n.translations(locale), locale)
    return settings


def install(app: Flask) -> None:
    """Every template gets the common values (also error pages rendered by handlers)."""

    svc: Services = app.extensions["searx"]
    # what the frozen settings and the engines decide, worked out once instead of on every page
    # (query_in_title is the user's preference here, and the home page's categories are the tabs')
    fixed = {"instance_name": svc.settings.general.instance_name, "footer_links": footer.links(svc.settings)}

    @app.context_processor
    def _inject() -> dict[str, Any]:
        return {**fixed, **_common(preferences(with_overrides=False))}

    @app.template_filter("relative_date")
    def _relative_date(value: str | None) -> str:
        return media.relative_date(value, getattr(g, "locale", "en"), svc.clock())

    @app.template_global("weather_view")
    def _weather_view(answer: WeatherAnswer, search_language: str | None) -> answers.WeatherView:
        return answers.weather_view(answer, search_language, getattr(g, "locale", "en"))


def _common(prefs: Preferences) -> dict[str, Any]:
    """The values that depend on the request: its language and the user's preferences."""
    return {
        "locale": i18n.bcp47(getattr(g, "locale", "en")),
        "text_direction": i18n.text_direction(getattr(g, "locale", "en")),
        "method": prefs.get("method"),
        "client_settings": _client_settings(prefs),
        "new_tab": prefs.get("results_on_new_tab") == "1",
        "query_in_title": prefs.get("query_in_title") == "1",
        "style": prefs.get("simple_style"),
        "center_alignment": prefs.get("center_alignment") == "1",
        "hotkeys": prefs.get("hotkeys"),
        "ui_locale": getattr(g, "locale", "en"),
    }


def index(prefs: Preferences) -> Response:
    svc = services()
    tabs = media.tab_categories(svc.settings.categories_as_tabs, svc.engines)
    html = render_template("index.html", page="index", method=prefs.get("method"), home_categories=tabs,
                           chosen_categories=set(prefs.csv("categories")))
    return Response(html, mimetype="text/html")


def leaving(url: str) -> Response:
    """A page that opens ``url`` at once (a refresh) and shows it as a link: how a form of the
    instance's own pages goes on to another site, since the pages' ``form-action 'self'`` stops a
    browser from following a form's redirect there."""
    html = render_template("leaving.html", page="leaving", url=url, host=_host(url))
    return Response(html, mimetype="text/html", headers={"Cache-Control": "no-store"})


def _host(url: str) -> str:
    try:
        return urlsplit(url).hostname or ""
    except ValueError:
        return ""


@lru_cache(maxsize=1024)
def fragment(template: str, locale: str, values: tuple[tuple[str, Any], ...]) -> Markup:
    """A part of the results page that depends only on the interface language and ``values`` (the
    selectors, the shortcuts' list), rendered once: every search shows them."""
    return Markup(render_template(template, **dict(values)))


def _other_language(code: str, names: tuple[tuple[str, str], ...]) -> str:
    """A search language the language list does not name, to be offered besides it; "" when it names one."""
    return "" if no_language(code) or code in dict(names) else code


def _selectors(prefs: Preferences, search: search_links.SearchChoices) -> Markup:
    """The results form's selectors: time range, safe search, language (the user's choice selected)."""
    locale = getattr(g, "locale", "en")
    return fragment("_selectors.html", locale, (
        ("time_range", search.time_range), ("safesearch", search.safesearch), ("language", search.language),
        ("other_language", _other_language(search.language, prefs_page.language_names(locale))), ("safesearch_locked", "safesearch" in prefs.locked),
        ("language_locked", "language" in prefs.locked),
        ("language_options", prefs_page.language_options(locale, search.language))))


def results(outcome: SearchOutcome, prefs: Preferences, values: Mapping[str, str]) -> Response:
    svc = services()
    sq = outcome.query
    rs = outcome.results
    search = search_links.choices(values, prefs, sq)
    summary = next((a for a in rs.answers if a.kind == "ai_summary"), None)
    embed_hosts = media.embed_hosts(svc.settings.ui)
    tabs = media.tabs(svc.settings.categories_as_tabs, svc.engines, enabled_engines(svc.engines, prefs), search)
    places = map_view(svc.settings.map, rs.results, proxied=prefs.get("image_proxy") == "1")
    html = render_template(
        "results.html", page="results", q=search.q, sq=sq, search=search, selectors=_selectors(prefs, search),
        hotkeys_help=fragment("_hotkeys.html", getattr(g, "locale", "en"), (("hotkeys", prefs.get("hotkeys")),)),
        results=rs.results, tabs=tabs, map_view=places,
        **media.media_context(rs.results, embed_hosts),
        answers=[a for a in rs.answers if a.kind != "ai_summary"], summary=summary,
        infoboxes=rs.infoboxes, suggestions=rs.suggestions, corrections=rs.corrections,
        reports=outcome.reports, unresponsive=outcome.unresponsive, all_failed=outcome.all_failed,
        host=_host, number_of_results=rs.number_of_results, share_url=absolute(search.url(sq.pageno)),
        has_next=bool(rs.results),
    )
    response = Response(html, mimetype="text/html")
    response.headers["Server-Timing"] = server_timing(outcome)
    media_tab = bool(sq.categories) and sq.categories[0] in media.MEDIA_TABS
    if media_tab or (places and places.origin):
        # pictures loaded from the result hosts (no image proxy, pictures on), map tiles from the
        # tile server (no image proxy): the policy names them
        direct = media_tab and image_links.mode(prefs) == "direct"
        origins = [*(media.image_origins(rs.results) if direct else ()), *([places.origin] if places and places.origin else [])]
        response.headers["Content-Security-Policy"] = content_security_policy(
            https=is_https(), img_origins=origins,
            frame_origins=media.frame_origins(rs.results, embed_hosts) if media_tab else ())
    return response


def preferences_page(prefs: Preferences, *, saved: bool = False, from_link: bool = False,
                     share_url: str = "") -> Response:  # fmt: skip
    svc = services()
    on = set(enabled_engines(svc.engines, prefs))
    order = prefs_page.category_order(svc.settings.categories_as_tabs or media.DEFAULT_TABS, svc.engines)
    tabs = media.tab_categories(svc.settings.categories_as_tabs, svc.engines)
    stats = svc.health.stats(list(svc.engines))
    enabled = set(prefs.csv("enabled_plugins"))
    disabled = set(prefs.csv("disabled_plugins"))
    plugins = [
        {"id": p.id, "name": p.name or p.id, "description": p.description,
         "on": (p.default_on or p.id in enabled) and p.id not in disabled}
        for p in svc.plugins.plugins.values()
    ]
    locale = getattr(g, "locale", "en")
    language = prefs.get("language")
    languages = prefs_page.language_names(locale)
    html = render_template(
        "preferences.html", page="preferences", prefs=prefs.as_dict(), defs=svc.pref_defs,
        engine_groups=prefs_page.engine_groups(order, svc.engines, on, stats), category_order=tabs,
        chosen_categories=set(prefs.csv("categories")), languages=languages,
        other_language=_other_language(language, languages),
        plugins=plugins, saved=saved, from_link=from_link, share_url=share_url, locked=svc.locked,
        unsupported=svc.unsupported,
        has_user_key=bool(prefs.get("ai_summary_api_key")), locales=[(code, i18n.native_name(code)) for code in i18n.available()],
        allow_user_server=svc.settings.ai_summary.allow_user_server, models=svc.settings.ai_summary.models,
        favicon_resolver=svc.settings.search.favicon_resolver,
        doi_resolvers=list(svc.settings.doi_resolvers) if "oa_doi_rewrite" in svc.plugins.plugins else [],
        autocomplete_backends=list(AUTOCOMPLETE_LABELS.items()),
    )
    return Response(html, mimetype="text/html")
