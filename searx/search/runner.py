"""The search runner: ask the engines at once, parse, merge, run plugin hooks.

HTTP happens on the network's event loop; parsing happens here, in the
calling thread, so the loop only waits on sockets.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Protocol

import httpx

from searx.engines import Engine
from searx.errors import EngineError, EngineParseError
from searx.logtext import loggable
from searx.network.client import EngineNetwork, Fetch, Fetched
from searx.network.guard import AddressGuard
from searx.plugins import Plugin, PluginManager, SearchContext
from searx.results.merge import merge
from searx.results.search import BOT_CHECK, EngineReport, SearchOutcome, SearchQuery
from searx.results.types import Answer, Infobox, MainResult, ResultSet, from_engine_item
from searx.search.cache import SearchCache
from searx.search.tokens import TokenCache, no_token_error, token_pages
from searx.upstream.status import check_status

log = logging.getLogger("searx.search")


class Health(Protocol):
    def admit_all(self, names: Iterable[str]) -> dict[str, str | None]: ...

    def record_all(self, reports: Iterable[EngineReport]) -> None: ...


class _Reports(list[EngineReport]):
    """One search's reports; ``calls``: those of engine calls, which engine health records
    (all at once, at the end of the search: one store script, not one per engine)."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[EngineReport] = []

    def called(self, report: EngineReport) -> None:
        self.append(report)
        self.calls.append(report)


def _params(engine: Engine, sq: SearchQuery) -> dict[str, Any]:
    return {
        "engine": engine, "query": sq.query, "pageno": sq.pageno, "safesearch": sq.safesearch, "time_range": sq.time_range,
        "language": sq.language, "searxng_locale": sq.language, "category": sq.categories[0] if sq.categories else "general",
        "url": None, "method": "GET", "headers": {}, "data": None, "json": None, "cookies": {},
        "allow_redirects": False, "raise_for_httperror": True, "token": None, "token_scope": None,
    }


def engine_timeout(engine: Engine, sq: SearchQuery) -> float:
    """The engine's own timeout, or the search's when the query asks for less (``<3``, ``timeout_limit``)."""
    return engine.timeout if sq.timeout is None else min(engine.timeout, sq.timeout)


def to_result_set(items: list[Any], engine: Engine) -> ResultSet:
    """Typed results from what an engine's ``response()`` returned."""
    out = ResultSet()
    category = engine.categories[0] if engine.categories else "general"
    # an offline engine searches the instance's own data and may link into the instance
    local = getattr(engine.module, "engine_type", "online") == "offline"
    for item in items:
        if not isinstance(item, dict):
            continue
        typed = from_engine_item(item, engine.name, category, instance_links=local)
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
                 cache: SearchCache | None = None, tokens: TokenCache | None = None,
                 observe: Callable[[EngineReport], None] | None = None, local: Mapping[str, Any] | None = None,
                 guard: AddressGuard | None = None) -> None:
        self.engines = engines
        # what another host a token page names must pass (searx.search.tokens.token_pages); None: only its own
        self.guard = guard
        self.observe = observe  # e.g. the metrics: sees every engine call's report
        # what offline engines (``engine_type = "offline"``, a ``search()`` function) search in-process
        self.local = local or {}
        self._offline = ThreadPoolExecutor(max_workers=4, thread_name_prefix="offline-engine")
        self.cache = cache
        self.tokens = tokens
        self.network = network
        self.plugins = plugins
        self.health = health
        # classifies empty or unparsable 2xx pages (searx.upstream.challenge.page_error)
        self.bot_check = bot_check or (lambda response: None)
        self.weights = {name: e.weight for name, e in engines.items()}

    def _search_offline(self, engine: Engine, params: dict[str, Any]) -> tuple[list[Any] | None, float]:
        start = time.perf_counter()
        items = engine.module.search(params["query"], params)
        return items, time.perf_counter() - start

    def _offline_report(self, engine: Engine, future: Future[tuple[list[Any] | None, float]],
                        parts: list[ResultSet], reports: list[EngineReport]) -> None:  # fmt: skip
        try:
            items, elapsed = future.result()
        except Exception as exc:  # noqa: BLE001 - one engine never fails the page
            log.warning("engine %s: search() failed: %r", engine.name, exc)
            reports.append(EngineReport(engine.name, "error", "unexpected crash", detail=repr(exc)))
            return
        if items is None:  # nothing to search (e.g. no collection yet): not an outcome
            return
        rs = to_result_set(list(items), engine)
        parts.append(rs)
        report = EngineReport(engine.name, "ok" if not _empty(rs) else "no_results", "", len(rs.results), elapsed)
        reports.append(report)  # observed with the others at the end of fetch()

    def _prepare(self, sq: SearchQuery, reports: _Reports, ignore_health: bool,
                 offline: list[tuple[Engine, Future[Any]]] | None = None) -> list[tuple[Engine, Fetch]]:  # fmt: skip
        asking: list[tuple[Engine, dict[str, Any]]] = []   # request() filled their params
        waiting: list[tuple[Engine, dict[str, Any]]] = []  # they need a token first
        for name in sq.engines:
            engine = self.engines[name]
            if sq.pageno > 1 and not engine.paging:
                continue
            if sq.time_range and not engine.time_range_support:
                continue
            params = _params(engine, sq)
            if getattr(engine.module, "engine_type", "online") == "offline":
                params["local"] = self.local
                if offline is not None:
                    offline.append((engine, self._offline.submit(self._search_offline, engine, params)))
                continue
            need = self._needs_token(engine, sq, params, reports) if engine.uses_tokens else False
            if need is None:
                continue
            if need:
                waiting.append((engine, params))
            elif self._request(engine, sq, params, reports):
                asking.append((engine, params))
        # admitted only now, all with one store read: a cooled-down engine's single probe
        # must be a real request, and a token page is one (a suspended engine fetches none)
        suspended = self._suspended([e.name for e, _ in asking + waiting], reports, ignore_health)
        batch = [(e, Fetch(p, engine_timeout(e, sq), e.enable_http)) for e, p in asking if e.name not in suspended]
        waiting = [(e, p) for e, p in waiting if e.name not in suspended]
        for engine, params, left in self._fetch_tokens(sq, waiting, reports):
            if self._request(engine, sq, params, reports):
                batch.append((engine, Fetch(params, left, engine.enable_http)))
        return batch

    def _suspended(self, names: list[str], reports: list[EngineReport], ignore_health: bool) -> set[str]:
        """The engines of ``names`` that are cooling down (each reported as suspended)."""
        if self.health is None or ignore_health or not names:
            return set()
        out = set()
        for name, reason in self.health.admit_all(names).items():
            if reason:
                reports.append(EngineReport(name, "suspended", f"Suspended: {reason}"))
                out.add(name)
        return out

    def _needs_token(self, engine: Engine, sq: SearchQuery, params: dict[str, Any],
                     reports: list[EngineReport]) -> bool | None:
        """Look the engine's token up: True when its token page must be asked first, None when
        the engine cannot be asked (its token code crashed)."""
        if self.tokens is None:
            return False
        try:
            return self.tokens.lookup(engine, sq.query, params)
        except Exception as exc:  # noqa: BLE001 - one engine never fails the page
            log.warning("engine %s: token_scope() failed: %r", engine.name, exc)
            reports.append(EngineReport(engine.name, "error", "unexpected crash", detail=repr(exc)))
            return None

    def _request(self, engine: Engine, sq: SearchQuery, params: dict[str, Any], reports: list[EngineReport]) -> bool:
        """Let the engine fill ``params``; False when it asks nothing (or crashed)."""
        try:
            engine.request(sq.query, params)
        except Exception as exc:  # noqa: BLE001 - one engine never fails the page
            log.warning("engine %s: request() failed: %r", engine.name, exc)
            reports.append(EngineReport(engine.name, "error", "unexpected crash", detail=repr(exc)))
            return False
        return bool(params.get("url"))

    def _fetch_tokens(self, sq: SearchQuery, waiting: list[tuple[Engine, dict[str, Any]]],
                      reports: _Reports) -> list[tuple[Engine, dict[str, Any], float]]:
        """Fetch the pages carrying fresh tokens, all at once; cache the tokens.

        Returns the engines that got one, each with the time left of its timeout
        (at least a quarter of it). A failed token page ends the engine's call
        with its outcome, as its result page would have.
        """
        if not waiting:
            return []
        assert self.tokens is not None
        fetches, asking = [], []
        for engine, params in waiting:
            token_params = _params(engine, sq)
            try:
                engine.token_request(sq.query, token_params)
            except Exception as exc:  # noqa: BLE001 - one engine never fails the page
                self._failed(engine, EngineError(f"token_request() failed: {exc!r}"), 0.0, reports)
                continue
            fetches.append(Fetch(token_params, engine_timeout(engine, sq), engine.enable_http))
            asking.append((engine, params))
        waiting = asking
        ready, following = [], []
        for (engine, params), fetch, got in zip(waiting, fetches, self.network.fetch_all(fetches), strict=True):
            try:
                token = self._token(engine, got, fetch.params)
            except EngineError as exc:
                self._failed(engine, exc, got.elapsed, reports, "token page: ")
                continue
            if isinstance(token, list):  # the pages that carry it (Pexels' scripts): asked next
                following.append((engine, params, str(fetch.params["url"]), token, got.elapsed))
            elif not token:  # a real page without one: nothing further to ask (a last page)
                reports.called(EngineReport(engine.name, "no_results", "", 0, got.elapsed, "token page: no token"))
            else:
                ready.append(self._got_token(engine, sq, params, token, got.elapsed))
        return ready + self._follow_token_pages(sq, following, reports)

    def _got_token(self, engine: Engine, sq: SearchQuery, params: dict[str, Any], token: str,
                   elapsed: float) -> tuple[Engine, dict[str, Any], float]:  # fmt: skip
        """Cache a fetched token and hand it to the request, with the time left of the engine's timeout."""
        assert self.tokens is not None
        self.tokens.put(engine.name, params["token_scope"], token, engine.token_ttl)
        params["token"] = token
        limit = engine_timeout(engine, sq)
        return engine, params, max(limit - elapsed, limit / 4)

    def _follow_token_pages(self, sq: SearchQuery, following: list[tuple[Engine, dict[str, Any], str, list[str], float]],
                            reports: _Reports) -> list[tuple[Engine, dict[str, Any], float]]:  # fmt: skip
        """Ask the pages token pages named (at most ``TOKEN_PAGES`` each, on the token page's
        site), all at once; each engine's token is the first its pages give, in its order."""
        fetches: list[Fetch] = []
        spans = []
        for engine, _, page, urls, elapsed in following:
            start = len(fetches)
            for url in token_pages(page, urls, engine.enable_http, self.guard):
                params = _params(engine, sq)
                params.update(url=url, token_page=page)
                fetches.append(Fetch(params, max(engine_timeout(engine, sq) - elapsed, 0.1), engine.enable_http))
            spans.append((start, len(fetches)))
        got_all = self.network.fetch_all(fetches) if fetches else []
        ready = []
        for (engine, params, _, urls, elapsed), (start, end) in zip(following, spans, strict=True):
            errors: list[EngineError] = []
            # all were awaited together: the slowest of them counts against the engine's timeout
            token, took = "", elapsed + max((got.elapsed for got in got_all[start:end]), default=0.0)
            for fetch, got in zip(fetches[start:end], got_all[start:end], strict=True):
                try:
                    found = self._token(engine, got, fetch.params)
                except EngineError as exc:
                    errors.append(exc)
                    continue
                if isinstance(found, str) and found:
                    token = found
                    break
            if token:
                ready.append(self._got_token(engine, sq, params, token, took))
                continue
            self._failed(engine, no_token_error(errors, end - start, len(urls)), took, reports, "token pages: ")
        return ready

    def _token(self, engine: Engine, got: Fetched, params: dict[str, Any]) -> str | list[str]:
        """What a fetched token page gives (a token or the pages that carry it); its error raised."""
        if got.error is not None:
            raise got.error
        response = got.response
        assert response is not None
        check_status(response)
        response.search_params = params  # type: ignore[attr-defined]
        token: str | list[str] = self._parsed(engine.token_response, response)
        if not token and (error := self.bot_check(response)):
            raise error
        return token

    def _failed(self, engine: Engine, exc: EngineError, elapsed: float, reports: _Reports, where: str = "") -> None:
        log.info("engine %s: %s (%s%s)", engine.name, exc.reason, where, loggable(exc))  # may quote the upstream
        reports.called(EngineReport(engine.name, exc.outcome, exc.reason, 0, elapsed, f"{where}{exc}",
                                    exc.retry_after))

    def _parsed(self, parse: Callable[[httpx.Response], Any], response: httpx.Response) -> Any:
        """What an engine's parser makes of a page; a page that no longer parses is often a bot check
        served with 200, so a parse failure becomes the bot check's error when there is one."""
        try:
            return parse(response)
        except EngineParseError as exc:
            raise self.bot_check(response) or exc from exc
        except EngineError:
            raise
        except Exception as exc:  # noqa: BLE001 - a parser that no longer fits the page
            raise self.bot_check(response) or EngineParseError(f"{type(exc).__name__}: {exc}") from exc

    def _parse(self, engine: Engine, response: httpx.Response, params: dict[str, Any]) -> ResultSet:
        if response.status_code in params.get("no_result_for_http_status", ()):
            return ResultSet()  # the site's way of saying "nothing found" (SearXNG's engine key)
        if params.get("raise_for_httperror", True):
            check_status(response)
        response.search_params = params  # type: ignore[attr-defined]  # SearXNG's contract
        items = self._parsed(engine.response, response)
        if self.tokens is not None and engine.uses_tokens:
            items = self.tokens.keep(engine, params, items)
        rs = to_result_set(items, engine)
        if _empty(rs) and (error := self.bot_check(response)):
            raise error
        return rs

    def fetch(self, sq: SearchQuery, *, ignore_health: bool = False) -> tuple[list[ResultSet], list[EngineReport]]:
        """Ask every engine of ``sq``; each engine's results and a report per engine."""
        reports = _Reports()
        offline: list[tuple[Engine, Future[Any]]] = []
        batch = self._prepare(sq, reports, ignore_health, offline)
        fetched = self.network.fetch_all([f for _, f in batch]) if batch else []
        parts: list[ResultSet] = []
        for engine, future in offline:
            self._offline_report(engine, future, parts, reports)
        for (engine, fetch), got in zip(batch, fetched, strict=True):
            try:
                if got.error is not None:
                    raise got.error
                assert got.response is not None
                rs = self._parse(engine, got.response, fetch.params)
            except EngineError as exc:
                if self.tokens is not None and (exc.outcome in BOT_CHECK or getattr(exc, "upstream_status", None) == 401):
                    self.tokens.forget(engine, fetch.params)  # a refused token (Pexels' key): a new one next time
                self._failed(engine, exc, got.elapsed, reports)
                continue
            parts.append(rs)
            reports.called(EngineReport(engine.name, "ok" if not _empty(rs) else "no_results", "", len(rs.results),
                                        got.elapsed))
        if self.health is not None and reports.calls:
            self.health.record_all(reports.calls)
        if self.observe is not None:
            for report in reports:  # suspended engines and crashed request() included
                self.observe(report)
        return parts, list(reports)

    def _shaping(self, ctx: SearchContext, plugins: list[Plugin]) -> tuple[list[Plugin], str]:
        """The plugins with an ``on_result`` hook and the part of the cache key they decide."""
        shaping = [p for p in plugins if p.shapes_results]
        return shaping, self.plugins.variant(shaping, ctx)

    def is_cached(self, sq: SearchQuery, ctx: SearchContext, plugins: list[Plugin]) -> bool:
        """Whether ``run`` would answer from the search cache, asking no engine."""
        return self.cache is not None and self.cache.get(sq, self._shaping(ctx, plugins)[1]) is not None

    def _merged(self, sq: SearchQuery, ctx: SearchContext, plugins: list[Plugin],
                client: str) -> tuple[ResultSet, list[EngineReport], bool]:  # fmt: skip
        """Merged results, shaped by the ``on_result`` hooks before merging (as SearXNG), and whether
        to call them cached: only for the client that filled the entry. The hooks' changes are
        cached with the results, so the key names them (``PluginManager.variant``)."""
        shaping, variant = self._shaping(ctx, plugins)
        cached = self.cache.get(sq, variant) if self.cache is not None else None
        if cached is not None:
            return cached[0], cached[1], bool(client) and cached[2] == client
        parts, reports = self.fetch(sq)
        if shaping:
            for part in parts:
                part.results = [r for r in part.results if self.plugins.on_result(shaping, ctx, r)]
        merged = merge(parts, self.weights)
        if self.cache is not None:
            self.cache.put(sq, merged, reports, creator=client, variant=variant)
        return merged, reports, False

    def run(self, sq: SearchQuery, ctx: SearchContext, plugins: list[Plugin], *, client: str = "") -> SearchOutcome:
        """The whole search: plugins' pre_search, engines (or the cache) with on_result, merge, post_search.

        ``client``: the caller's pseudonym (``searx.client_address.client_marker``); see ``_merged``.
        """
        start = time.perf_counter()
        merged, reports, cached = ResultSet(), list[EngineReport](), False
        if self.plugins.pre_search(plugins, ctx):
            merged, reports, cached = self._merged(sq, ctx, plugins, client)
        engines_done = time.perf_counter()
        merged.answers = ctx.results.answers + merged.answers  # answers a pre_search hook added
        merged.number_of_results = max(merged.number_of_results, len(merged.results))
        ctx.results = merged
        self.plugins.post_search(plugins, ctx)
        end = time.perf_counter()
        timings = {"engines": engines_done - start, "total": end - start}
        return SearchOutcome(sq, ctx.results, reports, timings, cached=cached)
