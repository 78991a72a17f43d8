"""The videos, news and music group's entries: with the default settings (``use_default_settings: true``)
and with SearXNG's own settings file, every one loads, on, with SearXNG's name, shortcut and
categories, and the videos, news and music tabs show."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import lxml.html
import pytest

from tests.test_settings_searxng import start, started  # noqa: F401 - the fixture and its check

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "upstream_settings"
# SearXNG's entries of this group: name -> (module, shortcut, categories)
ENTRIES = {
    "bing videos": ("bing_videos", "biv", ["videos", "web"]),
    "duckduckgo images": ("duckduckgo_extra", "ddi", ["images"]),
    "duckduckgo videos": ("duckduckgo_extra", "ddv", ["videos"]),
    "duckduckgo news": ("duckduckgo_extra", "ddn", ["news"]),
    "vimeo": ("vimeo", "vm", ["videos"]),
    "reuters": ("reuters", "reu", ["news"]),
    "genius": ("genius", "gen", ["music", "lyrics"]),
    "mixcloud": ("mixcloud", "mc", ["music"]),
    "soundcloud": ("soundcloud", "sc", ["music"]),
    "bandcamp": ("bandcamp", "bc", ["music"]),
    "radio browser": ("radio_browser", "rb", ["music", "radio"]),
}


def check_entries(settings: Any, config: dict[str, Any]) -> None:
    loaded = {e["name"]: e for e in config["engines"]}
    skipped = {u["name"] for u in config["unsupported_engines"]}
    entries = {e["name"]: e for e in settings.engines}
    for name, (module, shortcut, categories) in ENTRIES.items():
        assert name in loaded and name not in skipped, name
        assert entries[name]["engine"] == module
        assert (loaded[name]["shortcut"], loaded[name]["categories"], loaded[name]["enabled"]) == (
            shortcut, categories, True), name


@pytest.mark.parametrize("path", [FIXTURES / "searxng_docker.yml", FIXTURES / "searxng_settings.yml"],
                         ids=["use_default_settings", "searxngs-own-settings"])
def test_every_entry_of_the_group_is_on(start, path: Path) -> None:  # noqa: F811 - the imported fixture
    settings, client, _ = start(path)
    config = started(settings, client)
    check_entries(settings, config)
    page = lxml.html.fromstring(client.get("/search?q=lofi&categories=music").data)
    tabs = page.xpath('//nav[@class="tabs"]//a/@href')
    for tab in ("videos", "news", "music"):
        assert any(f"categories={tab}" in href for href in tabs), (tab, tabs)
