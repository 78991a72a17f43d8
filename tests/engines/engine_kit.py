"""Engine test helpers: build engines, their requests and fake responses from fixtures; a runner-like flow.

``build`` (an engine's request params), ``args`` (a URL's query arguments), ``parse`` (an engine's
``response()`` on a body) and ``typed`` (the hits as the runner types them) are the helpers every
engine test file uses; a file binds its own defaults with ``functools.partial`` rather than
writing them again.

``call_engine`` follows the runner's flow with a plain httpx client ((token page
->) request -> HTTP -> ``check_status`` -> response -> ``page_error``), using
the runner's own status mapping and bot-check classification, so one engine's
outcomes can be tested over real HTTP without building a whole search.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx

from searx.engines import Engine, build_engine
from searx.errors import (
    EngineError,
    EngineNetworkError,
    EngineParseError,
    EngineTimeout,
)
from searx.results.types import MainResult, from_engine_item
from searx.search.tokens import no_token_error, token_pages
from searx.upstream.challenge import page_error
from searx.upstream.status import check_status

FIXTURES = Path(__file__).parent / "fixtures"
HTML = "text/html; charset=utf-8"


def fixture(path: str) -> bytes:
    return (FIXTURES / path).read_bytes()


def make_engine(module: str, name: str | None = None, **settings: Any) -> Engine:
    return build_engine({"name": name or module, "engine": module, **settings}, "engines[test]", 3.0)


def make_params(engine: Engine, **overrides: Any) -> dict[str, Any]:
    params: dict[str, Any] = {
        "engine": engine, "query": "", "pageno": 1, "safesearch": 0, "time_range": None, "language": "all",
        "category": "general", "url": None, "method": "GET", "headers": {}, "data": None, "json": None,
        "cookies": {}, "allow_redirects": False, "raise_for_httperror": True, "token": None, "token_scope": None,
    }
    params.update(overrides)
    return params


def fake_response(engine: Engine, body: bytes, *, status: int = 200, content_type: str = "text/html; charset=utf-8",
                  query: str = "test", **param_overrides: Any) -> httpx.Response:
    """An ``httpx.Response`` as the runner hands it to ``response()`` (body read, ``search_params`` set)."""
    params = make_params(engine, query=query, **param_overrides)
    engine.request(query, params)
    resp = httpx.Response(status, content=body, headers={"content-type": content_type},
                          request=httpx.Request(params["method"], params["url"] or "http://127.0.0.1/"))
    resp.search_params = params  # type: ignore[attr-defined]
    return resp


@dataclass
class Outcome:
    outcome: str
    reason: str = ""
    results: list[dict[str, Any]] = field(default_factory=list)
    retry_after: float | None = None
    error: EngineError | None = None


def _send(client: httpx.Client, params: dict[str, Any]) -> httpx.Response:
    headers = dict(params["headers"])
    if params["cookies"]:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in params["cookies"].items())
    try:
        return client.request(params["method"], params["url"], data=params["data"], json=params["json"],
                              headers=headers)
    except httpx.TimeoutException as exc:
        raise EngineTimeout() from exc
    except httpx.TransportError as exc:
        raise EngineNetworkError(str(exc)) from exc


def _token_page(client: httpx.Client, engine: Engine, params: dict[str, Any]) -> str | list[str]:
    resp = _send(client, params)
    check_status(resp)
    resp.search_params = params  # type: ignore[attr-defined]
    try:
        token = engine.token_response(resp)
    except EngineParseError as exc:
        raise page_error(resp) or exc from exc
    if not token and (error := page_error(resp)):
        raise error
    return token


def _token(client: httpx.Client, engine: Engine, query: str) -> str:
    """The runner's token step: ask the token page, classify it like a result page; when it
    names the pages that carry the token, ask those (the runner's rules, one after the other)."""
    params = make_params(engine, query=query)
    engine.token_request(query, params)
    token = _token_page(client, engine, params)
    if not isinstance(token, list):
        return token
    errors: list[EngineError] = []
    pages = token_pages(params["url"], token, engine.enable_http)
    for url in pages:
        try:
            found = _token_page(client, engine, make_params(engine, query=query, url=url, token_page=params["url"]))
        except EngineError as exc:
            errors.append(exc)
            continue
        if isinstance(found, str) and found:
            return found
    raise no_token_error(errors, len(pages), len(token))


def call_engine(engine: Engine, query: str, *, timeout: float = 2.0, **overrides: Any) -> Outcome:
    """One engine call through real HTTP, classified exactly as the runner contract says.

    An engine that needs a token and got none in ``overrides`` fetches it first.
    """
    params = make_params(engine, query=query, **overrides)
    try:
        with httpx.Client(timeout=timeout, follow_redirects=False) as client:
            if (engine.uses_tokens and engine.token_scope(query, params) is not None
                    and engine.token_required(params) and not params["token"]):
                params["token"] = _token(client, engine, query)
                if not params["token"]:
                    return Outcome("no_results")
            engine.request(query, params)
            if not params["url"]:
                return Outcome("no_results")
            resp = _send(client, params)
        if params["raise_for_httperror"]:
            check_status(resp)
        resp.search_params = params  # type: ignore[attr-defined]
        try:
            items = engine.response(resp)
        except EngineParseError as exc:
            # a page that does not parse may still be a generic bot check or block page
            raise page_error(resp) or exc from exc
        hits = [i for i in items if "url" in i or "infobox" in i or "answer" in i]
        if not hits and (error := page_error(resp)):
            raise error
        return Outcome("ok" if hits else "no_results", results=[i for i in items if "token" not in i])
    except EngineError as exc:
        return Outcome(exc.outcome, exc.reason, retry_after=exc.retry_after, error=exc)


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
