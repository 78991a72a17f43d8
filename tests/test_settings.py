"""Settings: merging with use_default_settings and validation that names the key."""

from pathlib import Path

import pytest

from searx import settings as settings_mod
from searx.engines import load_engines, unsupported
from searx.errors import SettingsError


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "settings.yml"
    path.write_text(text)
    return path


def test_defaults_load_and_every_default_engine_builds():
    s = settings_mod.load(settings_mod.DEFAULT_PATH)
    engines = load_engines(s.engines)
    assert "duckduckgo" in engines and engines["duckduckgo"].shortcut == "ddg"
    assert s.server.port == 8888 and s.server.bind_address == "127.0.0.1"


def test_use_default_settings_overrides_only_named_keys(tmp_path):
    path = write(tmp_path, "use_default_settings: true\nserver:\n  port: 9999\n  secret_key: abc\n")
    s = settings_mod.load(path)
    assert s.server.port == 9999 and s.server.bind_address == "127.0.0.1"
    assert any(e["name"] == "wikipedia" for e in s.engines)


def test_keep_only_and_remove(tmp_path):
    path = write(tmp_path, "use_default_settings: true\nengines:\n  keep_only: [wikipedia, github, arxiv]\n  remove: [github]\n")
    assert [e["name"] for e in settings_mod.load(path).engines] == ["wikipedia", "arxiv"]


def test_keep_only_under_use_default_settings_with_an_engine_list(tmp_path):
    path = write(tmp_path, "use_default_settings:\n  engines:\n    keep_only: [wikipedia, arxiv]\n"
                           "engines:\n  - name: arxiv\n    timeout: 7\n")
    engines = settings_mod.load(path).engines
    assert [e["name"] for e in engines] == ["wikipedia", "arxiv"]
    assert engines[1]["timeout"] == 7


def test_searxng_style_engine_list_updates_defaults_and_adds(tmp_path):
    path = write(tmp_path, """use_default_settings: true
engines:
  - name: wikipedia
    timeout: 9.5
  - name: my json
    engine: json_engine
    shortcut: mj
    search_url: https://example.org/api?q={query}
    url_query: link
""")
    s = settings_mod.load(path)
    engines = load_engines(s.engines)
    assert engines["wikipedia"].timeout == 9.5
    assert engines["my json"].settings["url_query"] == "link"


def test_without_use_default_settings_the_file_is_whole(tmp_path):
    s = settings_mod.load(write(tmp_path, "server:\n  port: 1234\n"))
    assert s.engines == () and s.server.port == 1234


@pytest.mark.parametrize("text, path", [
    ("server:\n  port: not-a-port\n", "server.port"),
    ("search:\n  formats: json\n", "search.formats"),
    ("ai_summary:\n  max_sources: [1]\n", "ai_summary.max_sources"),
    ("search:\n  safe_search: 7\n", "search.safe_search"),
    ("engines:\n  - name: x\n    engine: json_engine\n    timeout: soon\n", "engines[0].timeout"),
    ("engines:\n  - engine: json_engine\n", "engines[0]"),
])
def test_wrong_types_name_the_key_path(tmp_path, text, path):
    with pytest.raises(SettingsError) as err:
        settings_mod.load(write(tmp_path, text))
    assert str(err.value).startswith(path)


def test_duplicate_engine_name_and_shortcut(tmp_path):
    dup_name = "engines:\n  - {name: a, engine: arxiv}\n  - {name: a, engine: github}\n"
    with pytest.raises(SettingsError, match=r"engines\[1\]\.name: duplicate engine name 'a'"):
        settings_mod.load(write(tmp_path, dup_name))
    dup_short = "engines:\n  - {name: a, engine: arxiv, shortcut: s}\n  - {name: b, engine: github, shortcut: s}\n"
    with pytest.raises(SettingsError, match=r"engines\[1\]\.shortcut: duplicate shortcut 's'"):
        settings_mod.load(write(tmp_path, dup_short))


def test_an_entry_whose_module_is_missing_is_skipped_not_fatal(tmp_path):
    s = settings_mod.load(write(tmp_path, "engines:\n  - {name: a, engine: arxiv}\n  - {name: b, engine: nosuch}\n"
                                          "  - {name: c, engine: wikipdia}\n  - {name: d}\n"))
    assert list(load_engines(s.engines)) == ["a"]
    reasons = {u.name: u.reason for u in unsupported(s.engines)}
    assert reasons == {"b": "this instance has no engine module 'nosuch'",
                       "c": "this instance has no engine module 'wikipdia' (did you mean 'wikipedia'?)",
                       "d": "no engine: key, and the default settings have no engine of this name"}


@pytest.mark.parametrize("module", ["../arxiv", "Arxiv", "arxiv.x", "a b"])
def test_a_module_name_that_cannot_be_one_still_stops_start_up(tmp_path, module):
    s = settings_mod.validate({"engines": [{"name": "a", "engine": "arxiv"}, {"name": "b", "engine": module}]})
    with pytest.raises(SettingsError, match=r"engines\[1\]\.engine: .* is not an engine module name"):
        load_engines(s.engines)


def test_generic_engine_settings_are_checked(tmp_path):
    s = settings_mod.load(write(tmp_path, "engines:\n  - {name: a, engine: json_engine, search_url: 'http://x/?q={query}'}\n"))
    with pytest.raises(SettingsError, match=r"engines\[0\]: url_query"):
        load_engines(s.engines)
    s = settings_mod.load(write(tmp_path, "engines:\n  - {name: a, engine: xpath, search_url: 'http://x/{query}', "
                                          "url_xpath: '//a[', title_xpath: '//a'}\n"))
    with pytest.raises(SettingsError, match=r"url_xpath: not a valid XPath"):
        load_engines(s.engines)


def test_loader_does_not_write_onto_the_module(tmp_path):
    from searx.engines import json_engine

    s = settings_mod.load(write(tmp_path, "engines:\n  - {name: a, engine: json_engine, search_url: 'http://x/?q={query}', "
                                          "url_query: u, paging: true}\n"))
    engine = load_engines(s.engines)["a"]
    assert engine.paging is True and engine.settings["url_query"] == "u"
    assert json_engine.paging is False and json_engine.url_query == ""


def test_default_secret_key_refused(tmp_path):
    s = settings_mod.load(write(tmp_path, "use_default_settings: true\n"))
    with pytest.raises(SettingsError, match="server.secret_key"):
        settings_mod.check_secret(s)


def test_settings_are_frozen():
    s = settings_mod.load(settings_mod.DEFAULT_PATH)
    with pytest.raises(AttributeError):
        s.server.port = 1  # type: ignore[misc]


def test_missing_file_and_bad_yaml(tmp_path):
    with pytest.raises(SettingsError, match="cannot read"):
        settings_mod.load(tmp_path / "nope.yml")
    with pytest.raises(SettingsError, match="not valid YAML"):
        settings_mod.load(write(tmp_path, "a: [\n"))


def test_an_unknown_summary_mode_stops_start_up_naming_the_key():
    from searx.settings import load
    from searx.settings_sections import SUMMARY_MODES

    with pytest.raises(SettingsError, match=r"^ai_summary\.default_mode"):
        load(overrides={"ai_summary": {"default_mode": "sometimes"}})
    assert SUMMARY_MODES == ("always", "questions", "click", "never")


@pytest.mark.parametrize(("chosen", "default", "lock", "mode"), [
    (None, "always", False, "always"), ("click", "always", False, "click"), ("bogus", "click", False, "click"),
    ("", "questions", False, "questions"), ("never", "click", True, "click"), ("click", "never", True, "never"),
])  # fmt: skip
def test_the_summary_mode_is_the_users_unless_locked(chosen: str | None, default: str, lock: bool, mode: str) -> None:
    from searx.settings_sections import AISummary

    assert AISummary(default_mode=default, lock_mode=lock).mode_for(chosen) == mode  # type: ignore[arg-type]
