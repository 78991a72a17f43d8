"""A reader that reaches no network: a fake resolver and an in-process transport."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import httpx

from searx.network.guard import AddressGuard
from searx.reader.service import Reader
from searx.reader.worker import ExtractorPool
from searx.settings import Settings
from searx.store import Store
from searx.store.memory import MemoryStore

# names the fake DNS knows; anything else does not resolve
DNS = {
    "example.org": ["93.184.215.14"], "www.example.org": ["93.184.215.14"], "news.example": ["198.51.101.7"],
    "other.example": ["198.51.101.8"], "rebind.example": ["198.51.101.9", "10.0.0.5"],
    "lan.example": ["192.168.1.20"], "metadata.example": ["169.254.169.254"], "own.example": ["198.51.101.99"],
    "bücher.example": ["198.51.101.10"], "xn--bcher-kva.example": ["198.51.101.10"],
}  # fmt: skip
OWN = ["198.51.101.99"]

Handler = Callable[[httpx.Request], httpx.Response]


def resolver(host: str, port: int) -> list[str]:
    if host not in DNS:
        raise OSError("NXDOMAIN")
    return DNS[host]


class Chunks(httpx.SyncByteStream):
    """A body streamed in pieces, as from a socket (a bytes body would be read at once)."""

    def __init__(self, body: bytes, size: int = 16 * 1024) -> None:
        self.body, self.size = body, size

    def __iter__(self):  # type: ignore[no-untyped-def]
        for start in range(0, len(self.body), self.size):
            yield self.body[start:start + self.size]


def response(status: int, headers: Mapping[str, str], body: bytes) -> httpx.Response:
    return httpx.Response(status, headers=dict(headers), stream=Chunks(body))


def site(pages: Mapping[str, Any]) -> Handler:
    """A handler answering ``pages[url]``: a Response, a callable, or (status, headers, body)."""

    def handle(request: httpx.Request) -> httpx.Response:
        host = request.headers["host"]
        url = f"{request.url.scheme}://{host}{request.url.raw_path.decode()}"
        page = pages.get(url)
        if page is None:
            return httpx.Response(404, text="not found")
        if callable(page):
            return page(request)
        if isinstance(page, httpx.Response):
            return page
        return response(*page)

    return handle


def fake_reader(settings: Settings, handler: Handler, *, store: Store | None = None,
                extractor: ExtractorPool | None = None, **guard: Any) -> Reader:
    """A Reader whose guard uses the fake DNS and whose connections go to ``handler``."""
    conf = settings.fetch
    checked = AddressGuard(resolver=resolver, own_addresses=OWN, allowed_ports=conf.ports,
                           allow_private=conf.allow_private, **guard)  # fmt: skip
    return Reader(settings, store or MemoryStore(), guard=checked, transport=lambda: httpx.MockTransport(handler),
                  extractor=extractor)  # fmt: skip
