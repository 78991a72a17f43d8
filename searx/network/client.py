"""The engines' HTTP client: one asyncio loop thread, one pooled httpx client.

Search threads hand a batch of requests to the loop and wait for all of them
(each with its own timeout), so a slow engine costs a coroutine, not a thread.
httpx errors become ``searx.errors`` engine errors here and nowhere else.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import httpx

from searx.errors import EngineError, EngineNetworkError, EngineTimeout
from searx.settings import Outgoing

USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0"


@dataclass
class Fetch:
    """One engine request: the engine's params and its timeout in seconds."""

    params: dict[str, Any]
    timeout: float
    enable_http: bool = False


@dataclass
class Fetched:
    """What came back: a read response or an engine error, and the time it took."""

    response: httpx.Response | None
    error: EngineError | None
    elapsed: float


def _proxy_mounts(proxies: Any) -> dict[str, httpx.AsyncHTTPTransport] | None:
    if not proxies:
        return None
    if isinstance(proxies, str):
        proxies = {"all://": proxies}
    return {pattern: httpx.AsyncHTTPTransport(proxy=url) for pattern, url in proxies.items()}


class EngineNetwork:
    """Runs engine requests concurrently on a private event loop."""

    def __init__(self, outgoing: Outgoing) -> None:
        self._outgoing = outgoing
        self._user_agent = (USER_AGENT + " " + outgoing.useragent_suffix).strip()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="searx-network", daemon=True)
        self._thread.start()
        self._client: httpx.AsyncClient = asyncio.run_coroutine_threadsafe(self._make_client(), self._loop).result()

    async def _make_client(self) -> httpx.AsyncClient:
        o = self._outgoing
        return httpx.AsyncClient(
            limits=httpx.Limits(
                max_connections=o.pool_connections,
                max_keepalive_connections=o.pool_maxsize,
                keepalive_expiry=o.keepalive_expiry or 5.0,
            ),
            verify=o.verify,
            mounts=_proxy_mounts(o.proxies),
            follow_redirects=False,
            timeout=None,  # each request gets its own deadline below
            trust_env=False,
        )

    def fetch_all(self, batch: Sequence[Fetch]) -> list[Fetched]:
        """Send every request at once; return when all answered or timed out."""
        if not batch:
            return []
        future = asyncio.run_coroutine_threadsafe(self._gather(batch), self._loop)
        return future.result()

    async def _gather(self, batch: Sequence[Fetch]) -> list[Fetched]:
        return list(await asyncio.gather(*(self._timed(f) for f in batch)))

    async def _timed(self, fetch: Fetch) -> Fetched:
        start = time.perf_counter()
        try:
            response = await asyncio.wait_for(self._send(fetch), fetch.timeout)
            return Fetched(response, None, time.perf_counter() - start)
        except (TimeoutError, httpx.TimeoutException):
            return Fetched(None, EngineTimeout(f"no answer within {fetch.timeout:g} s"), time.perf_counter() - start)
        except EngineError as exc:
            return Fetched(None, exc, time.perf_counter() - start)
        except httpx.InvalidURL as exc:
            return Fetched(None, EngineNetworkError(f"invalid URL: {exc}"), time.perf_counter() - start)
        except (httpx.HTTPError, OSError, ValueError) as exc:
            error = EngineNetworkError(type(exc).__name__)
            error.__cause__ = exc
            return Fetched(None, error, time.perf_counter() - start)

    async def _send(self, fetch: Fetch) -> httpx.Response:
        p = fetch.params
        url = p["url"]
        if url.startswith("http://") and not fetch.enable_http:
            raise EngineNetworkError("plain http:// needs enable_http: true for this engine")
        headers = {"User-Agent": self._user_agent, "Accept-Language": "en-US,en;q=0.5", **(p.get("headers") or {})}
        request = self._client.build_request(
            p.get("method", "GET"), url, headers=headers, data=p.get("data") or None,
            json=p.get("json"), content=p.get("content"), cookies=p.get("cookies") or None,
        )
        response = await self._client.send(request, stream=True, follow_redirects=bool(p.get("allow_redirects")))
        try:
            limit = self._outgoing.max_response_bytes
            chunks, size = [], 0
            async for chunk in response.aiter_bytes():
                size += len(chunk)
                if size > limit:
                    raise EngineNetworkError(f"response larger than {limit} bytes")
                chunks.append(chunk)
        finally:
            await response.aclose()
        response._content = b"".join(chunks)  # the body is read: .text/.json() work
        return response

    def close(self) -> None:
        """Close the pool and stop the loop thread."""
        if self._loop.is_closed():
            return
        asyncio.run_coroutine_threadsafe(self._client.aclose(), self._loop).result(timeout=5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)
        self._loop.close()
