"""The search runner: ask the engines at once, parse, merge, run plugin hooks.

HTTP happens on the network's event loop; parsing happens here, in the
calling thread, so the loop only waits on sockets.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import httpx

from searx.engines import Engine
from searx.errors import EngineError, EngineParseError
from searx.logtext import loggable
from searx.network.client import EngineNetwork, Fetch
from searx.network.status import check_status
from searx.plugins import Plugin, PluginManager, SearchContext
from searx.results.merge import merge
from searx.results.types import Answer, Infobox, MainResult, ResultSet, from_engine_item
from searx.search.cache import SearchCache
from searx.search.models import EngineReport, SearchOutcome, SearchQuery

log = logging.getLogger("searx.search")


class Health(Protocol):
    def admit(self, name: str) -> str | None: ...

    def record(self, name: str, outcome: str, *, reason: str = "", retry_after: float | None = None,
               latency: float | None = None, results: int = 0) -> None: ...


def _params(engine: Engine, sq: SearchQuery) -> dict[str, Any]:
    return {
        "engine": engine, "query": sq.query, "pageno": sq.pageno, "safesearch": sq.safesearch, "time_range": sq.time_range,
        "language": sq.language, "searxng_locale": sq.language, "category": sq.categories[0] if sq.categories else "general",
        "url": None, "method": "GET", "headers": {}, "data": None, "json": None, "cookies": {},
        "allow_redirects": False, "raise_for_httperror": True,
    }


def to_result_set(items: list[Any], engine: Engine) -> ResultSet:
    """Typed results from what an engine's ``response()`` returned."""
    out = ResultSet()
    category = engine.categories[0] if engine.categories else "general"
    for item in items:
        if not isinstance(item, dict):
            continue
        typed = from_engine_item(item, engine.name, category)
        if isinstance(typed, MainResult):
            out.results.append(typed)
        elif isinstance(typed, Answer):
            out.answers.append(typed)
        elif isinstance(typed, Infobox):
            out.infoboxes.append(typed)
        elif isinstance(typed, tuple):
            (out.suggestions if typed[0] == "suggestion" else out.corrections).append(typed[1])
        elif isinstance(typed, int):
            out.number_of_results = typed
    return out


def _empty(rs: ResultSet) -> bool:
    return not (rs.results or rs.answers or rs.infoboxes or rs.suggestions or rs.corrections)


class SearchRunner:
    """Runs one search over the engines it names."""

    def __init__(self, engines: Mapping[str, Engine], network: EngineNetwork, plugins: PluginManager,
                 health: Health | None = None,
                 bot_check: Callable[[httpx.Response], EngineError | None] | None = None,
                 cache: SearchCache | None = None,
                 observe: Callable[[EngineReport], None] | None = None) -> None:
        self.engines = engines
        self.observe = observe  # e.g. the metrics: sees every engine call's report
        self.cache = cache
        self.network = network
        self.plugins = plugins
        self.health = health
        # classifies empty or unparsable 2xx pages (searx.network.challenge.page_error)
        self.bot_check = bot_check or (lambda response: None)
        self.weights = {name: e.weight for name, e in engines.items()}

    def _prepare(self, sq: SearchQuery, reports: list[EngineReport], ignore_health: bool) -> list[tuple[Engine, Fetch]]:
        batch = []
        for name in sq.engines:
            engine = self.engines[name]
            if sq.pageno > 1 and not engine.paging:
                continue
            if sq.time_range and not engine.time_range_support:
                continue
            params = _params(engine, sq)
            try:
                engine.request(sq.query, params)
            except Exception as exc:  # noqa: BLE001 - one engine never fails the page
                log.warning("engine %s: request() failed: %r", name, exc)
                reports.append(EngineReport(name, "error", "unexpected crash", detail=repr(exc)))
                continue
            if not params.get("url"):
                continue
            # asked only now: a cooled-down engine's single probe must be a real request
            if self.health is not None and not ignore_health:
                suspended = self.health.admit(name)
                if suspended:
                    reports.append(EngineReport(name, "suspended", f"Suspended: {suspended}"))
                    continue
            batch.append((engine, Fetch(params, engine.timeout, engine.enable_http)))
        return batch

    def _parse(self, engine: Engine, response: httpx.Response, params: dict[str, Any]) -> ResultSet:
        if params.get("raise_for_httperror", True):
            check_status(response)
        response.search_params = params  # type: ignore[attr-defined]  # SearXNG's contract
        try:
            items = engine.response(response)
        except EngineParseError as exc:
            # a page that no longer parses is often a bot check served with 200
            raise self.bot_check(response) or exc from exc
        except EngineError:
            raise
        except Exception as exc:  # noqa: BLE001 - a parser that no longer fits the page
            raise self.bot_check(response) or EngineParseError(f"{type(exc).__name__}: {exc}") from exc
        rs = to_result_set(items, engine)
        if _empty(rs) and (error := self.bot_check(response)):
            raise error
        return rs

    def fetch(self, sq: SearchQuery, *, ignore_health: bool = False) -> tuple[list[ResultSet], list[EngineReport]]:
        """Ask every engine of ``sq``; each engine's results and a report per engine."""
        reports: list[EngineReport] = []
        batch = self._prepare(sq, reports, ignore_health)
        fetched = self.network.fetch_all([f for _, f in batch])
        parts: list[ResultSet] = []
        for (engine, fetch), got in zip(batch, fetched, strict=True):
            retry_after = None
            try:
                if got.error is not None:
                    raise got.error
                assert got.response is not None
                rs = self._parse(engine, got.response, fetch.params)
                parts.append(rs)
                outcome = "ok" if not _empty(rs) else "no_results"
                report = EngineReport(engine.name, outcome, "", len(rs.results), got.elapsed)
            except EngineError as exc:
                retry_after = exc.retry_after
                report = EngineReport(engine.name, exc.outcome, exc.reason, 0, got.elapsed, str(exc))
                log.info("engine %s: %s (%s)", engine.name, exc.reason, loggable(exc))  # may quote the upstream
            reports.append(report)
            if self.health is not None:
                self.health.record(engine.name, report.outcome, reason=report.reason, retry_after=retry_after,
                                   latency=got.elapsed, results=report.results)
        if self.observe is not None:
            for report in reports:  # suspended engines and crashed request() included
                self.observe(report)
        return parts, reports

    def _merged(self, sq: SearchQuery, client: str) -> tuple[ResultSet, list[EngineReport], bool]:
        """Merged results and whether to call them cached: only for the client that filled the entry."""
        cached = self.cache.get(sq) if self.cache is not None else None
        if cached is not None:
            return cached[0], cached[1], bool(client) and cached[2] == client
        parts, reports = self.fetch(sq)
        merged = merge(parts, self.weights)
        if self.cache is not None:
            self.cache.put(sq, merged, reports, creator=client)
        return merged, reports, False

    def run(self, sq: SearchQuery, ctx: SearchContext, plugins: list[Plugin], *, client: str = "") -> SearchOutcome:
        """The whole search: plugins' pre_search, engines (or the cache), merge, on_result, post_search.

        ``client``: the caller's pseudonym (``searx.limiter.client_marker``); see ``_merged``.
        """
        start = time.perf_counter()
        merged, reports, cached = ResultSet(), list[EngineReport](), False
        if self.plugins.pre_search(plugins, ctx):
            merged, reports, cached = self._merged(sq, client)
        engines_done = time.perf_counter()
        merged.results = [r for r in merged.results if self.plugins.on_result(plugins, ctx, r)]
        merged.answers = ctx.results.answers + merged.answers  # answers a pre_search hook added
        merged.number_of_results = max(merged.number_of_results, len(merged.results))
        ctx.results = merged
        self.plugins.post_search(plugins, ctx)
        end = time.perf_counter()
        timings = {"engines": engines_done - start, "total": end - start}
        return SearchOutcome(sq, ctx.results, reports, timings, cached=cached)
