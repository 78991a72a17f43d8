"""Engine test helpers: build engines, their requests and fake responses from fixtures; one engine call
through the runner.

``build`` (an engine's request params), ``args`` (a URL's query arguments), ``parse`` (an engine's
``response()`` on a body) and ``typed`` (the hits as the runner types them) are the helpers every
engine test file uses; a file binds its own defaults with ``functools.partial`` rather than
writing them again.

``call_engine`` runs the search runner itself (``SearchRunner.ask``) for one engine over real HTTP
(the engine network, on 127.0.0.1): params from ``engine_params``, the token step, ``request()``,
and the answer read by ``searx.search.classify`` (status mapping, parser, bot checks), so one
engine's outcomes are tested through the runner's own code without building a whole app.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx

from searx.enginelib.params import EngineParams, SearchResponse, engine_params
from searx.engines import Engine, build_engine
from searx.errors import EngineError
from searx.network.client import EngineNetwork, Fetch, Fetched
from searx.plugins import PluginManager
from searx.results.search import SearchQuery
from searx.results.types import MainResult, from_engine_item
from searx.search.runner import SearchRunner
from searx.search.tokens import TokenCache
from searx.settings import Outgoing
from searx.store import MemoryStore
from searx.upstream.challenge import page_error

FIXTURES = Path(__file__).parent / "fixtures"
HTML = "text/html; charset=utf-8"


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


# --- the helpers every engine test file uses ------------------------------------------------


def build(module: str, query: str = "ai tools", settings: Mapping[str, Any] | None = None,
          **overrides: Any) -> dict[str, Any]:  # fmt: skip
    """The params ``module``'s ``request()`` fills for ``query`` (``settings``: the engine's entry)."""
    engine = make_engine(module, **(settings or {}))
    params = make_params(engine, query=query, **overrides)
    engine.request(query, params)
    return params


def args(where: str | Mapping[str, Any]) -> dict[str, str]:
    """The first value of each query argument (blank ones too) of a URL, or of built params' ``url``."""
    url = where if isinstance(where, str) else where["url"]
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query, keep_blank_values=True).items()}


def parse(module: str, body: bytes, query: str = "test", *, settings: Mapping[str, Any] | None = None,
          content_type: str = HTML, status: int = 200, **overrides: Any) -> list[dict[str, Any]]:  # fmt: skip
    """What ``module``'s ``response()`` makes of ``body`` answered to ``query``."""
    engine = make_engine(module, **(settings or {}))
    return engine.response(fake_response(engine, body, status=status, content_type=content_type, query=query,
                                         **overrides))  # fmt: skip


def parse_fixture(module: str, path: str, query: str = "test", **kwargs: Any) -> list[dict[str, Any]]:
    """``parse`` on the fixture at ``path`` (below tests/engines/fixtures/)."""
    return parse(module, fixture(path), query, **kwargs)


def typed(module: str, items: list[dict[str, Any]], settings: Mapping[str, Any] | None = None) -> list[MainResult]:
    """The hits as the runner types them; every one must survive (its kind's fields present)."""
    engine = make_engine(module, **(settings or {}))
    hits = [i for i in items if "url" in i]
    out = [from_engine_item(i, module, engine.categories[0]) for i in hits]
    assert all(isinstance(r, MainResult) for r in out), [i for i, r in zip(hits, out, strict=True) if r is None]
    return out  # type: ignore[return-value]


def search_json(client: Any, q: str, category: str, **extra: str) -> dict[str, Any]:
    """A whole-app search of one ``category`` (a Flask test client), its JSON answer."""
    return client.get("/search?" + urlencode({"q": q, "format": "json", "categories": category, **extra})).get_json()
