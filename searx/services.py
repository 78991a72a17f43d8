"""The services one app instance runs on, built once from the settings."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from searx import bangs as bang_table
from searx.autocomplete.backends import NAMES as AUTOCOMPLETE_BACKENDS
from searx.autocomplete.backends import check_backend
from searx.autocomplete.completer import Autocompleter
from searx.autocomplete.suggester import Suggester
from searx.bangs import Bangs
from searx.client_address import parse_trusted_proxies
from searx.collections.embed import from_settings
from searx.collections.service import CollectionsService
from searx.engines import Engine, Unsupported, load_engines, log_line, unsupported
from searx.errors import SettingsError
from searx.limiter import Limiter, rules_from_settings
from searx.metrics import Metrics
from searx.network.client import USER_AGENT, EngineNetwork
from searx.network.guard import AddressGuard, instance_guard
from searx.network.outgoing import check_outgoing, tor_proxy
from searx.network.route import Route
from searx.origin import check_base_url, check_trusted_hosts
from searx.plugins import PluginManager, Resources
from searx.plugins.loader import load_plugins, plugin_classes, unknown_plugins
from searx.plugins.searxng import UnknownPlugin
from searx.preferences import Pref, definitions
from searx.proxy.admission import PictureAdmission, limits
from searx.proxy.favicons import MAX_BYTES as FAVICON_BYTES
from searx.proxy.favicons import FaviconFetcher
from searx.proxy.images import ImageFetcher
from searx.proxy.tiles import TileFetcher
from searx.proxy.tiles import check_settings as check_map
from searx.reader.document import PageReader
from searx.reader.service import Reader, check_settings, reader_guard
from searx.search.cache import SearchCache
from searx.search.health import EngineHealth
from searx.search.runner import SearchRunner
from searx.search.tokens import TokenCache
from searx.settings import Settings, check_secret
from searx.store import Store, caches, check_store, open_store
from searx.summary.service import SummaryService
from searx.text.embedder import Embedder
from searx.upstream.challenge import page_error

log = logging.getLogger("searx.webapp")


@dataclass
class Services:
    """Everything the views need; passed down, never a module global."""

    settings: Settings
    engines: dict[str, Engine]
    network: EngineNetwork
    guard: AddressGuard  # the instance's one address guard (the reader opens it to fetch.ports)
    route: Route  # how the page reader and the pictures leave the instance (outgoing.proxies, verify, source_ips)
    plugins: PluginManager
    store: Store
    runner: SearchRunner
    pref_defs: dict[str, Pref]
    health: EngineHealth
    summary: SummaryService
    bangs: Bangs
    autocompleter: Autocompleter
    locked: tuple[str, ...] = ()
    limiter: Limiter | None = None
    reader: Reader | None = None
    metrics: Metrics | None = None
    collections: CollectionsService | None = None
    images: ImageFetcher | None = None  # the image proxy's fetcher
    tiles: TileFetcher | None = None  # the map tiles' fetcher (/map_tile)
    favicons: FaviconFetcher | None = None  # /favicon_proxy's fetcher, when search.favicon_resolver names one
    unsupported: tuple[Unsupported, ...] = ()  # engine entries skipped: this instance cannot run them
    unknown_plugins: tuple[UnknownPlugin, ...] = ()  # plugins the settings name that this instance lacks
    clock: Callable[[], float] = time.time  # the wall clock (seconds since the epoch): what the pages date by

    def close(self) -> None:
        self.network.close()
        self.summary.close()
        if self.collections is not None:
            self.collections.close()
        if self.reader is not None:
            self.reader.close()


def locked_preferences(settings: Settings) -> tuple[str, ...]:
    """Preferences users cannot change: ``preferences.lock``, plus the summary mode when locked."""
    extra = ("ai_summary_mode",) if settings.ai_summary.lock_mode else ()
    return tuple(dict.fromkeys(settings.preferences.lock + extra))


def check(settings: Settings) -> dict[str, Engine]:
    """Everything about the settings that can stop start-up, without opening anything.

    Raises ``SettingsError`` naming the key; returns the engines it built.
    """
    check_secret(settings)
    if settings.general.open_metrics is True:
        raise SettingsError("general.open_metrics: give the password of /metrics (a string), or leave it empty")
    engines = load_engines(settings.engines, settings.outgoing.request_timeout, tor=tor_proxy(settings.outgoing))
    rules_from_settings(settings.limiter)  # checked even when the limiter is off
    parse_trusted_proxies(settings.server.trusted_proxies)
    check_base_url(settings.server.base_url)
    check_trusted_hosts(settings.server.trusted_hosts)
    check_settings(settings.fetch, settings.server.threads)
    check_outgoing(settings.outgoing)
    check_store(settings.store)
    check_map(settings.map)
    plugin_classes(settings)  # a plugin that cannot be loaded stops start-up
    check_backend(settings.search.autocomplete)
    bang_table.build(settings.bangs)
    return engines


def build(settings: Settings, *, raise_plugin_errors: bool = False,
          clock: Callable[[], float] = time.time) -> Services:
    """The services of ``settings``; ``clock`` is their wall clock (tests pass one they move)."""
    engines = check(settings)
    bangs = bang_table.build(settings.bangs)
    skipped = unsupported(settings.engines, tor=tor_proxy(settings.outgoing))
    if skipped:
        log.warning("%s", log_line(skipped))
    if settings.ignored:
        log.warning("settings accepted with no effect here (docs/admin/settings.md): %s", ", ".join(settings.ignored))
    no_plugins = tuple(unknown_plugins(settings))
    if no_plugins:
        log.warning("plugins skipped (this instance has no such plugin): %s",
                    "; ".join(f"{u.name} ({u.reason})" for u in no_plugins))
    network = EngineNetwork(settings.outgoing)
    store = open_store(settings.store)
    health = EngineHealth(store)
    plugins = PluginManager(load_plugins(settings), raise_errors=raise_plugin_errors)
    plugins.start(Resources(store=store, get=network.get))
    cache = SearchCache(caches(store, settings.store), settings.search.cache_ttl)
    metrics = Metrics(store, engines)
    guard, route = instance_guard(settings), Route.from_settings(settings.outgoing)
    # also reads the top pages for the summary (ai_summary.read_pages)
    reader = Reader(settings, store, guard=reader_guard(guard, settings.fetch), route=route)
    embedder = shared_embedder(settings)
    collections = (CollectionsService(settings.collections, embedder=embedder, reader=reader)
                   if settings.collections.enabled else None)  # fmt: skip
    # on a public instance the documents are not searched with the web: reads there need a token
    local = {"collections": collections} if collections and not settings.server.public_instance else {}
    runner = SearchRunner(engines, network, plugins, health=health, bot_check=page_error, cache=cache,
                          tokens=TokenCache(store), observe=metrics.engine, local=local,
                          guard=upstream_guard(settings, guard))  # fmt: skip
    rules = rules_from_settings(settings.limiter)
    limiter = Limiter(store, rules) if settings.server.limiter else None
    s = settings.search
    suggester = Suggester(network, store, timeout=s.autocomplete_timeout, cache_ttl=s.autocomplete_cache_ttl,
                          cache=caches(store, settings.store))  # fmt: skip
    images = image_fetcher(settings, guard, route)
    return Services(
        settings=settings, engines=engines, network=network, guard=guard, route=route, plugins=plugins, store=store,
        runner=runner,
        pref_defs=definitions(settings, AUTOCOMPLETE_BACKENDS), bangs=bangs,
        autocompleter=Autocompleter(engines, bangs, suggester, min_chars=s.autocomplete_min),
        health=health, locked=locked_preferences(settings),
        summary=SummaryService(settings, store, guard=guard, slots=limiter, reader=summary_reader(plugins, reader),
                               embedder=embedder),
        limiter=limiter, metrics=metrics, reader=reader, collections=collections, images=images,
        tiles=tile_fetcher(settings, images, store), favicons=favicon_fetcher(settings, images, store),
        unsupported=skipped, unknown_plugins=no_plugins, clock=clock,
    )


def shared_embedder(settings: Settings) -> Embedder | None:
    """The instance's one embedding model (``collections.embeddings``), for the collections and the
    summary's hybrid passage ranking; None when neither uses it or there is none."""
    hybrid = settings.ai_summary.passage_ranking == "hybrid" and settings.ai_summary.read_pages > 0
    return from_settings(settings.collections.embeddings) if settings.collections.enabled or hybrid else None


def summary_reader(plugins: PluginManager, reader: Reader) -> PageReader:
    """The page reader of the summary: it reads no page of a host the hostnames rules remove."""
    from searx.plugins.hostnames import HostnamesPlugin, RulesReader

    found = plugins.plugins.get("hostnames")
    return RulesReader(reader, found.rules) if isinstance(found, HostnamesPlugin) else reader


def upstream_guard(settings: Settings, guard: AddressGuard) -> AddressGuard:
    """What a host an upstream names (another host of a token page's site) must pass before the engines'
    network asks it: a public address, as for the image proxy (the instance's ``guard``). Under
    ``outgoing.using_tor_proxy`` no name is resolved here (no DNS leak), so no such host is asked."""
    return guard.without_lookups() if tor_proxy(settings.outgoing) else guard


def image_fetcher(settings: Settings, guard: AddressGuard, route: Route) -> ImageFetcher:
    """The image proxy's fetcher: the engines' user agent, timeout and size cap, every hop guarded and sent
    by the instance's route, one slot of the pictures in flight (shared with the tiles and favicons)."""
    o = settings.outgoing
    return ImageFetcher(guard, user_agent=(USER_AGENT + " " + o.useragent_suffix).strip(), timeout=o.request_timeout,
                        max_bytes=o.max_response_bytes, route=route,
                        admission=PictureAdmission(*limits(settings.server.threads)))  # fmt: skip


def tile_fetcher(settings: Settings, images: ImageFetcher, store: Store) -> TileFetcher:
    """The map tiles' fetcher: the image proxy's, with the instance's own name as its user agent
    (tile servers' usage policies ask for one) and the tile size cap."""
    from searx import __version__

    base = settings.server.base_url
    agent = f"searx-ai/{__version__} (map tiles{'; +' + base if isinstance(base, str) and base else ''})"
    return TileFetcher(settings.map, images.derived(max_bytes=settings.map.max_tile_bytes, user_agent=agent), store)


def favicon_fetcher(settings: Settings, images: ImageFetcher, store: Store) -> FaviconFetcher | None:
    """The favicons' fetcher: the image proxy's with an icon's size cap; None when off."""
    if not settings.search.favicon_resolver:
        return None
    return FaviconFetcher(images.derived(max_bytes=FAVICON_BYTES), caches(store, settings.store))
