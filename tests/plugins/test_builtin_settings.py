"""The plugins: section of settings, SearXNG's spellings included (class paths, enabled_plugins)."""

import logging

import pytest

from searx.plugins.loader import load_plugins, unknown_plugins
from searx.plugins.searxng import DISPLAY_NAMES, SEARXNG_IDS, configured, plugin_id
from tests.conftest import make_settings


def test_plugin_ids_from_searxng_class_paths():
    assert plugin_id("searx.plugins.hash_plugin.SXNGPlugin") == "hash_plugin"
    assert plugin_id("searx.plugins.infinite_scroll.SXNGPlugin") == "infinite_scroll"
    assert plugin_id("searx.plugins.calculator") == "calculator"  # SearXNG's module-only spelling
    assert plugin_id("tracker_url_remover") == "tracker_url_remover"
    assert plugin_id("mypackage.plugins.Shout") == "mypackage.plugins.Shout"


def with_plugins(plugins=None, enabled_plugins=None):
    settings = make_settings([], plugins=plugins or {})
    # make_settings merges into the defaults' plugins; SearXNG's rule replaces them (settings_merge)
    import msgspec

    return msgspec.structs.replace(settings, plugins={k: dict(v) for k, v in (plugins or {}).items()},
                                   enabled_plugins=enabled_plugins)


def test_class_paths_set_active_and_searxng_plugins_they_omit_are_off_by_default():
    settings = with_plugins({"searx.plugins.hash_plugin.SXNGPlugin": {"active": True},
                             "searx.plugins.calculator.SXNGPlugin": {"active": True}})
    plugins = {p.id: p for p in load_plugins(settings)}
    assert plugins["hash_plugin"].default_on is True
    assert plugins["tracker_url_remover"].default_on is False  # SearXNG would not even offer it
    assert plugins["ai_summary"].default_on is True  # this project's own: not SearXNG's to switch


def test_this_projects_own_form_leaves_the_others_alone():
    plugins = {p.id: p for p in load_plugins(with_plugins({"hash_plugin": {"active": False}}))}
    assert plugins["hash_plugin"].default_on is False and plugins["tracker_url_remover"].default_on is True


def test_enabled_plugins_list_by_display_name():
    settings = with_plugins(enabled_plugins=("Hash plugin", "Tor check plugin", "Vim-like hotkeys", "Nonsense"))
    plugins = {p.id: p for p in load_plugins(settings)}
    assert plugins["hash_plugin"].default_on is True
    assert plugins["tracker_url_remover"].default_on is False  # not listed: off, as in SearXNG
    assert plugins["ai_summary"].default_on is True
    unknown = {u.name: u.reason for u in unknown_plugins(settings)}
    assert unknown["enabled_plugins: Vim-like hotkeys"] == "SearXNG no longer has it"
    assert unknown["enabled_plugins: Nonsense"] == "no such plugin here"
    assert "enabled_plugins: Hash plugin" not in unknown
    if "tor_check" not in plugins:
        assert "enabled_plugins: Tor check plugin" in unknown
    else:
        assert plugins["tor_check"].default_on is True


def test_unknown_class_paths_are_reported_once_each_not_fatal(caplog):
    settings = with_plugins({"searx.plugins.no_such_thing.SXNGPlugin": {"active": True},
                             "searx.plugins.hash_plugin.SXNGPlugin": {"active": False}})
    with caplog.at_level(logging.WARNING, logger="searx.plugins"):
        plugins = {p.id: p for p in load_plugins(settings)}
    assert plugins["hash_plugin"].default_on is False
    assert [u.name for u in unknown_plugins(settings)] == ["plugins.searx.plugins.no_such_thing.SXNGPlugin"]
    assert "no_such_thing" not in caplog.text  # the loader is quiet; start-up logs one line (services.build)


@pytest.mark.parametrize("name", sorted(n for n, i in DISPLAY_NAMES.items() if i))
def test_every_display_name_maps_onto_a_searxng_id(name):
    assert DISPLAY_NAMES[name] in SEARXNG_IDS


def test_configured_is_pure_and_needs_no_classes():
    active, unknown = configured({"searx.plugins.calculator.SXNGPlugin": {"active": False}}, None,
                                 known={"calculator", "hash_plugin"})
    assert active["calculator"] is False and active["hash_plugin"] is False and unknown == []
