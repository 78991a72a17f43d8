"""The social media, files and other entries: SearXNG's facts in the default settings, the tabs they
bring with ``use_default_settings: true``, SearXNG's own settings file enabling the same set, and
the engine test report listing each one."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml
from engine_kit import fixture

from searx import settings as settings_mod
from tests.conftest import SECRET
from tests.upstream_hosts import UpstreamHosts

ROOT = Path(__file__).resolve().parents[2]
# SearXNG's entries for these modules: engine, shortcut, categories (its module's when the entry has
# none), timeout, and the engine-specific keys
ENTRIES: dict[str, tuple[str, str, list[str], float | None, dict[str, Any]]] = {
    "lemmy communities": ("lemmy", "leco", ["social media"], None, {"lemmy_type": "Communities"}),
    "lemmy users": ("lemmy", "leus", ["social media"], None, {"lemmy_type": "Users"}),
    "lemmy posts": ("lemmy", "lepo", ["social media"], None, {"lemmy_type": "Posts"}),
    "lemmy comments": ("lemmy", "lecom", ["social media"], None, {"lemmy_type": "Comments"}),
    "mastodon users": ("mastodon", "mau", ["social media"], None,
                       {"mastodon_type": "accounts", "base_url": "https://mastodon.social"}),
    "mastodon hashtags": ("mastodon", "mah", ["social media"], None,
                          {"mastodon_type": "hashtags", "base_url": "https://mastodon.social"}),
    "tootfinder": ("tootfinder", "toot", ["social media"], None, {}),
    "piratebay": ("piratebay", "tpb", ["files"], 3.0, {"url": "https://thepiratebay.org/"}),
    "bt4g": ("bt4g", "bt4g", ["files"], None, {}),
    "kickass": ("kickass", "kc", ["files"], 4.0, {"base_url": ["https://kickasstorrents.to", "https://kickasstorrents.cr",
                                                               "https://kickasstorrent.cr", "https://kickass.sx",
                                                               "https://kat.am"]}),
    "solidtorrents": ("solidtorrents", "solid", ["files"], 4.0,
                      {"base_url": ["https://solidtorrents.to", "https://bitsearch.to"]}),
    "ahmia": ("ahmia", "ah", ["onions"], 20.0, {"enable_http": True}),
    "chefkoch": ("chefkoch", "chef", ["other"], None, {}),
}
ON_WITHOUT_TOR = set(ENTRIES) - {"ahmia"}


def _user_file(tmp_path: Path, body: str = "") -> Path:
    path = tmp_path / "settings.yml"
    path.write_text(f"use_default_settings: true\nserver:\n  secret_key: '{SECRET}'\n{body}")
    return path


def test_the_default_settings_carry_searxngs_entries(tmp_path: Path) -> None:
    loaded = settings_mod.load(_user_file(tmp_path))
    entries = {e["name"]: e for e in loaded.engines if e["name"] in ENTRIES}
    assert set(entries) == set(ENTRIES)
    for name, (engine, shortcut, categories, timeout, keys) in ENTRIES.items():
        entry = entries[name]
        assert (entry["engine"], entry["shortcut"]) == (engine, shortcut), name
        assert not entry.get("disabled"), f"{name} is on in SearXNG"
        assert entry.get("timeout") == timeout, name
        assert {k: entry.get(k) for k in keys} == keys, name
        if name not in ("ahmia", "chefkoch"):
            assert list(entry["categories"]) == categories, name


def test_use_default_settings_lists_them_and_the_tabs_show(tmp_path: Path, app_factory: Any,
                                                           hosts: UpstreamHosts) -> None:  # fmt: skip
    client = app_factory(settings_mod.load(_user_file(tmp_path), overrides=hosts.settings())).test_client()
    config = client.get("/config").get_json()
    engines = {e["name"]: e for e in config["engines"]}
    assert ON_WITHOUT_TOR <= set(engines) and "ahmia" not in engines  # an onion engine needs Tor
    assert all(engines[n]["enabled"] for n in ON_WITHOUT_TOR)
    for name in ON_WITHOUT_TOR:
        assert engines[name]["categories"] == ENTRIES[name][2], name
    assert not {u["name"] for u in config["unsupported_engines"]} & set(ENTRIES)
    assert {"files", "social media"} <= set(config["categories"])
    page = client.get("/search?q=x&categories=files").get_data(as_text=True)
    tabs = page.split('class="tabs"', 1)[1].split("</nav>", 1)[0]
    assert ">Files<" in tabs and ">Social media<" in tabs and ">Other<" not in tabs  # chefkoch: bang only
    with_tor = settings_mod.load(_user_file(tmp_path, "outgoing:\n  using_tor_proxy: true\n"),
                                 overrides=hosts.settings())
    tor_engines = {e["name"]: e for e in app_factory(with_tor).test_client().get("/config").get_json()["engines"]}
    assert tor_engines["ahmia"]["categories"] == ["onions"] and tor_engines["ahmia"]["enabled"]


def test_searxngs_own_settings_file_enables_the_same_set(monkeypatch: Any, app_factory: Any,
                                                         hosts: UpstreamHosts) -> None:  # fmt: skip
    monkeypatch.delenv("SEARX_SETTINGS_PATH", raising=False)
    monkeypatch.setenv("SEARXNG_SETTINGS_PATH", str(ROOT / "tests" / "fixtures" / "upstream_settings" /
                                                     "searxng_settings.yml"))
    monkeypatch.setenv("SEARXNG_SECRET", SECRET)
    settings = settings_mod.load(overrides={**hosts.settings(), "store": {"url": "memory://"}})
    config = app_factory(settings).test_client().get("/config").get_json()
    engines = {e["name"]: e for e in config["engines"]}
    assert ON_WITHOUT_TOR <= set(engines) and all(engines[n]["enabled"] for n in ON_WITHOUT_TOR)
    assert "ahmia" not in engines and "ahmia" not in {u["name"] for u in config["unsupported_engines"]}
    assert not {u["name"] for u in config["unsupported_engines"]} & set(ENTRIES)


def test_the_engine_report_lists_every_engine_of_the_group(tmp_path: Path, hosts: UpstreamHosts) -> None:
    hosts.route("apibay.org", "/q.php", fixture("piratebay/q-php_ubuntu_reconstructed.json"),
                content_type="application/json")
    hosts.route("lemmy.ml", "/api/v3/search", fixture("lemmy/api-v3-search_type-posts_rust_reconstructed.json"),
                content_type="application/json")
    entries = [{"name": name, "engine": engine, "shortcut": shortcut, **keys}
               for name, (engine, shortcut, _, _, keys) in ENTRIES.items()]
    entries[-2]["categories"] = "onions"
    path = tmp_path / "settings.yml"
    path.write_text(yaml.safe_dump({"server": {"secret_key": SECRET}, "engines": entries,
                                    **{**hosts.settings(), "outgoing": {**hosts.settings()["outgoing"],
                                                                        "using_tor_proxy": True}}}))
    args = [a for name in ENTRIES for a in ("--engine", name)]
    out = subprocess.run([sys.executable, "-m", "searx.check", "--json", *args, "ubuntu"],
                         env={"SEARX_SETTINGS_PATH": str(path), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    rows = {r["engine"]: r for r in json.loads(out.stdout)}
    assert set(rows) == set(ENTRIES)
    assert rows["piratebay"]["outcome"] == "ok" and rows["lemmy posts"]["outcome"] == "ok"
    assert all(r["outcome"] in ("ok", "no_results", "error", "challenged", "blocked") for r in rows.values())
