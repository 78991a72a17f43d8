"""Shared fixtures: a fake engine server, settings built for tests, the app."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from searx import settings as settings_mod
from tests.clock import Clock
from tests.served import ServedApp
from tests.upstream_hosts import UpstreamHosts
from tests.valkey_server import NO_SERVER, ValkeyServer, server_binary
from utils.fakes.engine import FakeEngineServer

Served = TypeVar("Served", bound=ServedApp)
SECRET = "test-secret-key-for-the-test-suite"
COLLECTIONS_TOKEN = "collections-test-token-0123456789"
# How long a served app may take to answer its first request. Start-up costs ~1.7 s of CPU,
# but on a machine busy with other jobs that can take a minute of wall time; every wait
# loop also fails at once when the process exits, so a broken start is not waited out.
START_TIMEOUT = 120.0

pytest_plugins = ["tests.real_llm", "pytester"]


@pytest.fixture(scope="session")
def fake_engine() -> Iterator[FakeEngineServer]:
    """The fake engine; its dated answers count back from its ``clock``, a ``Clock`` at ``START``
    that no test moves (give an app that clock to see those dates as the fake's "now" does)."""
    with FakeEngineServer(clock=Clock()) as server:
        yield server


def json_engine_entry(base: str, name: str, *, path: str = "/json", extra: str = "", **conf: Any) -> dict[str, Any]:
    """A json_engine settings entry pointed at the fake engine."""
    entry: dict[str, Any] = {
        "name": name, "engine": "json_engine", "shortcut": name,
        "search_url": f"{base}{path}?q={{query}}&pageno={{pageno}}&site={name}{extra}",
        "results_query": "results", "url_query": "url", "title_query": "title", "content_query": "content",
        "suggestion_query": "suggestions", "enable_http": True, "paging": True, "categories": ["general"],
    }
    entry.update(conf)
    return entry


def make_settings(engines: list[dict[str, Any]], **sections: Any) -> settings_mod.Settings:
    """Default settings with only ``engines`` and the given section overrides."""
    data = settings_mod.merge(settings_mod._read_yaml(settings_mod.DEFAULT_PATH), None)
    data["engines"] = engines
    data.setdefault("server", {})["secret_key"] = SECRET
    # summaries in tests read no result pages (that would go to the network) unless a test asks
    data.setdefault("ai_summary", {})["read_pages"] = 0
    # no suggestions either (the default backend is on the internet) unless a test names one
    data.setdefault("search", {})["autocomplete"] = ""
    for name, values in sections.items():
        data.setdefault(name, {}).update(values)
    return settings_mod.validate(data, source="tests")


@pytest.fixture
def app_factory() -> Iterator[Any]:
    """Build apps from settings (and optionally the services' wall ``clock``); their services are
    closed after the test."""
    from searx.webapp import create_app

    apps = []

    def build(settings: settings_mod.Settings, **kwargs: Any) -> Any:
        app = create_app(settings, testing=True, **kwargs)
        apps.append(app)
        return app

    yield build
    for app in apps:
        app.extensions["searx"].close()


@pytest.fixture
def engine_app(app_factory: Any, fake_engine: FakeEngineServer) -> Callable[..., Any]:
    """``engine_app(name, **sections)``: an app whose one engine is the fake engine under ``name``, the
    settings' ``sections`` overridden."""

    def build(name: str, **sections: Any) -> Any:
        return app_factory(make_settings([json_engine_entry(fake_engine.url, name)], **sections))

    return build


@pytest.fixture
def serve_app(app_factory: Any) -> Iterator[Callable[..., Any]]:
    """``serve_app(settings, kind=ServedApp)``: the app of ``settings`` on a werkzeug server at 127.0.0.1
    (port 0), as ``kind`` (a ``ServedApp`` with helpers of its own); closed after the test."""
    served: list[ServedApp] = []

    def start(settings: settings_mod.Settings, kind: type[Served] = ServedApp) -> Served:  # type: ignore[assignment]
        app = kind(app_factory(settings))
        served.append(app)
        return app

    yield start
    for app in served:
        app.close()


@pytest.fixture
def network() -> Iterator[Any]:
    """The engines' network with default outgoing settings, closed after the test."""
    from searx.network.client import EngineNetwork
    from searx.settings import Outgoing

    net = EngineNetwork(Outgoing())
    yield net
    net.close()


@pytest.fixture
def three_engine_app(app_factory: Any, fake_engine: FakeEngineServer) -> Any:
    engines = [json_engine_entry(fake_engine.url, n) for n in ("alpha", "beta", "gamma")]
    return app_factory(make_settings(engines, search={"formats": ["html", "json", "csv", "rss"]}))


@pytest.fixture
def client(three_engine_app: Any) -> Any:
    return three_engine_app.test_client()


@pytest.fixture
def coll_factory(app_factory: Any, tmp_path: Any) -> Any:
    """``build(engines=[], **collections_settings)``: an app whose collections index is open."""

    def build(engines: list[dict[str, Any]] | None = None, server: dict[str, Any] | None = None,
              **conf: Any) -> Any:  # fmt: skip
        conf.setdefault("data_dir", str(tmp_path / "data"))
        conf.setdefault("tokens", [COLLECTIONS_TOKEN])
        conf.setdefault("embeddings", {"backend": "none"})
        app = app_factory(make_settings(engines or [], collections=conf, server=server or {}))
        assert app.extensions["searx"].collections.wait_ready(10)
        return app

    return build


@pytest.fixture(scope="session")
def upstream_hosts_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[UpstreamHosts]:
    hosts = UpstreamHosts(tmp_path_factory.mktemp("upstream-hosts"))
    yield hosts
    hosts.close()


@pytest.fixture
def hosts(upstream_hosts_server: UpstreamHosts) -> Iterator[UpstreamHosts]:
    """The engines' upstream hosts (tests/upstream_hosts.py), with this test's routes only."""
    upstream_hosts_server.clear()
    yield upstream_hosts_server
    upstream_hosts_server.clear()


@pytest.fixture
def engine_client(app_factory: Any, hosts: UpstreamHosts) -> Any:
    """``engine_client(entries, **sections)``: a test client of an app whose engines reach the
    upstream hosts double (real request URLs, through ``outgoing.proxies`` with the test CA)."""

    def build(entries: list[dict[str, Any]], **sections: Any) -> Any:
        merged = hosts.settings()
        for name, values in sections.items():
            merged[name] = {**merged.get(name, {}), **values}
        return app_factory(make_settings(entries, **merged)).test_client()

    return build


@pytest.fixture(scope="session")
def valkey_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ValkeyServer]:
    """A server shared by the whole session; tests isolate themselves by key prefix."""
    if server_binary() is None:
        pytest.skip(NO_SERVER)
    server = ValkeyServer(tmp_path_factory.mktemp("valkey"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def own_valkey_server(tmp_path: Path) -> Iterator[ValkeyServer]:
    """A server of this test alone, which the test may stop and start again."""
    if server_binary() is None:
        pytest.skip(NO_SERVER)
    server = ValkeyServer(tmp_path)
    server.start()
    yield server
    server.stop()
