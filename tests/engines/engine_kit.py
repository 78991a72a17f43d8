"""Engine test helpers: build engines and fake responses from fixtures; one engine call through the runner.

``call_engine`` runs the search runner itself (``SearchRunner.ask``) for one engine over real HTTP
(the engine network, on 127.0.0.1): params from ``engine_params``, the token step, ``request()``,
and the answer read by ``searx.search.classify`` (status mapping, parser, bot checks), so one
engine's outcomes are tested through the runner's own code without building a whole app.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from searx.enginelib.params import EngineParams, SearchResponse, engine_params
from searx.engines import Engine, build_engine
from searx.errors import EngineError
from searx.network.client import EngineNetwork, Fetch, Fetched
from searx.plugins import PluginManager
from searx.results.search import SearchQuery
from searx.search.runner import SearchRunner
from searx.search.tokens import TokenCache
from searx.settings import Outgoing
from searx.store import MemoryStore
from searx.upstream.challenge import page_error

FIXTURES = Path(__file__).parent / "fixtures"


def fixture(path: str) -> bytes:
    return (FIXTURES / path).read_bytes()


def make_engine(module: str, name: str | None = None, **settings: Any) -> Engine:
    return build_engine({"name": name or module, "engine": module, **settings}, "engines[test]", 3.0)


def make_params(engine: Engine, **overrides: Any) -> EngineParams:
    """The params the runner hands ``request()`` (``engine_params``) for a general search, with ``overrides``."""
    params = engine_params(engine, SearchQuery(query="", engines=(engine.name,)))
    params.update(overrides)  # type: ignore[typeddict-item]  # any key a test needs
    return params


def fake_response(engine: Engine, body: bytes, *, status: int = 200, content_type: str = "text/html; charset=utf-8",
                  query: str = "test", **param_overrides: Any) -> SearchResponse:
    """An ``httpx.Response`` as the runner hands it to ``response()`` (body read, ``search_params`` set)."""
    params = make_params(engine, query=query, **param_overrides)
    engine.request(query, params)
    resp = SearchResponse(status, content=body, headers={"content-type": content_type},
                          request=httpx.Request(params.get("method", "GET"), params["url"] or "http://127.0.0.1/"))
    resp.search_params = params
    return resp


@dataclass
class Outcome:
    outcome: str
    reason: str = ""
    results: list[dict[str, Any]] = field(default_factory=list)
    retry_after: float | None = None
    error: EngineError | None = None


class _Loopback(EngineNetwork):
    """The engine network with plain ``http://`` allowed: the test upstreams listen on 127.0.0.1 without TLS."""

    def fetch_all(self, batch: Sequence[Fetch]) -> list[Fetched]:
        return super().fetch_all([dataclasses.replace(f, enable_http=True) for f in batch])


def call_engine(engine: Engine, query: str, *, timeout: float = 2.0, category: str = "general",
                **search: Any) -> Outcome:
    """One engine call through the runner (``SearchRunner.ask``) over real HTTP, the engine's token fetched
    first when it needs one (an empty store); ``search``: the ``SearchQuery``'s pageno, language, safesearch,
    time_range. The engine made no request: no_results."""
    network = _Loopback(Outgoing())
    try:
        runner = SearchRunner({engine.name: engine}, network, PluginManager([]), bot_check=page_error,
                              tokens=TokenCache(MemoryStore()))
        sq = SearchQuery(query=query, engines=(engine.name,), categories=(category,), timeout=timeout, **search)
        ended = runner.ask(sq, ignore_health=True)
    finally:
        network.close()
    if not ended:
        return Outcome("no_results")
    report, answered = ended[0].report, ended[0].answered
    return Outcome(report.outcome, report.reason, answered.items if answered else [], report.retry_after,
                   ended[0].error)
