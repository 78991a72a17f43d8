"""SearXNG's settings keys that load here with no effect, and the start-up line that names them.

Every key of SearXNG's settings.yml is typed in ``searx.settings`` (a wrong type
stops start-up naming it); ``NO_EFFECT`` lists the ones this project accepts and
does not use, with the reason (docs/admin/settings.md has the same list).
``ignored_keys`` names those an operator's file sets, plus keys of SearXNG's
sections and top-level sections that nothing here knows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from searx.errors import SettingsError

# SearXNG's favicon resolvers (searx.proxy.favicons has their URLs)
FAVICON_RESOLVERS = ("allesedv", "duckduckgo", "google", "kagi", "yandex")

_COOLDOWN = "engine health has its own cooldowns (docs/admin/engines.md)"

NO_EFFECT: Mapping[str, str] = {
    "general.enable_metrics": "engine figures are always kept (cooldowns need them)",
    "brand.new_issue_url": "no pre-filled bug report form for engines",
    "brand.pwa_colors": "no installable web app manifest",
    "search.languages": "the preferences offer one list of search languages (any code is accepted)",
    "search.ban_time_on_fail": _COOLDOWN,
    "search.max_ban_time_on_fail": _COOLDOWN,
    "search.suspended_times": _COOLDOWN,
    "server.http_protocol_version": "granian speaks HTTP/1.1",
    "ui.static_path": "the theme's files are built in",
    "ui.templates_path": "the templates are built in",
    "ui.default_theme": "one theme (simple)",
    "ui.cache_url": "results have no cached-page link",
    "ui.search_on_category_select": "category tabs are links that search at once",
    "outgoing.max_request_timeout": "a search waits for the largest engine timeout",
    "outgoing.pool_maxsize": "idle connections are kept within outgoing.pool_connections",
    "outgoing.enable_http2": "engines are asked over HTTP/1.1",
    "outgoing.max_redirects": "engines' redirects are not followed (generic engines: allow_redirects)",
    "outgoing.retries": "a failed engine request is not repeated",
    "outgoing.extra_proxy_timeout": "engine timeouts are the same with a proxy",
    "outgoing.networks": "one engine network serves every engine",
}

_CHOICES = (("server.method", ("GET", "POST")), ("server.http_protocol_version", ("1.0", "1.1")),
            ("ui.hotkeys", ("default", "vim")), ("ui.url_formatting", ("pretty", "full", "host")),
            ("ui.theme_args.simple_style", ("auto", "light", "dark", "black")),
            ("search.favicon_resolver", ("", *FAVICON_RESOLVERS)))


def _get(obj: Any, path: str) -> Any:
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


def check_choices(settings: Any) -> None:
    """SearXNG's keys that take one of a few values (SearXNG refuses others too); raises SettingsError."""
    for key, choices in _CHOICES:
        value = _get(settings, key)
        if (value.upper() if key == "server.method" else value) not in choices:
            raise SettingsError(f"{key}: must be one of {', '.join(choices)}")
    if settings.doi_resolvers and settings.default_doi_resolver not in settings.doi_resolvers:
        raise SettingsError(f"default_doi_resolver: {settings.default_doi_resolver!r} is not a key of doi_resolvers")


def _normal(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_normal(v) for v in value)
    if isinstance(value, dict):
        return {k: _normal(v) for k, v in value.items()}
    return value


def _unknown(data: Mapping[str, Any], struct: type, prefix: str, searxng: type) -> list[str]:
    """Keys of ``data`` that ``struct`` (one of SearXNG's sections) does not declare, nested ones too."""
    fields = {f.name: f.type for f in msgspec.structs.fields(struct)}
    found = []
    for key, value in data.items():
        if key not in fields:
            found.append(f"{prefix}{key}")
        elif isinstance(value, dict) and isinstance(fields[key], type) and issubclass(fields[key], searxng):
            found.extend(_unknown(value, fields[key], f"{prefix}{key}.", searxng))
    return found


def ignored_keys(user: Mapping[str, Any], settings_cls: type, searxng: type) -> tuple[str, ...]:
    """The keys of an operator's file that do nothing here: a ``NO_EFFECT`` key set to a value
    other than this project's default, an unknown key of a SearXNG section, an unknown section."""
    defaults = settings_cls()
    found = []
    for path in NO_EFFECT:
        section: Any = user
        for part in path.split("."):
            section = section.get(part) if isinstance(section, dict) else None
        if section is not None and _normal(section) != _normal(msgspec.to_builtins(_get(defaults, path))):
            found.append(path)
    fields = {f.name: f.type for f in msgspec.structs.fields(settings_cls)}
    for key, value in user.items():
        if key == "use_default_settings":
            continue
        if key not in fields:
            found.append(f"{key} (unknown section)")
        elif isinstance(value, dict) and isinstance(fields[key], type) and issubclass(fields[key], searxng):
            found.extend(f"{k} (unknown key)" for k in _unknown(value, fields[key], f"{key}.", searxng))
    return tuple(found)
