"""Load, merge and validate settings.yml into frozen settings objects.

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
from typing import Any, Literal, TypeVar, get_args

import msgspec

from searx import environ
from searx.errors import SettingsError
from searx.settings_compat import check_choices, ignored_keys
from searx.settings_merge import deep_update as _deep_update
from searx.settings_merge import merge
from searx.settings_merge import read_yaml as _read_yaml

log = logging.getLogger("searx.settings")

T = TypeVar("T")

DEFAULT_PATH = Path(__file__).with_name("settings.yml")
DEFAULT_SECRET = "ultrasecretkey"
# fields of Settings the loader sets (not keys of settings.yml)
LOADER_FIELDS = ("source", "ignored")
MIN_SECRET_LENGTH = 32


# when the results page asks for the AI summary (docs/admin/settings.md, ai_summary.default_mode)
SummaryMode = Literal["always", "questions", "click", "never"]
SUMMARY_MODES: tuple[str, ...] = get_args(SummaryMode)
# where a summary's related questions come from (ai_summary.related)
RelatedSource = Literal["engines", "llm", "both", "off"]
# how the summary ranks the passages of the pages it read (docs/admin/ai_summary.md, ai_summary.passage_ranking)
PassageRanking = Literal["bm25", "hybrid"]

class _S(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of every section of this project's own: frozen, keyword-only, and an
    unknown key (a typo such as ``ai_summary.base_ulr``) stops start-up naming it.
    New sections derive from it (docs/dev/settings.md)."""


class _SearXNG(_S, frozen=True, forbid_unknown_fields=False):
    """Base of SearXNG's sections: keys SearXNG knows and this project does not use are accepted."""


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
    # the local addresses requests leave from, in turn (searx.network.client.source_addresses)
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


class AISummary(_S, frozen=True):
    base_url: str = ""
    api_key: str = ""
    model: str = ""
    models: tuple[str, ...] = ()
    grounding: bool = True
    max_sources: int = 5
    connect_timeout: float = 5.0
    first_token_timeout: float = 60.0
    idle_timeout: float = 30.0
    total_timeout: float = 180.0
    max_tokens: int = 512
    temperature: float = 0.2
    max_concurrent: int = 2
    queue_timeout: float = 2.0
    cache_ttl: int = 86400
    signature_ttl: int = 3600
    allow_user_server: bool = False
    user_max_concurrent: int = 4
    max_streams_per_client: int = 2
    default_mode: SummaryMode = "always"
    lock_mode: bool = False
    read_pages: int = 3
    read_timeout: float = 4.0
    evidence_budget: int = 12_000
    # follow-up turns (docs/admin/ai_summary.md): 1 = no follow-ups
    max_turns: int = 5
    history_budget: int = 3000
    quick_timeout: float = 4.0
    related: RelatedSource = "engines"
    # None: on for a private instance, off when server.public_instance is true
    share: bool | None = None
    share_ttl: int = 7 * 86400
    passage_ranking: PassageRanking = "bm25"


class Fetch(_S, frozen=True):
    # None: on for a private instance, off when server.public_instance is true
    enabled: bool | None = None
    ports: tuple[int, ...] = (80, 443)
    # dangerous: lets users make the server read the LAN (loopback and own addresses stay refused)
    allow_private: bool = False
    cache_ttl: int = 900
    # bytes of cached documents in this process (the memory store; Valkey's own maxmemory bounds them there)
    cache_bytes: int = 64 * 1024 * 1024
    timeout: float = 15.0
    max_redirects: int = 5
    max_html_bytes: int = 2 * 1024 * 1024
    max_pdf_bytes: int = 10 * 1024 * 1024
    per_origin: int = 2
    # reads in flight in one process (None: a quarter of server.threads; at most half), and for one client;
    # past them a read is refused at once, never queued
    max_concurrent: int | None = None
    max_per_client: int = 4
    # the longest cooldown one Retry-After may put a site in (seconds)
    max_retry_after: float = 600.0
    extract_workers: int = 2
    extract_timeout: float = 5.0
    extract_memory_mb: int = 1024


class Valkey(_SearXNG, frozen=True):
    """SearXNG's ``valkey:`` section; its ``url`` is used as ``store.url`` when that is unset."""

    url: str | bool = False


class StoreSettings(_S, frozen=True):
    """Where shared state lives (``searx.store.open_store``)."""

    url: str = ""
    prefix: str = "searx:"
    timeout: float = 0.25
    backoff: float = 5.0
    max_keys: int = 100_000
    # the memory store's values, keys and bytes together (and the fallback's while Valkey is away)
    max_bytes: int = 256 * 1024 * 1024


class LimitSettings(_S, frozen=True):
    """One route's budget per client; unset keys keep the defaults of ``searx.limiter.Rules``."""

    limit: int | None = None
    window: float | None = None


class CapSettings(_S, frozen=True):
    limit: int | None = None
    ttl: float | None = None


class LimiterSettings(_S, frozen=True):
    """``limiter:``: one field per route the web app limits (docs/admin/limiter.md)."""

    search: LimitSettings = LimitSettings()
    autocompleter: LimitSettings = LimitSettings()
    ai_summary: LimitSettings = LimitSettings()
    fetch: LimitSettings = LimitSettings()
    image_proxy: LimitSettings = LimitSettings()
    ai_summary_global: CapSettings = CapSettings()


class MCP(_S, frozen=True):
    """The /mcp endpoint and ``python -m searx.mcp`` (docs/admin/mcp.md)."""

    # None: on for a private instance, off when server.public_instance is true
    enabled: bool | None = None
    # bearer tokens; once one is set every /mcp request needs one (required when public)
    tokens: tuple[str, ...] = ()
    # tool calls that reach the engines, per window: per client and for everyone (0 = no limit)
    client_limit: int = 20
    total_limit: int = 60
    window: float = 60.0
    # sessions opened (initialize) and ended (DELETE) per client per window (0 = no limit)
    session_limit: int = 10

class CollectionsEmbeddings(_S, frozen=True):
    # auto: http when base_url is set, else the local model when installed, else none (keywords only)
    backend: str = "auto"
    base_url: str = ""
    api_key: str = ""
    model: str = ""
    timeout: float = 30.0
    batch_size: int = 16
    model_path: str = ""
    tokenizer_path: str = ""
    threads: int = 1


class Collections(_S, frozen=True):
    enabled: bool = True
    data_dir: str = ""
    tokens: tuple[str, ...] = ()
    max_upload_bytes: int = 64 * 1024 * 1024
    max_chunk_size: int = 800
    chunk_overlap: int = 100
    fusion: str = "convex"
    keyword_weight: float = 1.0
    semantic_weight: float = 1.0
    convex_alpha: float = 0.5
    min_update_interval: int = 5
    embeddings: CollectionsEmbeddings = CollectionsEmbeddings()


class MapSettings(_S, frozen=True):
    """The map of the map tab: where its tiles come from (docs/admin/settings.md, ``map:``)."""

    # {z}/{x}/{y}: a tile server's URL template (OpenStreetMap's own by default; mind its usage policy)
    tile_url: str = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
    max_zoom: int = 19
    attribution: str = "© OpenStreetMap contributors"
    attribution_url: str = "https://www.openstreetmap.org/copyright"
    # tiles fetched through the instance (image proxy on) are kept this long in the store
    tile_cache_ttl: int = 86400
    max_tile_bytes: int = 512 * 1024


class PluginSetting(_SearXNG, frozen=True):
    active: bool = True


class Hostnames(_SearXNG, frozen=True):
    """SearXNG's ``hostnames:`` rules: each inline or the name of a YAML file next to settings.yml."""

    replace: dict[str, str] | str = {}
    remove: tuple[str, ...] | str = ()
    high_priority: tuple[str, ...] | str = ()
    low_priority: tuple[str, ...] | str = ()


class TorCheck(_S, frozen=True):
    """Where the tor_check plugin reads the Tor exit-node list, and for how long it keeps it."""

    exit_list_url: str = "https://check.torproject.org/exit-addresses"
    cache_ttl: int = 3600
    timeout: float = 5.0


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
