"""The built-in plugins, in hook order (ai_summary last: it steps aside when another plugin answered)."""

from __future__ import annotations

from typing import Any

from searx.plugins import Plugin
from searx.plugins.ai_summary import AISummaryPlugin
from searx.plugins.hash_plugin import HashPlugin
from searx.plugins.tracker_url_remover import TrackerURLRemoverPlugin

BUILTIN: tuple[type[Plugin], ...] = (TrackerURLRemoverPlugin, HashPlugin, AISummaryPlugin)


def builtin_plugins(settings: Any) -> list[Plugin]:
    """One instance of each built-in; ``plugins.<id>.active`` in settings decides if it is on by default."""
    plugins: list[Plugin] = []
    for cls in BUILTIN:
        plugin = cls(settings)
        conf = settings.plugins.get(cls.id) if settings is not None else None
        if conf is not None:
            plugin.default_on = conf.active
        plugins.append(plugin)
    return plugins
