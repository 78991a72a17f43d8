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

