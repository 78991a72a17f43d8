"""Load, merge and validate settings.yml into frozen settings objects (SearXNG's sections are here, this
project's own in ``searx/settings_sections.py``).

The defaults live in ``searx/settings.yml``; an operator's file is named by
``SEARX_SETTINGS_PATH`` (or SearXNG's ``SEARXNG_SETTINGS_PATH``), and a few
environment variables override it (``searx/environ.py``). As in SearXNG, ``use_default_settings: true`` merges
the operator's file over the defaults (``engines: {keep_only, remove}`` filter
the default engines). Validation errors name the key path.
"""

from __future__ import annotations

import copy
import difflib
import logging
import os
import re
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from searx import environ
from searx.errors import SettingsError
from searx.settings_compat import check_choices, ignored_keys
from searx.settings_merge import deep_update as _deep_update
from searx.settings_merge import merge
from searx.settings_merge import read_yaml as _read_yaml
from searx.settings_sections import (
    _S,
    MCP,
    AISummary,
    Collections,
    Fetch,
    LimiterSettings,
    MapSettings,
    StoreSettings,
    TorCheck,
    _SearXNG,
)

log = logging.getLogger("searx.settings")

T = TypeVar("T")

DEFAULT_PATH = Path(__file__).with_name("settings.yml")
DEFAULT_SECRET = "ultrasecretkey"
# fields of Settings the loader sets (not keys of settings.yml)
LOADER_FIELDS = ("source", "ignored")
MIN_SECRET_LENGTH = 32


class General(_SearXNG, frozen=True):
    debug: bool = False
    instance_name: str = "searx-ai"
    # footer links when set (SearXNG's keys; donation_url: true names a page of SearXNG's own, no link here)
    contact_url: str | bool | None = False
    privacypolicy_url: str | bool | None = False
    donation_url: str | bool = False
    enable_metrics: bool = True
    # token for the admin-only engine test endpoint; empty = endpoint answers 404
    admin_token: str = ""
    # SearXNG's: the password of /metrics (HTTP basic auth, any user name); empty = /metrics answers 404
    open_metrics: str | bool = ""


class Search(_SearXNG, frozen=True):
    safe_search: int = 0
    # suggestions as you type: a backend of searx.autocomplete ("" = off), asked from the server
    autocomplete: str = ""
    # characters of the query before the backend is asked (bang suggestions start at "!")
    autocomplete_min: int = 4
    # seconds a backend may take, and how long its answers are kept in the store
    autocomplete_timeout: float = 1.0
    autocomplete_cache_ttl: int = 600
    # SearXNG's keys that have no effect here (docs/admin/settings.md says why)
    favicon_resolver: str = ""
    languages: tuple[str, ...] = ()
    ban_time_on_fail: float = 5
    max_ban_time_on_fail: float = 120
    suspended_times: dict[str, float] = {}
    default_lang: str = "auto"
    formats: tuple[str, ...] = ("html", "json")
    max_page: int = 0
    # the search cache (seconds; 0 switches it off)
    cache_ttl: int = 300


class Server(_SearXNG, frozen=True):
    port: int = 8888
    bind_address: str = "127.0.0.1"
    base_url: str | bool = False
    secret_key: str = DEFAULT_SECRET
    limiter: bool = False
    public_instance: bool = False
    method: str = "GET"
    image_proxy: bool = False
    http_protocol_version: str = "1.0"
    workers: int = 1
    threads: int = 32
    default_http_headers: dict[str, str] = {}
    trusted_proxies: tuple[str, ...] = ()
    # Host names the instance answers to besides base_url's host and loopback names
    trusted_hosts: tuple[str, ...] = ()


class ThemeArgs(_SearXNG, frozen=True):
    simple_style: str = "auto"


class UI(_SearXNG, frozen=True):
    default_theme: str = "simple"
    default_locale: str = ""
    results_on_new_tab: bool = False
    query_in_title: bool = False
    center_alignment: bool = False
    # SearXNG's keys that have no effect here
    static_path: str = ""
    templates_path: str = ""
    cache_url: str = "https://web.archive.org/web/"
    theme_args: ThemeArgs = ThemeArgs()
    search_on_category_select: bool = True
    hotkeys: str = "default"
    url_formatting: str = "pretty"
    # hosts whose video players the videos tab may embed, after a click (none on page load)
    video_embed_hosts: tuple[str, ...] = ("www.youtube-nocookie.com", "www.dailymotion.com", "geo.dailymotion.com",
                                          "player.vimeo.com")
    # hosts whose music players the music tab may embed, likewise (SearXNG's music engines' players)
    audio_embed_hosts: tuple[str, ...] = ("w.soundcloud.com", "www.mixcloud.com", "bandcamp.com", "genius.com")


class Preferences(_SearXNG, frozen=True):
    lock: tuple[str, ...] = ()


class Outgoing(_SearXNG, frozen=True):
    request_timeout: float = 3.0
    max_request_timeout: float | None = None
    useragent_suffix: str = ""
    pool_connections: int = 100
    pool_maxsize: int = 20
    keepalive_expiry: float | None = None
    enable_http2: bool = False
    verify: bool | str = True
    proxies: dict[str, Any] | str | None = None
    max_response_bytes: int = 5 * 1024 * 1024
    # the local addresses requests leave from, in turn (searx.network.outgoing.source_addresses)
    source_ips: str | tuple[str, ...] | None = None
    # SearXNG's keys that have no effect here
    max_redirects: int = 30
    retries: int = 0
    using_tor_proxy: bool = False
    extra_proxy_timeout: float = 0
    networks: dict[str, Any] = {}


class BrandCustom(_SearXNG, frozen=True):
    # footer links: title -> URL
    links: dict[str, str] = {}


class Brand(_SearXNG, frozen=True):
    """SearXNG's ``brand:``: footer links (a URL of SearXNG's own project is not shown)."""

    issue_url: str | bool = ""
    docs_url: str | bool = ""
    public_instances: str | bool = ""
    wiki_url: str | bool = ""
    new_issue_url: str | bool = ""
    custom: BrandCustom = BrandCustom()
    pwa_colors: dict[str, str] = {}


class Valkey(_SearXNG, frozen=True):
    """SearXNG's ``valkey:`` section; its ``url`` is used as ``store.url`` when that is unset."""

    url: str | bool = False


class PluginSetting(_SearXNG, frozen=True):
    active: bool = True


class Hostnames(_SearXNG, frozen=True):
    """SearXNG's ``hostnames:`` rules: each inline or the name of a YAML file next to settings.yml."""

    replace: dict[str, str] | str = {}
    remove: tuple[str, ...] | str = ()
    high_priority: tuple[str, ...] | str = ()
    low_priority: tuple[str, ...] | str = ()


class EngineSetting(_SearXNG, frozen=True):
    """The keys every engine has; engine-specific keys stay in the raw mapping."""

    name: str
    # empty: a reference by name to a default engine this instance does not ship (skipped)
    engine: str = ""
    shortcut: str = ""
    categories: str | tuple[str, ...] | None = None
    timeout: float | None = None
    weight: float = 1.0
    disabled: bool = False
    inactive: bool = False
    enable_http: bool = False
    paging: bool | None = None
    time_range_support: bool | None = None
    safesearch: bool | None = None
    language_support: bool | None = None
    about: dict[str, Any] = {}


class Settings(_SearXNG, frozen=True):
    general: General = General()
    brand: Brand = Brand()
    search: Search = Search()
    server: Server = Server()
    ui: UI = UI()
    preferences: Preferences = Preferences()
    outgoing: Outgoing = Outgoing()
    ai_summary: AISummary = AISummary()
    mcp: MCP = MCP()

    collections: Collections = Collections()
    fetch: Fetch = Fetch()
    map: MapSettings = MapSettings()
    plugins: dict[str, PluginSetting] = {}
    # SearXNG's old form: the display names of the plugins on by default ('Hash plugin')
    enabled_plugins: tuple[str, ...] | None = None
    # the open-access resolvers of DOI links (the oa_doi_rewrite plugin): name -> URL prefix
    doi_resolvers: dict[str, str] = msgspec.field(
        default_factory=lambda: {"oadoi.org": "https://oadoi.org/", "doi.org": "https://doi.org/"})
    default_doi_resolver: str = "oadoi.org"
    hostnames: Hostnames | None = None
    tor_check: TorCheck = TorCheck()
    categories_as_tabs: dict[str, Any] = {}
    # the !! bangs beyond (or instead of) the shipped table: name -> search URL with {query}; null removes one
    bangs: dict[str, Any] = {}
    engines: tuple[dict[str, Any], ...] = ()
    store: StoreSettings = StoreSettings()
    valkey: Valkey = Valkey()
    redis: Valkey = Valkey()  # SearXNG's former name of valkey:
    limiter: LimiterSettings = LimiterSettings()
    # where the settings came from, for messages
    source: str = ""
    # keys of the operator's file that do nothing here (searx.settings_compat), logged at start-up
    ignored: tuple[str, ...] = ()


def _error_at(exc: msgspec.ValidationError) -> tuple[str, str]:
    """(key path, message) of a msgspec error: "... - at `$.server.port`" gives server.port."""
    text = str(exc)
    unknown = re.match(r"Object contains unknown field `([^`]*)`(?: - at `\$\.?([^`]*)`)?$", text)
    if unknown:
        path = unknown.group(2) or ""
        return (f"{path}.{unknown.group(1)}" if path else unknown.group(1)), "unknown key (a typo?)"
    if " - at `$" in text:
        message, _, path = text.partition(" - at `$")
        return path.rstrip("`").lstrip("."), message
    return "", text


def _path_message(exc: msgspec.ValidationError) -> str:
    path, message = _error_at(exc)
    return f"{path}: {message}" if path else message


def section(cls: type[T], name: str, data: Any) -> T:
    """One section from a mapping, checked as at start-up (errors name ``name.key``)."""
    try:
        return msgspec.convert(data, cls, strict=False)
    except msgspec.ValidationError as exc:
        path, message = _error_at(exc)
        raise SettingsError(f"{name}.{path}: {message}" if path else f"{name}: {message}") from exc


def printable_ascii(text: str) -> bool:
    """Only printable ASCII (space to tilde): safe in an HTTP header such as an API key's."""
    return all(" " <= ch <= "~" for ch in text)


def _valkey_to_store(body: dict[str, Any]) -> None:
    """SearXNG's ``valkey.url`` (or its former ``redis.url``) names the shared store unless ``store.url`` does."""
    urls = [section.get("url") for section in (body.get("valkey"), body.get("redis")) if isinstance(section, dict)]
    url = next((u for u in urls if u and isinstance(u, str)), None)
    if url is None:
        return
    store = body.get("store")
    if store is None:
        store = body["store"] = {}
    if isinstance(store, dict) and not store.get("url"):
        body["store"] = {**store, "url": url}


def own_sections() -> list[str]:
    """The top-level sections of this project's own (their structs refuse unknown keys)."""
    return [f.name for f in msgspec.structs.fields(Settings)
            if isinstance(f.type, type) and issubclass(f.type, _S) and not issubclass(f.type, _SearXNG)]


def _check_sections(data: dict[str, Any]) -> None:
    """Other top-level keys are accepted (SearXNG has many this project does not use),
    except a near miss of one of this project's sections: ``ai_sumary`` is a typo."""
    own = own_sections()
    for key in data:
        if key in Settings.__struct_fields__:
            continue
        close = difflib.get_close_matches(str(key), own, n=1, cutoff=0.8)
        if close:
            raise SettingsError(f"{key}: unknown section (did you mean {close[0]}?)")


def validate(data: dict[str, Any], source: str = "", ignored: tuple[str, ...] = ()) -> Settings:
    """Check types and engine entries; raise SettingsError naming the key path."""
    engines = data.get("engines") or []
    if not isinstance(engines, list):
        raise SettingsError("engines: expected a list")
    names: dict[str, int] = {}
    shortcuts: dict[str, int] = {}
    for i, entry in enumerate(engines):
        if not isinstance(entry, dict):
            raise SettingsError(f"engines[{i}]: expected a mapping")
        try:
            engine = msgspec.convert(entry, EngineSetting, strict=False)
        except msgspec.ValidationError as exc:
            raise SettingsError(f"engines[{i}].{_path_message(exc)}") from exc
        if engine.name in names:
            raise SettingsError(f"engines[{i}].name: duplicate engine name {engine.name!r} (also engines[{names[engine.name]}])")
        names[engine.name] = i
        if engine.shortcut:
            if engine.shortcut in shortcuts:
                raise SettingsError(
                    f"engines[{i}].shortcut: duplicate shortcut {engine.shortcut!r} "
                    f"(also engines[{shortcuts[engine.shortcut]}])"
                )
            shortcuts[engine.shortcut] = i
    _check_sections(data)
    body = {k: v for k, v in data.items() if k in Settings.__struct_fields__ and v is not None}
    _valkey_to_store(body)
    body["engines"] = engines
    body["source"] = source
    body["ignored"] = ignored
    try:
        settings = msgspec.convert(body, Settings, strict=False)
    except msgspec.ValidationError as exc:
        raise SettingsError(_path_message(exc)) from exc
    if not 0 <= settings.search.safe_search <= 2:
        raise SettingsError("search.safe_search: must be 0, 1 or 2")
    _check_autocomplete(settings.search)
    _check_mcp(settings)
    if not printable_ascii(settings.ai_summary.api_key):
        # never echo the value: it is a secret
        raise SettingsError("ai_summary.api_key: only printable ASCII characters are allowed "
                            "(no line breaks, control or non-ASCII characters)")
    if not 0 <= settings.ai_summary.read_pages <= 10:
        raise SettingsError("ai_summary.read_pages: must be between 0 and 10")
    if not 1 <= settings.ai_summary.max_turns <= 20:
        raise SettingsError("ai_summary.max_turns: must be between 1 (no follow-ups) and 20")
    for key in ("conversation_bytes", "share_bytes"):
        if getattr(settings.ai_summary, key) < 1024 * 1024:
            raise SettingsError(f"ai_summary.{key}: must be at least 1048576 (1 MiB)")
    if settings.ai_summary.shares_per_client < 0:
        raise SettingsError("ai_summary.shares_per_client: must be 0 (no cap) or more")
    unknown_formats = set(settings.search.formats) - {"html", "json", "csv", "rss"}
    if unknown_formats:
        raise SettingsError(f"search.formats: unknown format {sorted(unknown_formats)[0]!r}")
    _check_collections(settings.collections)
    check_choices(settings)
    return settings


def share_enabled(settings: Settings) -> bool:
    """Whether summaries can be shared: ``ai_summary.share``, else on unless the instance is public."""
    if settings.ai_summary.share is None:
        return not settings.server.public_instance
    return settings.ai_summary.share


def mcp_enabled(settings: Settings) -> bool:
    """Whether /mcp is served: ``mcp.enabled``, else on unless the instance is public."""
    if settings.mcp.enabled is None:
        return not settings.server.public_instance
    return settings.mcp.enabled


def _check_mcp(settings: Settings) -> None:
    m = settings.mcp
    if mcp_enabled(settings) and settings.server.public_instance and not m.tokens:
        raise SettingsError("mcp.tokens: required when server.public_instance is true (or set mcp.enabled: false)")
    for i, token in enumerate(m.tokens):
        if len(token) < 16 or " " in token or not printable_ascii(token):
            # never echo the value: it is a secret
            raise SettingsError(f"mcp.tokens[{i}]: a token must be at least 16 printable ASCII characters, no spaces")
    for key in ("client_limit", "total_limit", "session_limit"):
        if getattr(m, key) < 0:
            raise SettingsError(f"mcp.{key}: must be 0 (no limit) or more")
    if m.window <= 0:
        raise SettingsError("mcp.window: must be above 0")

def _check_autocomplete(search: Search) -> None:
    # the backend's name is checked with the backends (searx.autocomplete.check_settings)
    if search.autocomplete_min < 0:
        raise SettingsError("search.autocomplete_min: must be 0 or more")
    if not 0 < search.autocomplete_timeout <= 10:
        raise SettingsError("search.autocomplete_timeout: must be above 0 and at most 10 seconds")
    if search.autocomplete_cache_ttl < 0:
        raise SettingsError("search.autocomplete_cache_ttl: must be 0 (no cache) or more")


def _check_collections(conf: Collections) -> None:
    if conf.fusion not in ("rrf", "convex"):
        raise SettingsError("collections.fusion: must be rrf or convex")
    if conf.embeddings.backend not in ("auto", "local", "http", "none"):
        raise SettingsError("collections.embeddings.backend: must be auto, local, http or none")
    if conf.embeddings.backend == "http" and not conf.embeddings.base_url:
        raise SettingsError("collections.embeddings.base_url: required when backend is http")
    if not 100 <= conf.max_chunk_size <= 8000 or not 0 <= conf.chunk_overlap <= conf.max_chunk_size // 2:
        raise SettingsError("collections.max_chunk_size: 100 to 8000, chunk_overlap at most half of it")
    if conf.max_upload_bytes < 1 or conf.embeddings.batch_size < 1 or not 0 <= conf.convex_alpha <= 1:
        raise SettingsError("collections: max_upload_bytes and embeddings.batch_size must be positive, "
                            "convex_alpha between 0 and 1")
    if any(len(token) < 16 for token in conf.tokens):
        raise SettingsError("collections.tokens: each token needs at least 16 characters")


def load(path: str | os.PathLike[str] | None = None, *, overrides: dict[str, Any] | None = None) -> Settings:
    """Read the defaults and the user file (``path``, else ``SEARX_SETTINGS_PATH`` or
    ``SEARXNG_SETTINGS_PATH``); the environment variables of ``searx.environ`` win over both."""
    defaults = _read_yaml(DEFAULT_PATH)
    path = path or environ.settings_path(os.environ)
    user = _read_yaml(Path(path)) if path else None
    data = environ.apply(merge(defaults, user), os.environ)
    if overrides:
        _deep_update(data, copy.deepcopy(overrides))
    ignored = ignored_keys(user, Settings, _SearXNG) if user else ()
    return validate(data, source=str(path or DEFAULT_PATH), ignored=ignored)


def check_secret(settings: Settings) -> None:
    """The secret key must be replaced and at least 32 characters long (debug mode too)."""
    key = settings.server.secret_key
    if key == DEFAULT_SECRET or len(key) < MIN_SECRET_LENGTH:
        raise SettingsError(
            f"server.secret_key: set a random secret of at least {MIN_SECRET_LENGTH} characters "
            "(in the settings or in SEARX_SECRET_KEY / SEARXNG_SECRET), e.g. the output of "
            "python3 -c 'import secrets; print(secrets.token_hex(32))'"
        )
