"""The engine contract's data: ``EngineParams``, what an engine's ``request()`` fills (every key in
docs/dev/engines.md), built in one place (``engine_params``); ``SearchResponse``, what its
``response()`` reads; ``HttpRequest``, the part the engine network sends.

Typed dicts cost nothing at run time: the params stay a plain dict, as in SearXNG.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, Required, TypedDict

import httpx

from searx.results.search import SearchQuery


class EngineConfig(Protocol):
    """What an engine module reads of its engine (``searx.engines.Engine``): its name, its categories and its
    merged settings (module defaults overlaid with the settings entry)."""

    @property
    def name(self) -> str: ...

    @property
    def categories(self) -> tuple[str, ...]: ...

    @property
    def settings(self) -> Mapping[str, Any]: ...


class HttpRequest(TypedDict, total=False):
    """One request the engine network sends (``searx.network.client``): ``url``, and the rest when set."""

    url: Required[str | None]
    method: str  # GET (default) or POST
    headers: dict[str, str]  # over the network's User-Agent and Accept-Language
    cookies: dict[str, str]
    data: str | bytes | Mapping[str, Any] | None  # a form body (a mapping) or a raw one
    content: str | bytes  # a raw body; wins over ``data``
    json: Any  # a JSON body
    allow_redirects: bool  # False (default): a redirect is the engine's answer


class EngineParams(HttpRequest, total=False):
    """The params of one engine call (SearXNG's ``params``; keys in docs/dev/engines.md).

    The search's keys and the request's defaults are set by ``engine_params`` (required keys and the
    request's keys above); ``request()`` fills the request. The runner sets the token before
    ``request()``. Keys an engine keeps for its own ``response()`` belong in a subclass in its module
    (``class Params(EngineParams, total=False): pair: LanguagePair``).
    """

    engine: Required[EngineConfig]
    query: Required[str]  # the text without bangs and ``:lang``
    pageno: Required[int]  # 1, 2, ...
    safesearch: Required[int]  # 0 off, 1 moderate, 2 strict
    time_range: Required[str | None]  # None, day, week, month, year
    language: Required[str]  # the search language: all, en, en-US
    searxng_locale: Required[str]  # SearXNG's name of ``language``, for engines ported from it
    category: Required[str]  # the search's first category (general, images, ...)
    raise_for_httperror: Required[bool]  # True: the runner maps 4xx/5xx and redirects to an outcome
    token: Required[str | None]  # the engine's token (docs/dev/engines.md, Tokens); None: none cached
    token_scope: Required[str | None]  # what the token depends on (``token_scope()``); None: no token
    token_page: str  # on a page a token page named: the URL of the page that named it
    no_result_for_http_status: tuple[int, ...]  # statuses that mean "nothing found" (SearXNG's key)
    local: Mapping[str, Any]  # offline engines: the services the app lends them (``{"collections": ...}``)


class SearchResponse(httpx.Response):
    """An upstream's answer as ``response()`` and ``token_response()`` get it: an ``httpx.Response`` with its
    body read and ``search_params``, the params the request was made with (SearXNG's contract)."""

    search_params: EngineParams


def engine_params(engine: EngineConfig, sq: SearchQuery) -> EngineParams:
    """The params of one call of ``engine`` for ``sq``, before ``request()``: the one place their defaults are set."""
    return {
        "engine": engine, "query": sq.query, "pageno": sq.pageno, "safesearch": sq.safesearch,
        "time_range": sq.time_range, "language": sq.language, "searxng_locale": sq.language,
        "category": sq.categories[0] if sq.categories else "general",
        "url": None, "method": "GET", "headers": {}, "data": None, "json": None, "cookies": {},
        "allow_redirects": False, "raise_for_httperror": True, "token": None, "token_scope": None,
    }
