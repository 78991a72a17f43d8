"""The engine test report (CLI and admin endpoint) and /stats."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import yaml

from tests.conftest import SECRET, json_engine_entry, make_settings

ROOT = Path(__file__).resolve().parent.parent.parent


def engines(url):
    return [json_engine_entry(url, "good"), json_engine_entry(url, "limited", path="/status/429", extra="&retry_after=600"),
            json_engine_entry(url, "empty", path="/json", extra="&n=0", suggestion_query="")]


def test_admin_check_needs_a_token_and_is_404_without_one(app_factory, fake_engine):
    client = app_factory(make_settings(engines(fake_engine.url))).test_client()
    assert client.get("/admin/engines/check?q=x").status_code == 404
    client = app_factory(make_settings(engines(fake_engine.url), general={"admin_token": "tok-123"})).test_client()
    assert client.get("/admin/engines/check?q=x").status_code == 401
    assert client.get("/admin/engines/check?q=x", headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert client.get("/admin/engines/check", headers={"Authorization": "Bearer tok-123"}).status_code == 400


def test_admin_check_reports_each_engine_and_ignores_cooldowns(app_factory, fake_engine):
    app = app_factory(make_settings(engines(fake_engine.url), general={"admin_token": "tok-123"}))
    client = app.test_client()
    auth = {"Authorization": "Bearer tok-123"}
    # a search puts "limited" into its cooldown
    first = client.get("/search?q=x&format=json").get_json()
    assert ["limited", "too many requests"] in first["unresponsive_engines"]
    second = client.get("/search?q=y&format=json").get_json()
    assert ["limited", "Suspended: too many requests"] in second["unresponsive_engines"]
    report = client.get("/admin/engines/check?q=hello", headers=auth).get_json()
    rows = {r["engine"]: r for r in report["engines"]}
    assert rows["good"]["outcome"] == "ok" and rows["good"]["results"] == 10
    assert rows["limited"]["outcome"] == "blocked" and rows["limited"]["reason"] == "too many requests"
    assert rows["empty"]["outcome"] == "no_results"
    assert all(isinstance(r["latency_ms"], int) for r in rows.values())
    stats = client.get("/stats").get_json()["engines"]
    assert stats["limited"]["cooldown"]["active"] is True
    assert stats["good"]["success_rate"] == 1.0


def test_cli_prints_a_table_and_json(tmp_path, fake_engine):
    path = tmp_path / "settings.yml"
    path.write_text(yaml.safe_dump({"server": {"secret_key": SECRET}, "engines": engines(fake_engine.url)}))
    env = {"SEARX_SETTINGS_PATH": str(path), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-m", "searx.check", "hello"], env=env, cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].split() == ["engine", "outcome", "results", "latency", "reason"]
    assert any(line.startswith("good") and " ok " in line for line in lines)
    assert any(line.startswith("limited") and "blocked" in line for line in lines)
    out = subprocess.run([sys.executable, "-m", "searx.check", "--json", "hello"], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    rows = {r["engine"]: r for r in json.loads(out.stdout)}
    assert rows["empty"]["outcome"] == "no_results"


def test_cli_bad_settings_exit_2(tmp_path):
    path = tmp_path / "settings.yml"
    path.write_text("server:\n  port: nope\n")
    out = subprocess.run([sys.executable, "-m", "searx.check", "x"], env={"SEARX_SETTINGS_PATH": str(path)},
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "server.port" in out.stderr
