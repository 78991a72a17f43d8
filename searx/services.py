"""The services one app instance runs on, built once from the settings."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from searx.collections.service import CollectionsService
from searx.engines import Engine, load_engines
from searx.errors import SettingsError
from searx.limiter import Limiter, parse_trusted_proxies, rules_from_settings
from searx.metrics import Metrics
from searx.network.challenge import page_error
from searx.network.client import USER_AGENT, EngineNetwork, check_outgoing
from searx.network.guard import AddressGuard, hosts_of
from searx.network.images import ImageFetcher
from searx.origin import check_base_url, check_trusted_hosts
from searx.plugins import PluginManager
from searx.plugins.loader import load_plugins, plugin_classes
from searx.preferences import Pref, definitions
from searx.reader.service import Reader, check_settings
from searx.search.cache import SearchCache
from searx.search.health import EngineHealth
from searx.search.runner import SearchRunner
from searx.search.tokens import TokenCache
from searx.settings import Settings, check_secret
from searx.store import Store, check_store, open_store
from searx.summary.service import SummaryService

log = logging.getLogger("searx.webapp")


@dataclass
class Services:
    """Everything the views need; passed down, never a module global."""

    settings: Settings
    engines: dict[str, Engine]
    network: EngineNetwork
    plugins: PluginManager
    store: Store
    runner: SearchRunner
    pref_defs: dict[str, Pref]
    health: EngineHealth
    summary: SummaryService
    locked: tuple[str, ...] = ()
    limiter: Limiter | None = None
    reader: Reader | None = None
    metrics: Metrics | None = None
    collections: CollectionsService | None = None
    images: ImageFetcher | None = None  # the image proxy's fetcher

    def close(self) -> None:
        self.network.close()
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
    engines = load_engines(settings.engines, settings.outgoing.request_timeout)
    rules_from_settings(settings.limiter)  # checked even when the limiter is off
    parse_trusted_proxies(settings.server.trusted_proxies)
    check_base_url(settings.server.base_url)
    check_trusted_hosts(settings.server.trusted_hosts)
    check_settings(settings.fetch)
    check_outgoing(settings.outgoing)
    check_store(settings.store)
    plugin_classes(settings)  # a plugin that cannot be loaded stops start-up
    return engines


def build(settings: Settings, *, raise_plugin_errors: bool = False) -> Services:
    engines = check(settings)
    network = EngineNetwork(settings.outgoing)
    store = open_store(settings.store)
    health = EngineHealth(store)
    plugins = PluginManager(load_plugins(settings), raise_errors=raise_plugin_errors)
    cache = SearchCache(store, settings.search.cache_ttl)
    metrics = Metrics(store, engines)
    reader = Reader(settings, store)  # also reads the top pages for the summary (ai_summary.read_pages)
    collections = CollectionsService(settings.collections, reader=reader) if settings.collections.enabled else None
    # on a public instance the documents are not searched with the web: reads there need a token
    local = {"collections": collections} if collections and not settings.server.public_instance else {}
    runner = SearchRunner(engines, network, plugins, health=health, bot_check=page_error, cache=cache,
                          tokens=TokenCache(store), observe=metrics.engine, local=local)
    rules = rules_from_settings(settings.limiter)
    limiter = Limiter(store, rules) if settings.server.limiter else None
    return Services(
        settings=settings, engines=engines, network=network, plugins=plugins, store=store, runner=runner,
        pref_defs=definitions(settings), health=health, locked=locked_preferences(settings),
        summary=SummaryService(settings, store, slots=limiter, reader=reader),
        limiter=limiter, metrics=metrics, reader=reader, collections=collections, images=image_fetcher(settings),
    )


def image_fetcher(settings: Settings) -> ImageFetcher:
    """The image proxy's fetcher: the engines' user agent, timeout and size cap, every hop guarded."""
    o = settings.outgoing
    guard = AddressGuard(own_hosts=hosts_of(settings.server.base_url))
    return ImageFetcher(guard, user_agent=(USER_AGENT + " " + o.useragent_suffix).strip(),
                        timeout=o.request_timeout, max_bytes=o.max_response_bytes)
