"""``python -m searx.webapp.serve`` (what `make run` starts): settings decide where it listens."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import yaml

from tests.conftest import SECRET, START_TIMEOUT, json_engine_entry

ROOT = Path(__file__).resolve().parent.parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(path: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "searx.webapp.serve"], cwd=ROOT,
                            env={"SEARX_SETTINGS_PATH": str(path), "PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin"},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_serves_on_the_configured_address_and_port(tmp_path, fake_engine):
    port = free_port()
    path = tmp_path / "settings.yml"
    path.write_text(yaml.safe_dump({"use_default_settings": {"engines": {"keep_only": []}},
                                    "server": {"secret_key": SECRET, "port": port, "bind_address": "127.0.0.1"},
                                    "engines": [json_engine_entry(fake_engine.url, "a")]}))
    proc = serve(path)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            assert proc.poll() is None, proc.stderr.read()
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server did not come up"
                time.sleep(0.1)  # not up yet: poll again
        data = httpx.get(f"http://127.0.0.1:{port}/search", params={"q": "x", "format": "json"}, timeout=10).json()
        assert data["results"] and data["unresponsive_engines"] == []
    finally:
        proc.terminate()
        proc.wait(10)


def test_default_secret_key_stops_start_up(tmp_path):
    path = tmp_path / "settings.yml"
    path.write_text("use_default_settings: true\n")
    proc = serve(path)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 2
    assert "server.secret_key" in err and "Traceback" not in err


def test_bad_engine_stops_start_up_naming_the_key(tmp_path):
    # a missing module is skipped (docs/admin/settings.md); a module's own check still stops start-up
    path = tmp_path / "settings.yml"
    path.write_text(yaml.safe_dump({"server": {"secret_key": SECRET},
                                    "engines": [{"name": "x", "engine": "no_such_module"},
                                                {"name": "y", "engine": "json_engine", "search_url": "https://x/{query}"}]}))
    proc = serve(path)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 2
    assert "engines[1]: url_query: required" in err


def test_bad_trusted_proxy_stops_start_up(tmp_path):
    path = tmp_path / "settings.yml"
    path.write_text(yaml.safe_dump({"server": {"secret_key": SECRET, "trusted_proxies": ["10.0.0.0/8", "nonsense"]},
                                    "engines": []}))
    proc = serve(path)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 2
    assert "server.trusted_proxies[1]" in err


def test_a_typo_in_an_own_section_stops_start_up_naming_the_key(tmp_path):
    path = tmp_path / "settings.yml"
    path.write_text(yaml.safe_dump({"server": {"secret_key": SECRET}, "engines": [],
                                    "ai_summary": {"base_ulr": "http://127.0.0.1:11434/v1"}}))
    proc = serve(path)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 2
    assert "ai_summary.base_ulr: unknown key" in err and "Traceback" not in err


def test_a_socks_proxy_stops_start_up(tmp_path):
    path = tmp_path / "settings.yml"
    path.write_text(yaml.safe_dump({"server": {"secret_key": SECRET}, "engines": [],
                                    "outgoing": {"proxies": "socks5://127.0.0.1:9050"}}))
    proc = serve(path)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 2
    assert "outgoing.proxies:" in err
