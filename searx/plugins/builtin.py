"""The built-in plugins, in hook order (ai_summary last: it steps aside when another plugin answered)."""

from __future__ import annotations

import logging
from typing import Any

from searx.plugins import Plugin
from searx.plugins.ai_summary import AISummaryPlugin
from searx.plugins.hash_plugin import HashPlugin
from searx.plugins.tracker_url_remover import TrackerURLRemoverPlugin

log = logging.getLogger("searx.plugins")

BUILTIN: tuple[type[Plugin], ...] = (TrackerURLRemoverPlugin, HashPlugin, AISummaryPlugin)


def plugin_id(key: str) -> str:
    """The id a ``plugins:`` key names: ``hash_plugin`` or SearXNG's ``searx.plugins.hash_plugin.SXNGPlugin``."""
    parts = key.split(".")
    return parts[-2] if len(parts) >= 3 and parts[0] == "searx" else key


def builtin_plugins(settings: Any) -> list[Plugin]:
    """One instance of each built-in; ``plugins.<id>.active`` in settings decides if it is on by default."""
    configured = {plugin_id(k): v for k, v in (settings.plugins if settings is not None else {}).items()}
    known = {cls.id for cls in BUILTIN}
    for name in sorted(set(configured) - known):
        log.warning("plugins.%s: searx-ai has no such plugin; ignored", name)
    plugins: list[Plugin] = []
    for cls in BUILTIN:
        plugin = cls(settings)
        conf = configured.get(cls.id)
        if conf is not None:
            plugin.default_on = conf.active
        plugins.append(plugin)
    return plugins
