"""The plugins: section of settings, SearXNG's spellings included."""

import logging

from searx.plugins.builtin import plugin_id
from searx.plugins.loader import load_plugins
from tests.conftest import make_settings


def test_plugin_ids_from_searxng_dotted_names():
    assert plugin_id("searx.plugins.hash_plugin.SXNGPlugin") == "hash_plugin"
    assert plugin_id("tracker_url_remover") == "tracker_url_remover"


def test_active_false_turns_a_plugin_off_by_default_and_unknown_ones_warn(caplog):
    settings = make_settings([], plugins={"searx.plugins.hash_plugin.SXNGPlugin": {"active": False},
                                          "searx.plugins.calculator.SXNGPlugin": {"active": False},
                                          "searx.plugins.ahmia_filter.SXNGPlugin": {"active": True}})
    with caplog.at_level(logging.WARNING, logger="searx.plugins"):
        plugins = {p.id: p for p in load_plugins(settings)}
    assert plugins["hash_plugin"].default_on is False
    assert plugins["tracker_url_remover"].default_on is True
    assert plugins["calculator"].default_on is False
    assert "plugins.ahmia_filter: searx-ai has no such plugin" in caplog.text
