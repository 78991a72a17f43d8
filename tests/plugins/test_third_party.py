"""Third-party plugins: by dotted path in ``plugins:`` or by the ``searx_ai.plugins`` entry-point group."""

from __future__ import annotations

import sys
import textwrap
from importlib.metadata import EntryPoint

import pytest

from searx.errors import SettingsError
from searx.plugins.loader import ENTRY_POINT_GROUP, load_plugins, plugin_classes
from tests.conftest import json_engine_entry, make_settings

PLUGIN = textwrap.dedent('''
    from searx.plugins import Plugin, PluginConfig
    from searx.results.types import Answer


    class Shout(Plugin):
        id = "shout"
        name = "Shout"

        def on_result(self, ctx, result):
            result.title = result.title.upper()
            return True

        def post_search(self, ctx):
            ctx.results.answers.append(Answer(answer="shout: " + ctx.query))


    class Quiet(Plugin):
        id = "quiet"
        default_on = False


    class Clash(Plugin):
        id = "hash_plugin"


    class Greet(Plugin):
        id = "greet"

        class Config(PluginConfig, frozen=True):
            greeting: str = "hello"
            times: int = 1

        def post_search(self, ctx):
            ctx.results.answers.append(Answer(answer=" ".join([self.config.greeting] * self.config.times)))


    NotAPlugin = object
''')


@pytest.fixture
def package(tmp_path, monkeypatch):
    """An installed-looking package ``shoutplug`` with a dist-info declaring one entry point."""
    module = f"shoutplug_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{module}.py").write_text(PLUGIN)
    dist = tmp_path / "shoutplug-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: shoutplug\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\nquiet = {module}:Quiet\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield module
    sys.modules.pop(module, None)


def test_a_plugin_named_by_dotted_path_runs_its_hooks_in_a_search(app_factory, fake_engine, package):
    settings = make_settings([json_engine_entry(fake_engine.url, "a")], plugins={f"{package}.Shout": {"active": True}})
    app = app_factory(settings)
    data = app.test_client().get("/search", query_string={"q": "alpha", "format": "json"}).get_json()
    assert [a["answer"] for a in data["answers"]] == ["shout: alpha"]
    assert data["results"] and all(r["title"] == r["title"].upper() for r in data["results"])


def test_entry_point_plugins_are_found_in_installed_packages(package):
    plugins = {p.id: p for p in load_plugins(make_settings([]))}
    assert "quiet" in plugins and plugins["quiet"].default_on is False
    on = {p.id: p for p in load_plugins(make_settings([], plugins={"quiet": {"active": True}}))}
    assert on["quiet"].default_on is True


def test_the_summary_plugin_stays_last(package):
    order = [cls.id for cls, _ in plugin_classes(make_settings([], plugins={f"{package}.Shout": {"active": True}}))]
    assert order[-1] == "ai_summary" and {"shout", "quiet"} <= set(order)


@pytest.mark.parametrize(("path", "message"), [
    ("no_such_module_xyz.Plugin", "cannot load"),
    ("{package}.Missing", "cannot load"),
    ("{package}.NotAPlugin", "not a subclass of searx.plugins.Plugin"),
    ("{package}.Clash", "used twice"),
])
def test_a_bad_plugin_stops_start_up_naming_the_key(package, path, message):
    key = path.format(package=package)
    with pytest.raises(SettingsError) as err:
        plugin_classes(make_settings([], plugins={key: {"active": True}}))
    assert str(err.value).startswith(f"plugins.{key}:") and message in str(err.value)


def test_a_broken_entry_point_stops_start_up_naming_it():
    broken = [EntryPoint(name="gone", value="no_such_module_xyz:Plugin", group=ENTRY_POINT_GROUP)]
    with pytest.raises(SettingsError, match=r"entry point 'gone' of group searx_ai\.plugins: cannot load"):
        plugin_classes(make_settings([]), installed=lambda: broken)


def test_start_up_check_loads_the_plugins(package):
    from searx.services import check

    with pytest.raises(SettingsError, match="plugins.nope.Plugin"):
        check(make_settings([], plugins={"nope.Plugin": {"active": True}}))


def test_a_plugin_gets_the_keys_of_its_entry_as_its_typed_config(package):
    key = f"{package}.Greet"
    plugins = {p.id: p for p in load_plugins(make_settings([], plugins={key: {"active": True, "greeting": "hi",
                                                                              "times": 2}}))}
    greet = plugins["greet"]
    assert (greet.config.greeting, greet.config.times, greet.default_on) == ("hi", 2, True)
    assert greet.settings.server.secret_key, "and the instance's settings"
    plain = {p.id: p for p in load_plugins(make_settings([], plugins={key: {"active": False}}))}["greet"]
    assert (plain.config.greeting, plain.config.times) == ("hello", 1), "a key left out keeps its default"


@pytest.mark.parametrize(("entry", "message"), [
    ({"greeting": "hi", "greting": "typo"}, "plugins.{key}.greting: unknown key"),
    ({"times": "many"}, "plugins.{key}.times: Expected `int`"),
    ({"active": "yes"}, "plugins.{key}.active: Expected `bool`"),
])
def test_a_bad_key_of_a_plugin_entry_stops_start_up_naming_it(package, entry, message):
    from searx.services import check

    key = f"{package}.Greet"
    with pytest.raises(SettingsError) as err:
        check(make_settings([], plugins={key: entry}))
    assert str(err.value).startswith(message.format(key=key)), str(err.value)


def test_a_plugin_without_settings_refuses_keys_searxngs_own_keep_them(package):
    with pytest.raises(SettingsError, match=rf"^plugins\.{package}\.Shout\.loud: unknown key"):
        plugin_classes(make_settings([], plugins={f"{package}.Shout": {"active": True, "loud": True}}))
    with pytest.raises(SettingsError, match=r"^plugins\.quiet\.volume: unknown key"):
        plugin_classes(make_settings([], plugins={"quiet": {"volume": 3}}))  # an entry point's, by its id
    assert plugin_classes(make_settings([], plugins={"hash_plugin": {"active": False, "extra": 1}}))
