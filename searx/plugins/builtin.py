"""The built-in plugins, in hook order (ai_summary last: it steps aside when another plugin answered).

SearXNG's ids and on/off defaults (``plugins:`` in settings.yml); ``searx.plugins.loader``
adds third-party plugins and builds the instances.
"""

from __future__ import annotations

import logging

from searx.plugins import Plugin
from searx.plugins.ai_summary import AISummaryPlugin
from searx.plugins.answerers.random import RandomAnswerer
from searx.plugins.answerers.statistics import StatisticsAnswerer
from searx.plugins.calculator import CalculatorPlugin
from searx.plugins.hash_plugin import HashPlugin
from searx.plugins.hostnames import HostnamesPlugin
from searx.plugins.infinite_scroll import InfiniteScrollPlugin
from searx.plugins.oa_doi_rewrite import OADOIRewritePlugin
from searx.plugins.self_info import SelfInfoPlugin
from searx.plugins.time_zone import TimeZonePlugin
from searx.plugins.tor_check import TorCheckPlugin
from searx.plugins.tracker_url_remover import TrackerURLRemoverPlugin
from searx.plugins.unit_converter import UnitConverterPlugin

log = logging.getLogger("searx.plugins")

BUILTIN: tuple[type[Plugin], ...] = (
    HostnamesPlugin, TrackerURLRemoverPlugin, OADOIRewritePlugin,  # on_result: links first removed, then cleaned
    HashPlugin, CalculatorPlugin, UnitConverterPlugin, SelfInfoPlugin, TimeZonePlugin, TorCheckPlugin,
    InfiniteScrollPlugin, RandomAnswerer, StatisticsAnswerer, AISummaryPlugin,
)

