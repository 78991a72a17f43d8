"""Engine test helpers: build engines and fake responses from fixtures; a runner-like flow.

``call_engine`` is a test-only copy of the runner's flow (request -> HTTP ->
status mapping -> response -> challenge detection) so engine outcomes can be
tested over real HTTP before and independently of the runner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from searx.engines import Engine, build_engine
from searx.errors import (
    EngineAccessDenied,
    EngineCaptcha,
    EngineError,
    EngineHTTPError,
    EngineNetworkError,
    EngineParseError,
    EngineTimeout,
    EngineTooManyRequests,
)
from searx.network import challenge

FIXTURES = Path(__file__).parent / "fixtures"


def fixture(path: str) -> bytes:
    return (FIXTURES / path).read_bytes()


def make_engine(module: str, name: str | None = None, **settings: Any) -> Engine:
    return build_engine({"name": name or module, "engine": module, **settings}, "engines[test]", 3.0)


def make_params(engine: Engine, **overrides: Any) -> dict[str, Any]:
    params: dict[str, Any] = {
        "engine": engine, "query": "", "pageno": 1, "safesearch": 0, "time_range": None, "language": "all",
        "category": "general", "url": None, "method": "GET", "headers": {}, "data": None, "json": None,
        "cookies": {}, "allow_redirects": False, "raise_for_httperror": True,
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


def _check_status(resp: httpx.Response) -> None:
    status = resp.status_code
    if status == 403:
        raise EngineAccessDenied()
    if status == 429:
        header = resp.headers.get("retry-after", "")
        raise EngineTooManyRequests(retry_after=float(header) if header.isdigit() else None)
    if 300 <= status < 400:
        if challenge.challenge_location(resp.headers.get("location", "")):
            raise EngineCaptcha("redirect to a bot check")
        raise EngineHTTPError(f"HTTP {status} redirect")
    if status >= 400:
        raise EngineHTTPError(f"HTTP {status}")


def _classify_page(resp: httpx.Response) -> None:
    if not 200 <= resp.status_code < 300:
        return
    if marker := challenge.detect(resp):
        raise EngineCaptcha(marker)
    if marker := challenge.detect_block(resp):
        raise EngineAccessDenied(marker)


def call_engine(engine: Engine, query: str, *, timeout: float = 2.0, **overrides: Any) -> Outcome:
    """One engine call through real HTTP, classified exactly as the runner contract says."""
    params = make_params(engine, query=query, **overrides)
    engine.request(query, params)
    if not params["url"]:
        return Outcome("no_results")
    try:
        try:
            with httpx.Client(timeout=timeout, follow_redirects=False, cookies=params["cookies"]) as client:
                resp = client.request(params["method"], params["url"], data=params["data"], json=params["json"],
                                      headers=params["headers"])
        except httpx.TimeoutException as exc:
            raise EngineTimeout() from exc
        except httpx.TransportError as exc:
            raise EngineNetworkError(str(exc)) from exc
        if params["raise_for_httperror"]:
            _check_status(resp)
        resp.search_params = params  # type: ignore[attr-defined]
        try:
            items = engine.response(resp)
        except EngineParseError:
            # a page that does not parse may still be a generic bot check or block page
            _classify_page(resp)
            raise
        hits = [i for i in items if "url" in i or "infobox" in i or "answer" in i]
        if not hits:
            _classify_page(resp)
        return Outcome("ok" if hits else "no_results", results=items)
    except EngineError as exc:
        return Outcome(exc.outcome, exc.reason, retry_after=exc.retry_after, error=exc)
