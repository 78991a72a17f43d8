"""SearXNG's two ways of naming plugins in settings.yml, mapped onto this project's plugin ids.

The old ``enabled_plugins:`` list names plugins by their display name
('Hash plugin'); the ``plugins:`` mapping names them by class path
(``searx.plugins.hash_plugin.SXNGPlugin``). In both, SearXNG's own plugins
that the section does not name are not offered; here they stay offered, off
by default. Names this instance has no plugin for are reported, not fatal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

# SearXNG's own plugins (their module names; the class is SXNGPlugin)
SEARXNG_IDS = ("ahmia_filter", "calculator", "hash_plugin", "hostnames", "infinite_scroll", "oa_doi_rewrite",
               "self_info", "time_zone", "tor_check", "tracker_url_remover", "unit_converter")

# display names SearXNG's ``enabled_plugins`` accepted over the years; None: SearXNG dropped the plugin
DISPLAY_NAMES: Mapping[str, str | None] = {
    "Ahmia blacklist": "ahmia_filter",
    "Basic Calculator": "calculator",
    "Calculator": "calculator",
    "Hash plugin": "hash_plugin",
    "Hostnames plugin": "hostnames",
    "Hostname replace": "hostnames",
    "Infinite scroll": "infinite_scroll",
    "Open Access DOI rewrite": "oa_doi_rewrite",
    "Self Information": "self_info",
    "Self Informations": "self_info",
    "Timezones plugin": "time_zone",
    "Tor check plugin": "tor_check",
    "Tracker URL remover": "tracker_url_remover",
    "Unit converter plugin": "unit_converter",
    "Autodetect search language": None,
    "HTTPS rewrite": None,
    "Open result links on new browser tabs": None,  # ui.results_on_new_tab does it
    "Request limiter": None,  # server.limiter does it
    "Search on category select": None,
    "Vim-like hotkeys": None,
}


@dataclass(frozen=True)
class UnknownPlugin:
    """A plugin the settings name that this instance does not have."""

    name: str
    reason: str


def is_searxng_path(key: str) -> bool:
    """``searx.plugins.<id>`` or ``searx.plugins.<id>.<Class>``: one of SearXNG's own plugins."""
    parts = key.split(".")
    return len(parts) in (3, 4) and parts[:2] == ["searx", "plugins"]


def plugin_id(key: str) -> str:
    """The id a ``plugins:`` key names: ``hash_plugin`` or ``searx.plugins.hash_plugin.SXNGPlugin``."""
    return key.split(".")[2] if is_searxng_path(key) else key


def configured(plugins: Mapping[str, Mapping[str, Any]], enabled_plugins: Iterable[str] | None,
               known: set[str]) -> tuple[dict[str, bool], list[UnknownPlugin]]:  # fmt: skip
    """(id or class path -> active, unknown names) from the ``plugins:`` mapping (entries with
    ``active``, checked with the settings) and the old ``enabled_plugins`` list, which decides for
    SearXNG's own plugins; ``known`` are the ids this instance has."""
    active: dict[str, bool] = {}
    unknown: list[UnknownPlugin] = []
    for key, conf in plugins.items():
        if "." in key and not is_searxng_path(key):
            active[key] = bool(conf.get("active", True))  # a third-party class path (the loader imports it)
        elif plugin_id(key) in known:
            active[plugin_id(key)] = bool(conf.get("active", True))
        else:
            unknown.append(UnknownPlugin(f"plugins.{key}", "no such plugin here"))
    if enabled_plugins is not None:
        listed = set()
        for name in enabled_plugins:
            found = DISPLAY_NAMES.get(name)
            if found in known:
                listed.add(found)
            else:
                why = "SearXNG no longer has it" if name in DISPLAY_NAMES and found is None else "no such plugin here"
                unknown.append(UnknownPlugin(f"enabled_plugins: {name}", why))
        active.update({pid: pid in listed for pid in SEARXNG_IDS})
    elif any(is_searxng_path(k) for k in plugins):
        for pid in SEARXNG_IDS:
            active.setdefault(pid, False)
    return active, unknown
