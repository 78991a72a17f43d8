"""Environment variables in both spellings (SEARX_ wins), SearXNG's valkey.url, the secret checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from searx import settings as settings_mod
from searx.errors import SettingsError

LONG = "k" * 32
ALL = ("SEARX_SETTINGS_PATH", "SEARXNG_SETTINGS_PATH", "SEARX_SECRET_KEY", "SEARXNG_SECRET", "SEARX_PORT",
       "SEARXNG_PORT", "SEARX_BIND_ADDRESS", "SEARXNG_BIND_ADDRESS", "SEARX_BASE_URL", "SEARXNG_BASE_URL",
       "SEARX_VALKEY_URL", "SEARXNG_VALKEY_URL", "SEARX_LIMITER", "SEARXNG_LIMITER", "SEARX_PUBLIC_INSTANCE",
       "SEARXNG_PUBLIC_INSTANCE", "SEARX_IMAGE_PROXY", "SEARXNG_IMAGE_PROXY", "SEARX_METHOD", "SEARXNG_METHOD",
       "SEARX_DEBUG", "SEARXNG_DEBUG")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ALL:
        monkeypatch.delenv(name, raising=False)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "settings.yml"
    path.write_text(text)
    return path


def test_searxng_variables_are_read(tmp_path, monkeypatch):
    monkeypatch.setenv("SEARXNG_SETTINGS_PATH", str(write(tmp_path, "use_default_settings: true\nserver: {port: 1}\n")))
    monkeypatch.setenv("SEARXNG_SECRET", LONG)
    monkeypatch.setenv("SEARXNG_PORT", "9123")
    monkeypatch.setenv("SEARXNG_BIND_ADDRESS", "0.0.0.0")
    monkeypatch.setenv("SEARXNG_BASE_URL", "https://search.example.org/")
    monkeypatch.setenv("SEARXNG_VALKEY_URL", "valkey://127.0.0.1:6390/0")
    monkeypatch.setenv("SEARXNG_LIMITER", "true")
    s = settings_mod.load()
    assert s.source == str(tmp_path / "settings.yml")
    assert (s.server.secret_key, s.server.port, s.server.bind_address) == (LONG, 9123, "0.0.0.0")
    assert s.server.base_url == "https://search.example.org/" and s.server.limiter is True
    assert s.store.url == "valkey://127.0.0.1:6390/0"
    settings_mod.check_secret(s)


def test_searx_spelling_wins_when_both_are_set(tmp_path, monkeypatch):
    monkeypatch.setenv("SEARX_SETTINGS_PATH", str(write(tmp_path, "server: {port: 1111}\n")))
    monkeypatch.setenv("SEARXNG_SETTINGS_PATH", str(tmp_path / "missing.yml"))
    monkeypatch.setenv("SEARX_SECRET_KEY", "ours-" + LONG)
    monkeypatch.setenv("SEARXNG_SECRET", "theirs-" + LONG)
    monkeypatch.setenv("SEARX_PORT", "2222")
    monkeypatch.setenv("SEARXNG_PORT", "3333")
    monkeypatch.setenv("SEARX_LIMITER", "false")
    monkeypatch.setenv("SEARXNG_LIMITER", "true")
    s = settings_mod.load()
    assert (s.server.secret_key, s.server.port, s.server.limiter) == ("ours-" + LONG, 2222, False)


@pytest.mark.parametrize(("name", "value"), [("SEARXNG_PORT", "http"), ("SEARX_LIMITER", "maybe")])
def test_a_bad_variable_stops_start_up_naming_it(monkeypatch, name, value):
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError, match=name):
        settings_mod.load(settings_mod.DEFAULT_PATH)


def test_valkey_url_setting_names_the_store(tmp_path):
    s = settings_mod.load(write(tmp_path, "valkey:\n  url: valkey://127.0.0.1:6390/1\n"))
    assert s.store.url == "valkey://127.0.0.1:6390/1"
    both = settings_mod.load(write(tmp_path, "valkey: {url: 'valkey://a/1'}\nstore: {url: 'valkey://b/2'}\n"))
    assert both.store.url == "valkey://b/2"
    off = settings_mod.load(write(tmp_path, "valkey: {url: false}\n"))
    assert not off.store.url


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("secret", ["", "ultrasecretkey", "x" * 31])
def test_a_short_secret_stops_start_up_also_in_debug_mode(tmp_path, secret, debug):
    s = settings_mod.load(write(tmp_path, f"general: {{debug: {str(debug).lower()}}}\nserver: {{secret_key: '{secret}'}}\n"))
    with pytest.raises(SettingsError, match=r"^server\.secret_key"):
        settings_mod.check_secret(s)


def test_a_secret_from_the_environment_passes(monkeypatch):
    monkeypatch.setenv("SEARX_SECRET_KEY", "x" * 32)
    settings_mod.check_secret(settings_mod.load(settings_mod.DEFAULT_PATH))


@pytest.mark.parametrize("key", ["sk-abc\r\nX-Injected: 1", "sk-\x00", "sk-é", "sk\tabc"])
def test_an_api_key_that_is_not_printable_ascii_stops_start_up(tmp_path, key):
    path = tmp_path / "settings.yml"
    import yaml

    path.write_text(yaml.safe_dump({"ai_summary": {"api_key": key}}))
    with pytest.raises(SettingsError, match=r"^ai_summary\.api_key") as err:
        settings_mod.load(path)
    assert key not in str(err.value)


def test_a_printable_api_key_is_accepted(tmp_path):
    s = settings_mod.load(write(tmp_path, "ai_summary: {api_key: 'sk-AZaz09_-.~!'}\n"))
    assert s.ai_summary.api_key == "sk-AZaz09_-.~!"


def test_the_app_refuses_a_short_secret_in_tests_too():
    import msgspec

    from searx.webapp import create_app
    from tests.conftest import make_settings

    s = make_settings([])
    short = msgspec.structs.replace(s, server=msgspec.structs.replace(s.server, secret_key="short"))
    with pytest.raises(SettingsError, match="server.secret_key"):
        create_app(short, testing=True)


def test_make_run_uses_searxng_settings_path(tmp_path, monkeypatch):
    import os
    import shutil
    import subprocess
    import sys

    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    root = Path(__file__).resolve().parent.parent
    settings = write(tmp_path, f"use_default_settings: true\nserver: {{secret_key: '{LONG}'}}\n")
    fake_bin = tmp_path / "bin"
    fake_bin.mkdir()
    python = fake_bin / "python"  # stands in for the venv's python: says which settings it would serve
    python.write_text(f"#!/bin/sh\nexec {sys.executable} -c 'import searx.settings as s; print(s.load().source)'\n")
    python.chmod(0o755)
    stamp = tmp_path / "stamp"
    stamp.touch()
    os.utime(stamp, (4102444800, 4102444800))  # newer than the requirements: nothing to install
    env = {k: v for k, v in os.environ.items() if k not in ALL}
    env["SEARXNG_SETTINGS_PATH"] = str(settings)
    out = subprocess.run(["make", "-s", "-C", str(root), "run", f"BIN={fake_bin}", f"STAMP={stamp}"],
                         env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == str(settings)


def test_searxng_docker_variables_are_read(tmp_path, monkeypatch):
    monkeypatch.setenv("SEARXNG_SETTINGS_PATH", str(write(tmp_path, "use_default_settings: true\n")))
    for name, value in (("SEARXNG_PUBLIC_INSTANCE", "false"), ("SEARXNG_IMAGE_PROXY", "true"),
                        ("SEARXNG_METHOD", "POST"), ("SEARXNG_DEBUG", "0")):
        monkeypatch.setenv(name, value)
    s = settings_mod.load()
    assert (s.server.public_instance, s.server.image_proxy, s.server.method, s.general.debug) == (False, True, "POST",
                                                                                                  False)
    monkeypatch.setenv("SEARXNG_METHOD", "PUT")
    with pytest.raises(SettingsError, match="server.method: must be one of GET, POST"):
        settings_mod.load()
