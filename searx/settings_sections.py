"""The sections of settings.yml that are this project's own (ai_summary, fetch, store, limiter, mcp,
collections, map, tor_check), and the two bases every section derives from (docs/dev/settings.md).

``searx.settings`` holds SearXNG's sections, the whole ``Settings`` and the loading; a section here is
a frozen msgspec struct whose unknown keys stop start-up naming them.
"""

from __future__ import annotations

from typing import Literal, get_args

import msgspec

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


class PluginConfig(_S, frozen=True):
    """A plugin's own settings: the keys of its ``plugins:`` entry besides ``active`` (docs/dev/plugins.md).

    A plugin declares them as a subclass named ``Config`` (``searx.plugins.Plugin.Config``, fields with
    defaults); its entry is checked against it at start-up, and a key it does not declare stops start-up
    naming it. This base declares none.
    """


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
    # byte budgets of the conversations and of the share links, each a pool of its own in the store
    conversation_bytes: int = 64 * 1024 * 1024
    share_bytes: int = 64 * 1024 * 1024
    # share links one client may make in a day (sharing one conversation again makes none)
    shares_per_client: int = 20
    passage_ranking: PassageRanking = "bm25"

    def mode_for(self, chosen: str | None) -> str:
        """When a results page asks for the summary: the user's ``chosen`` mode (the ``ai_summary_mode``
        preference), unless the admin locked it (``lock_mode``) or it is no mode; else ``default_mode``."""
        return chosen if chosen in SUMMARY_MODES and not self.lock_mode else self.default_mode


class Fetch(_S, frozen=True):
    # None: on for a private instance, off when server.public_instance is true
    enabled: bool | None = None
    ports: tuple[int, ...] = (80, 443)
    # dangerous: lets users make the server read the LAN (loopback and own addresses stay refused)
    allow_private: bool = False
    cache_ttl: int = 900
    # the cached documents' pool in the store, in memory and on Valkey alike
    cache_bytes: int = 64 * 1024 * 1024
    timeout: float = 15.0
    # the longest a site may send nothing (before its headers, or between two pieces of the body)
    idle_timeout: float = 5.0
    max_redirects: int = 5
    max_html_bytes: int = 2 * 1024 * 1024
    max_pdf_bytes: int = 10 * 1024 * 1024
    per_origin: int = 2
    # API reads in flight in one process (None: a quarter of server.threads; at most half), and for one
    # client (one, once half of them are taken); past them a read is refused at once, never queued
    max_concurrent: int | None = None
    max_per_client: int = 2
    # the longest cooldown one Retry-After may put a site in (seconds)
    max_retry_after: float = 600.0
    extract_workers: int = 2
    extract_timeout: float = 5.0
    extract_memory_mb: int = 1024


class StoreSettings(_S, frozen=True):
    """Where shared state lives (``searx.store.open_store``)."""

    url: str = ""
    prefix: str = "searx:"
    timeout: float = 0.25
    backoff: float = 5.0
    max_keys: int = 100_000
    # the memory store's state (health, cooldowns, limits, markers): keys and bytes together (and the
    # fallback's while Valkey is away)
    max_bytes: int = 64 * 1024 * 1024
    # the caches' pool (search results, answers, suggestions, favicons), in memory and on Valkey alike
    cache_bytes: int = 64 * 1024 * 1024


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
    # the tiles' pool in the store, in memory and on Valkey alike
    tile_cache_bytes: int = 32 * 1024 * 1024


class TorCheck(_S, frozen=True):
    """Where the tor_check plugin reads the Tor exit-node list, and for how long it keeps it."""

    exit_list_url: str = "https://check.torproject.org/exit-addresses"
    cache_ttl: int = 3600
    timeout: float = 5.0
