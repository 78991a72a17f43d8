"""SearXNG's settings files start the instance: its own settings.yml, use_default_settings files and the
files that projects bundling SearXNG ship (tests/fixtures/upstream_settings/SOURCES.md).

Each test starts the app on one file (only the secret set, as a deployment's ``SEARXNG_SECRET`` does;
engine requests go to the upstream-hosts double, never to the internet), asks ``/search?format=json``
and ``/config``, and checks that ``/config`` lists what was skipped, and only that.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from searx import settings as settings_mod
from searx.engines import inactive
from tests.upstream_hosts import UpstreamHosts

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "upstream_settings"
SECRET = "a-secret-of-the-deployment-0123456789abcdef"
DEFAULT_NAMES = {e["name"] for e in settings_mod.load(settings_mod.DEFAULT_PATH).engines}
ENV = ("SEARX_SETTINGS_PATH", "SEARXNG_SETTINGS_PATH", "SEARX_SECRET_KEY", "SEARXNG_SECRET", "SEARX_VALKEY_URL",
       "SEARXNG_VALKEY_URL", "SEARX_METHOD", "SEARXNG_METHOD", "SEARX_LIMITER", "SEARXNG_LIMITER")


@pytest.fixture
def start(monkeypatch: pytest.MonkeyPatch, hosts: UpstreamHosts, app_factory: Any, caplog: pytest.LogCaptureFixture):
    """``start(path)``: (settings, test client, start-up warnings) of an app on that settings file."""

    def run(path: Path) -> tuple[settings_mod.Settings, Any, list[str]]:
        for name in ENV:
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("SEARXNG_SETTINGS_PATH", str(path))
        monkeypatch.setenv("SEARXNG_SECRET", SECRET)
        # the store in memory: searxng-docker names its redis host, which tests do not have
        settings = settings_mod.load(overrides={**hosts.settings(), "store": {"url": "memory://"}})
        caplog.clear()
        with caplog.at_level(logging.WARNING):
            client = app_factory(settings).test_client()
        return settings, client, [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]

    return run


def started(settings: settings_mod.Settings, client: Any) -> dict[str, Any]:
    """/search and /config answer; every engine entry is loaded, skipped (listed), or inactive: one of them."""
    search = client.get("/search?q=climate&format=json")
    if "json" in settings.search.formats:
        assert search.status_code == 200 and "results" in search.get_json()
    else:
        assert search.status_code == 403 and search.is_json  # the file allows html only, as SearXNG would
    assert client.get("/search?q=climate").status_code == (200 if "html" in settings.search.formats else 403)
    config = client.get("/config").get_json()
    loaded = {e["name"] for e in config["engines"]}
    skipped = [u["name"] for u in config["unsupported_engines"]]
    assert len(skipped) == len(set(skipped)) and not loaded & set(skipped)
    for entry in settings.engines:
        if inactive(entry):
            assert entry["name"] not in loaded and entry["name"] not in skipped
        else:
            assert (entry["name"] in loaded) != (entry["name"] in skipped), entry["name"]
    assert all(u["reason"] for u in config["unsupported_engines"])
    return config


def skipped_names(config: dict[str, Any]) -> list[str]:
    return [u["name"] for u in config["unsupported_engines"]]


def one_skip_line(warnings: list[str], config: dict[str, Any]) -> None:
    lines = [w for w in warnings if "engine entries skipped" in w]
    if not config["unsupported_engines"]:
        assert lines == []
        return
    assert len(lines) == 1
    assert all(f"{u['name']} ({u['reason']})" in lines[0] for u in config["unsupported_engines"])


def test_searxngs_own_settings(start):
    settings, client, warnings = start(FIXTURES / "searxng_settings.yml")
    config = started(settings, client)
    one_skip_line(warnings, config)
    reasons = {u["name"]: u["reason"] for u in config["unsupported_engines"]}
    modules = {p.stem for p in (ROOT / "searx" / "engines").glob("*.py")}
    for entry in settings.engines:  # the list is what the modules present make it: it shrinks as they land
        if entry["name"] in reasons and reasons[entry["name"]].startswith("this instance has no engine module"):
            assert entry["engine"] not in modules
    if "mojeek" in modules:
        assert reasons["mojeek news"] == "search_type: 'news' is not implemented by the mojeek module"
    assert "startpage news" not in reasons and "brave.images" not in reasons  # their verticals are implemented
    loaded = {e["name"] for e in config["engines"]}
    assert {"wikipedia", "duckduckgo", "etymonline", "hoogle", "mdn", "mankier", "openairedatasets", "askubuntu",
            "superuser", "stackoverflow"} <= loaded
    assert "torch" not in loaded and "torch" not in reasons  # an onion engine: skipped silently, as SearXNG does
    assert "search.suspended_times" in settings.ignored and "outgoing.enable_http2" in settings.ignored
    assert any(w.startswith("settings accepted with no effect here") and "search.suspended_times" in w
               for w in warnings)
    # SearXNG's suggestions backend is one of this instance's: honoured, not ignored
    assert settings.search.autocomplete == "duckduckgo" and "search.autocomplete" not in settings.ignored
    assert "plugins.searx.plugins.ahmia_filter.SXNGPlugin" in {p["name"] for p in config["unsupported_plugins"]}
    assert settings.server.method == "GET" and settings.default_doi_resolver == "oadoi.org"


def test_vane_switches_stock_engines_by_name(start):
    settings, client, warnings = start(FIXTURES / "vane.yml")
    config = started(settings, client)
    one_skip_line(warnings, config)
    assert skipped_names(config) == [n for n in ("google",) if n not in DEFAULT_NAMES]
    engines = {e["name"]: e for e in config["engines"]}
    assert engines["brave"]["enabled"] is False and engines["bing"]["enabled"] is False
    assert engines["youtube"]["enabled"] is True and engines["duckduckgo"]["enabled"] is True


def test_morphic(start):
    settings, client, warnings = start(FIXTURES / "morphic.yml")
    config = started(settings, client)
    assert config["unsupported_engines"] == [] and config["formats"] == ["json"]
    assert settings.server.method == "POST" and settings.server.bind_address == "0.0.0.0"
    assert settings.server.secret_key == SECRET  # the deployment's variable wins over the file's short one


def test_minisearch(start):
    settings, client, warnings = start(FIXTURES / "minisearch.yml")
    config = started(settings, client)
    one_skip_line(warnings, config)
    assert skipped_names(config) == [n for n in ("marginalia", "mwmbl") if n not in DEFAULT_NAMES]
    engines = {e["name"]: e for e in config["engines"]}
    assert engines["bing"]["enabled"] and engines["mojeek"]["enabled"]


def test_searxng_docker(start):
    settings, client, warnings = start(FIXTURES / "searxng_docker.yml")
    config = started(settings, client)
    assert config["unsupported_engines"] == []
    assert settings.server.limiter is True and settings.server.image_proxy is True
    assert "ui.static_use_hash (unknown key)" in settings.ignored


def test_searxng_docker_redis_url_names_the_store():
    data = settings_mod.merge(settings_mod._read_yaml(settings_mod.DEFAULT_PATH),
                              yaml.safe_load((FIXTURES / "searxng_docker.yml").read_text()))
    assert settings_mod.validate(data).store.url == "redis://redis:6379/0"


def test_the_file_open_webuis_docs_make(start, tmp_path):
    data = yaml.safe_load((FIXTURES / "searxng_settings.yml").read_text())
    data["search"].update({"safe_search": 0, "autocomplete": "", "default_lang": ""})
    data["search"]["formats"] = ["html", "json"]
    path = tmp_path / "settings.yml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    settings, client, warnings = start(path)
    config = started(settings, client)
    one_skip_line(warnings, config)
    assert settings.search.autocomplete == "" and "search.autocomplete" not in settings.ignored


def test_a_use_default_settings_file_that_switches_engines_plugins_and_links(start):
    settings, client, warnings = start(FIXTURES / "switch_engines.yml")
    config = started(settings, client)
    one_skip_line(warnings, config)
    reasons = {u["name"]: u["reason"] for u in config["unsupported_engines"]}
    assert set(reasons) == {n for n in ("google", "qwant") if n not in DEFAULT_NAMES} | {"mojeek news",
                                                                                           "private docs"}
    assert reasons["private docs"] == "private engines (tokens) are not supported"
    engines = {e["name"]: e for e in config["engines"]}
    assert "sepiasearch" not in engines and engines["bing"]["enabled"] is False
    assert engines["duckduckgo images"]["enabled"] is True and engines["wikipedia"]["timeout"] == 6.5
    plugins = {p["name"]: p["enabled"] for p in config["plugins"]}
    assert plugins["hash_plugin"] and plugins["tracker_url_remover"] and plugins["ai_summary"]
    assert [p["name"] for p in config["unsupported_plugins"]] == ["enabled_plugins: Vim-like hotkeys"]
    assert settings.ignored == ()  # ui.hotkeys: vim is honoured
    page = client.get("/search?q=the+query").get_data(as_text=True)
    assert "<title>the query - searx-ai</title>" in page  # ui.query_in_title
    assert '"hotkeys": "vim"' in page  # the client settings
    assert 'href="https://example.org/privacy"' in page and 'href="https://example.org/donate"' in page
    assert 'href="https://status.example.org/">Uptime<' in page
    assert "javascript:" not in page and "github.com/searxng" not in page


def test_preferences_show_the_skipped_entries_greyed_out_without_javascript(start):
    settings, client, _ = start(FIXTURES / "switch_engines.yml")
    page = client.get("/preferences").get_data(as_text=True)
    section = page[page.index("Not available on this instance"):]
    section = section[:section.index("</fieldset>")]
    assert section.count("disabled>") == section.count("<li>") >= 2
    assert "private docs" in section and "private engines are not supported" in section
    assert "mojeek news" in section and "the engine does not implement search_type: &#39;news&#39;" in section


def test_preferences_reasons_are_translated(start):
    _, client, _ = start(FIXTURES / "switch_engines.yml")
    page = client.get("/preferences", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Auf dieser Instanz nicht verfügbar" in page and "private Suchmaschinen werden nicht unterstützt" in page


def test_the_check_cli_names_the_skipped_entries(tmp_path):
    path = tmp_path / "settings.yml"
    path.write_text(yaml.safe_dump({
        "use_default_settings": True, "server": {"secret_key": SECRET},
        "outgoing": {"proxies": "http://127.0.0.1:9"},  # nothing leaves the machine
        "engines": [{"name": "google", "disabled": False}, {"name": "x", "engine": "no_such_module"}],
    }))
    env = {k: v for k, v in os.environ.items() if k not in ENV}
    env.update({"SEARX_SETTINGS_PATH": str(path), "PYTHONPATH": str(ROOT)})
    out = subprocess.run([sys.executable, "-m", "searx.check", "--engine", "wikipedia", "x"], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert "skipped: x: this instance has no engine module 'no_such_module'" in out.stderr
    if "google" not in DEFAULT_NAMES:
        assert "skipped: google: no engine: key" in out.stderr
    assert "wikipedia" in out.stdout


@pytest.mark.skipif(not os.environ.get("SEARX_UPSTREAM_SETTINGS"),
                    reason="SEARX_UPSTREAM_SETTINGS names no verbatim SearXNG settings.yml "
                           "(e.g. git show HEAD:searx/settings.yml of a SearXNG checkout)")
def test_searxngs_settings_file_verbatim(start):
    settings, client, warnings = start(Path(os.environ["SEARX_UPSTREAM_SETTINGS"]))
    config = started(settings, client)
    one_skip_line(warnings, config)
