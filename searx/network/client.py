"""The engines' HTTP client: one asyncio loop thread, one pooled aiohttp session.

Search threads hand a batch of requests to the loop and wait for all of them
(each with its own timeout), so a slow engine costs a coroutine, not a thread.
The answer reaches the engine as an ``httpx.Response`` with its body read.
aiohttp is used on this path because it spends about a sixth of the CPU of
httpx's async client per request (docs/performance.md); the LLM client uses httpx.
Foreign errors become ``searx.errors`` engine errors here and nowhere else.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import aiohttp
import httpx
import msgspec

from searx.errors import EngineError, EngineNetworkError, EngineTimeout
from searx.network.capped import BodyTooLarge, CappedBody
from searx.network.outgoing import proxy_url, source_addresses, tls_verify
from searx.settings import Outgoing

USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0"
# the body handed to engines is already decoded, so these headers no longer describe it
_DROP = frozenset({"content-encoding", "transfer-encoding", "content-length"})
_decode_json = msgspec.json.Decoder().decode


@dataclass
class Fetch:
    """One engine request: the engine's params and its timeout in seconds."""

    params: dict[str, Any]
    timeout: float
    enable_http: bool = False


class EngineResponse(httpx.Response):
    """An engine's answer as the ``httpx.Response`` engines expect, its body already read.

    Built without httpx's body pipeline (the body is complete and decoded); its
    ``headers`` are built when first read and its request when something reads it
    (``request``, ``url``, ``raise_for_status``): many engines never do.
    """

    _built: httpx.Request | None
    _built_headers: httpx.Headers | None

    def __init__(self, status: int, headers: list[tuple[str, str]], content: bytes, method: str, url: str) -> None:
        self._sent = (method, url)
        super().__init__(status, stream=httpx.ByteStream(content))
        self._raw_headers = headers
        self._built_headers = None  # the constructor's empty headers: those received are built when read
        # what reading the stream would have left: the content, a consumed and closed stream
        self._content = content
        self._num_bytes_downloaded = len(content)
        self.is_stream_consumed = self.is_closed = True

    def json(self, **kwargs: Any) -> Any:
        """The body as JSON, decoded by msgspec (several times faster than ``json.loads`` on the
        large answers of some engines); anything msgspec refuses (NaN, UTF-16, integers past 64
        bits) or a call with ``json.loads`` options goes to ``json.loads``, which decides as before."""
        if not kwargs:
            try:
                return _decode_json(self.content)
            except msgspec.DecodeError:
                pass
        return super().json(**kwargs)

    # httpx sets ``headers`` in its constructor and reads it everywhere: built on the first read
    @property  # type: ignore[override]
    def headers(self) -> httpx.Headers:
        if self._built_headers is None:
            self._built_headers = httpx.Headers(self._raw_headers)
        return self._built_headers

    @headers.setter
    def headers(self, value: httpx.Headers) -> None:
        self._built_headers = value

    # httpx keeps the request in ``_request`` and reads it there: built on the first read
    @property  # type: ignore[override]
    def _request(self) -> httpx.Request | None:
        if self._built is None:
            self._built = httpx.Request(*self._sent)
        return self._built

    @_request.setter
    def _request(self, value: httpx.Request | None) -> None:
        self._built = value


@dataclass
class Fetched:
    """What came back: a read response or an engine error, and the time it took."""

    response: httpx.Response | None
    error: EngineError | None
    elapsed: float


class EngineNetwork:
    """Runs engine requests concurrently on a private event loop.

    With ``outgoing.source_ips`` each request leaves from the next of those addresses in turn
    (each address has its own connection pool; ``pool_connections`` is shared out among them).
    """

    def __init__(self, outgoing: Outgoing) -> None:
        self._outgoing = outgoing
        self._proxy = proxy_url(outgoing.proxies)
        self._ssl = tls_verify(outgoing.verify)
        self._user_agent = (USER_AGENT + " " + outgoing.useragent_suffix).strip()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="searx-network", daemon=True)
        self._thread.start()
        addresses: list[str | None] = [*source_addresses(outgoing.source_ips)] or [None]
        self._sessions: list[aiohttp.ClientSession] = asyncio.run_coroutine_threadsafe(
            self._open_all(addresses), self._loop).result()
        # used on the loop's thread only: the turn of the next request's source address
        self._turns: Iterator[aiohttp.ClientSession] = itertools.cycle(self._sessions)

    async def _open_all(self, addresses: list[str | None]) -> list[aiohttp.ClientSession]:
        limit = max(1, -(-self._outgoing.pool_connections // len(addresses)))
        return [self._open(address, limit) for address in addresses]

    def _open(self, address: str | None, limit: int) -> aiohttp.ClientSession:
        o = self._outgoing
        # pool_connections caps requests in flight to all engines; no cap per host, so one
        # busy engine never queues the others (pool_maxsize is SearXNG's keep-alive size)
        connector = aiohttp.TCPConnector(limit=limit, limit_per_host=0, keepalive_timeout=o.keepalive_expiry or 5.0,
                                         ssl=self._ssl, local_addr=(address, 0) if address else None)
        # no cookie jar: nothing an engine sets is kept or sent on another user's search
        return aiohttp.ClientSession(connector=connector, cookie_jar=aiohttp.DummyCookieJar(),
                                     timeout=aiohttp.ClientTimeout(total=None), trust_env=False,
                                     auto_decompress=True)

    def fetch_all(self, batch: Sequence[Fetch]) -> list[Fetched]:
        """Send every request at once; return when all answered or timed out."""
        if not batch:
            return []
        return asyncio.run_coroutine_threadsafe(self._gather(batch), self._loop).result()

    def get(self, url: str, timeout: float) -> bytes:
        """The body of one GET that is no engine's (a plugin's list), redirects followed; raises EngineError."""
        got = self.fetch_all([Fetch({"url": url, "method": "GET", "allow_redirects": True}, timeout, True)])[0]
        if got.error is not None:
            raise got.error
        assert got.response is not None
        if got.response.status_code != 200:
            raise EngineError(f"HTTP {got.response.status_code}")
        return got.response.content

    async def _gather(self, batch: Sequence[Fetch]) -> list[Fetched]:
        return list(await asyncio.gather(*(self._timed(f) for f in batch)))

    async def _timed(self, fetch: Fetch) -> Fetched:
        start = time.perf_counter()
        try:
            async with asyncio.timeout(fetch.timeout):  # no extra task per request, as wait_for makes
                response = await self._send(fetch)
            return Fetched(response, None, time.perf_counter() - start)
        except TimeoutError:
            return Fetched(None, EngineTimeout(f"no answer within {fetch.timeout:g} s"), time.perf_counter() - start)
        except EngineError as exc:
            return Fetched(None, exc, time.perf_counter() - start)
        except (aiohttp.ClientError, OSError, ValueError) as exc:
            error = EngineNetworkError(type(exc).__name__)
            error.__cause__ = exc
            return Fetched(None, error, time.perf_counter() - start)

    async def _send(self, fetch: Fetch) -> httpx.Response:
        p = fetch.params
        url = p["url"]
        if url.startswith("http://") and not fetch.enable_http:
            raise EngineNetworkError("plain http:// needs enable_http: true for this engine")
        if not url.startswith(("http://", "https://")):
            raise EngineNetworkError("only http:// and https:// URLs can be fetched")
        headers = {"User-Agent": self._user_agent, "Accept-Language": "en-US,en;q=0.5", **(p.get("headers") or {})}
        body: Any = p.get("content")
        if body is None and p.get("data"):
            body = p["data"]
        method = p.get("method", "GET")
        limit = self._outgoing.max_response_bytes
        async with next(self._turns).request(
            method, url, headers=headers, data=body, json=p.get("json"), cookies=p.get("cookies") or None,
            allow_redirects=bool(p.get("allow_redirects")), proxy=self._proxy,
        ) as resp:
            capped = CappedBody(limit)
            try:
                capped.check_declared(resp.content_length)
                async for chunk in resp.content.iter_chunked(65536):
                    capped.add(chunk)
            except BodyTooLarge as exc:
                raise EngineNetworkError(f"response larger than {limit} bytes") from exc
            kept = [(k, v) for k, v in resp.headers.items() if k.lower() not in _DROP]
            return EngineResponse(resp.status, kept, capped.value(), method, str(resp.url))

    def close(self) -> None:
        """Close the pool and stop the loop thread."""
        if self._loop.is_closed():
            return
        for session in self._sessions:
            asyncio.run_coroutine_threadsafe(session.close(), self._loop).result(timeout=5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)
        self._loop.close()
