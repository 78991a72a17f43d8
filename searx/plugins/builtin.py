"""The built-in plugins, in hook order (ai_summary last: it steps aside when another plugin answered).

``searx.plugins.loader`` adds third-party plugins and builds the instances.
"""

from __future__ import annotations

import logging

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
