"""The search runner: ask the engines at once, parse, merge, run plugin hooks.

HTTP happens on the network's event loop; parsing happens here, in the
calling thread, so the loop only waits on sockets. What an answer means is
read in ``searx/search/classify.py``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from searx.enginelib.params import EngineParams, engine_params
from searx.engines import Engine
from searx.errors import EngineError
from searx.network.client import EngineNetwork, Fetch, Fetched
from searx.network.guard import AddressGuard
from searx.plugins import Plugin, PluginManager, SearchContext
from searx.results.merge import merge
from searx.results.search import BOT_CHECK, EngineReport, SearchOutcome, SearchQuery
from searx.results.types import ResultSet
from searx.search.cache import SearchCache
from searx.search.classify import (
    Answered,
    BotCheck,
    Ended,
    answered,
    crashed,
    failed,
    read_results,
    read_token,
    to_result_set,
)
from searx.search.tokens import TokenCache, no_token_error, token_pages

# what an offline engine's search() returned (None: nothing to search) and the seconds it took
Searched = tuple[list[Any] | None, float]


class Health(Protocol):
    def admit_all(self, names: Iterable[str]) -> dict[str, str | None]: ...

    def record_all(self, reports: Iterable[EngineReport]) -> None: ...


@dataclass(slots=True)
class Call:
    """One engine's call being prepared: its params and the seconds it may still take."""

    engine: Engine
    params: EngineParams
    timeout: float


def engine_timeout(engine: Engine, sq: SearchQuery) -> float:
    """The engine's own timeout, or the search's when the query asks for less (``<3``, ``timeout_limit``)."""
    return engine.timeout if sq.timeout is None else min(engine.timeout, sq.timeout)


class SearchRunner:
    """Runs one search over the engines it names.

    ``ask`` goes through the phases of the engine calls, each returning how the calls it ended ended
    (``Ended``): prepare (params, the token from the store, ``request()``), admit (engine health),
    token pages, the requests that waited for a token, then every request at once and its answer read.
    """

    def __init__(self, engines: Mapping[str, Engine], network: EngineNetwork, plugins: PluginManager,
                 health: Health | None = None, bot_check: BotCheck | None = None,
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
        self.bot_check: BotCheck = bot_check or (lambda response: None)
        self.weights = {name: e.weight for name, e in engines.items()}

    # --- the phases of the engine calls ------------------------------------------

    def ask(self, sq: SearchQuery, *, ignore_health: bool = False) -> list[Ended]:
        """Ask every engine of ``sq``: how each engine's part ended, in the order of the reports."""
        online, waiting, offline, ended = self._prepare(sq)
        # admitted only now, all with one store read: a cooled-down engine's single probe
        # must be a real request, and a token page is one (a suspended engine fetches none)
        suspended, refused = self._admit([c.engine.name for c in online + waiting], ignore_health)
        online = [c for c in online if c.engine.name not in suspended]
        got_token, token_ended = self._tokens(sq, [c for c in waiting if c.engine.name not in suspended])
        filled, unfilled = self._requests(sq, got_token)
        batch = online + filled
        fetched = self.network.fetch_all([Fetch(c.params, c.timeout, c.engine.enable_http) for c in batch]) if batch else []
        ended += refused + token_ended + unfilled
        for engine, future in offline:
            if (searched := self._offline_ended(engine, future)) is not None:
                ended.append(searched)
        ended += [self._answer(call, got) for call, got in zip(batch, fetched, strict=True)]
        return ended

    def _prepare(self, sq: SearchQuery) -> tuple[list[Call], list[Call], list[tuple[Engine, Future[Searched]]],
                                                 list[Ended]]:  # fmt: skip
        """The calls whose ``request()`` filled their params, those that need a token page first, the
        offline engines' searches (started), and how the engines whose own code failed ended."""
        online: list[Call] = []
        waiting: list[Call] = []
        offline: list[tuple[Engine, Future[Searched]]] = []
        ended: list[Ended] = []
        for name in sq.engines:
            engine = self.engines[name]
            if sq.pageno > 1 and not engine.paging:
                continue
            if sq.time_range and not engine.time_range_support:
                continue
            call = Call(engine, engine_params(engine, sq), engine_timeout(engine, sq))
            if getattr(engine.module, "engine_type", "online") == "offline":
                call.params["local"] = self.local
                offline.append((engine, self._offline.submit(self._search_offline, call)))
                continue
            try:
                need = self.tokens is not None and engine.uses_tokens and self.tokens.lookup(engine, sq.query,
                                                                                           call.params)
            except Exception as exc:  # noqa: BLE001 - one engine never fails the page
                ended.append(crashed(engine, "token_scope()", exc))
                continue
            if need:
                waiting.append(call)
            elif (crash := self._request(sq, call)) is not None:
                ended.append(crash)
            elif call.params.get("url"):
                online.append(call)
        return online, waiting, offline, ended

    def _request(self, sq: SearchQuery, call: Call) -> Ended | None:
        """Let the engine fill its params; how its call ended when its ``request()`` crashed."""
        try:
            call.engine.request(sq.query, call.params)
        except Exception as exc:  # noqa: BLE001 - one engine never fails the page
            return crashed(call.engine, "request()", exc)
        return None

    def _requests(self, sq: SearchQuery, calls: list[Call]) -> tuple[list[Call], list[Ended]]:
        """Let each engine fill its params: the calls that ask something, and the engines that crashed."""
        filled, ended = [], []
        for call in calls:
            if (crash := self._request(sq, call)) is not None:
                ended.append(crash)
            elif call.params.get("url"):
                filled.append(call)
        return filled, ended

    def _admit(self, names: list[str], ignore_health: bool) -> tuple[set[str], list[Ended]]:
        """The engines of ``names`` that are cooling down, each reported as suspended."""
        if self.health is None or ignore_health or not names:
            return set(), []
        suspended, ended = set(), []
        for name, reason in self.health.admit_all(names).items():
            if reason:
                ended.append(Ended(EngineReport(name, "suspended", f"Suspended: {reason}")))
                suspended.add(name)
        return suspended, ended

    def _tokens(self, sq: SearchQuery, waiting: list[Call]) -> tuple[list[Call], list[Ended]]:
        """Fetch the pages carrying fresh tokens, all at once; cache the tokens.

        Returns the calls that got one, each with the time left of its timeout
        (at least a quarter of it). A failed token page ends the engine's call
        with its outcome, as its result page would have.
        """
        if not waiting:
            return [], []
        ended: list[Ended] = []
        asking: list[tuple[Call, EngineParams]] = []
        for call in waiting:
            token_params = engine_params(call.engine, sq)
            try:
                call.engine.token_request(sq.query, token_params)
            except Exception as exc:  # noqa: BLE001 - one engine never fails the page
                ended.append(failed(call.engine, EngineError(f"token_request() failed: {exc!r}"), 0.0))
                continue
            asking.append((call, token_params))
        fetched = self.network.fetch_all([Fetch(p, c.timeout, c.engine.enable_http) for c, p in asking])
        ready, following = [], []
        for (call, token_params), got in zip(asking, fetched, strict=True):
            try:
                token = self._token(call.engine, got, token_params)
            except EngineError as exc:
                ended.append(failed(call.engine, exc, got.elapsed, "token page: "))
                continue
            if isinstance(token, list):  # the pages that carry it (Pexels' scripts): asked next
                following.append((call, str(token_params["url"]), token, got.elapsed))
            elif not token:  # a real page without one: nothing further to ask (a last page)
                report = EngineReport(call.engine.name, "no_results", "", 0, got.elapsed, "token page: no token")
                ended.append(Ended(report, called=True))
            else:
                ready.append(self._got_token(call, token, got.elapsed))
        more, follow_ended = self._follow_token_pages(sq, following)
        return ready + more, ended + follow_ended

    def _got_token(self, call: Call, token: str, elapsed: float) -> Call:
        """Cache a fetched token and hand it to the request, with the time left of the engine's timeout."""
        assert self.tokens is not None
        scope = call.params["token_scope"]
        if scope is not None:
            self.tokens.put(call.engine.name, scope, token, call.engine.token_ttl)
        call.params["token"] = token
        call.timeout = max(call.timeout - elapsed, call.timeout / 4)
        return call

    def _follow_token_pages(self, sq: SearchQuery, following: list[tuple[Call, str, list[str], float]]
                            ) -> tuple[list[Call], list[Ended]]:  # fmt: skip
        """Ask the pages token pages named (at most ``TOKEN_PAGES`` each, on the token page's
        site), all at once; each engine's token is the first its pages give, in its order."""
        pages: list[EngineParams] = []
        fetches: list[Fetch] = []
        spans = []
        for call, page, urls, elapsed in following:
            start = len(pages)
            for url in token_pages(page, urls, call.engine.enable_http, self.guard):
                params = engine_params(call.engine, sq)
                params["url"], params["token_page"] = url, page
                pages.append(params)
                fetches.append(Fetch(params, max(call.timeout - elapsed, 0.1), call.engine.enable_http))
            spans.append((start, len(pages)))
        got_all = self.network.fetch_all(fetches) if fetches else []
        ready, ended = [], []
        for (call, _, urls, elapsed), (start, end) in zip(following, spans, strict=True):
            errors: list[EngineError] = []
            # all were awaited together: the slowest of them counts against the engine's timeout
            token, took = "", elapsed + max((got.elapsed for got in got_all[start:end]), default=0.0)
            for params, got in zip(pages[start:end], got_all[start:end], strict=True):
                try:
                    found = self._token(call.engine, got, params)
                except EngineError as exc:
                    errors.append(exc)
                    continue
                if isinstance(found, str) and found:
                    token = found
                    break
            if token:
                ready.append(self._got_token(call, token, took))
                continue
            ended.append(failed(call.engine, no_token_error(errors, end - start, len(urls)), took, "token pages: "))
        return ready, ended

    def _token(self, engine: Engine, got: Fetched, params: EngineParams) -> str | list[str]:
        """What a fetched token page gives (a token or the pages that carry it); its error raised."""
        if got.error is not None:
            raise got.error
        assert got.response is not None
        return read_token(engine, got.response, params, self.bot_check)

    def _answer(self, call: Call, got: Fetched) -> Ended:
        """How a result page ended its call."""
        engine, params, response = call.engine, call.params, got.response
        try:
            if response is None:
                raise got.error or EngineError("no answer")
            tokens = self.tokens if self.tokens is not None and engine.uses_tokens else None
            keep = (lambda items: tokens.keep(engine, params, items)) if tokens is not None else None
            answer = read_results(engine, response, params, self.bot_check, keep)
        except EngineError as exc:
            if self.tokens is not None and (exc.outcome in BOT_CHECK or getattr(exc, "upstream_status", None) == 401):
                self.tokens.forget(engine, params)  # a refused token (Pexels' key): a new one next time
            return failed(engine, exc, got.elapsed)
        return answered(engine, answer, got.elapsed)

    def _search_offline(self, call: Call) -> Searched:
        start = time.perf_counter()
        items = call.engine.module.search(call.params["query"], call.params)
        return items, time.perf_counter() - start

    def _offline_ended(self, engine: Engine, future: Future[Searched]) -> Ended | None:
        """How an offline engine's search ended; None when it had nothing to search (not an outcome)."""
        try:
            items, elapsed = future.result()
        except Exception as exc:  # noqa: BLE001 - one engine never fails the page
            return crashed(engine, "search()", exc)
        if items is None:  # nothing to search (e.g. no collection yet)
            return None
        return answered(engine, Answered(list(items), to_result_set(list(items), engine)), elapsed, called=False)

    def fetch(self, sq: SearchQuery, *, ignore_health: bool = False) -> tuple[list[ResultSet], list[EngineReport]]:
        """Ask every engine of ``sq``; each engine's results and a report per engine. Engine health records
        the engine calls' reports all at once (one store script, not one per engine)."""
        parts: list[ResultSet] = []
        reports: list[EngineReport] = []
        calls: list[EngineReport] = []
        for e in self.ask(sq, ignore_health=ignore_health):
            reports.append(e.report)
            if e.called:
                calls.append(e.report)
            if e.answered is not None:
                parts.append(e.answered.results)
        if self.health is not None and calls:
            self.health.record_all(calls)
        if self.observe is not None:
            for report in reports:  # suspended engines and crashed request() included
                self.observe(report)
        return parts, reports

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
