"""Fixtures: pictures answered in memory (httpx.MockTransport) behind the real address guard.

The guard resolves names with an injected resolver (tests never use DNS): the
test host ``pictures.test`` resolves to a public address that is never
connected to, because the mock transport answers; every other name and
literal goes through the guard's rules. Real sockets: test_netns_pictures.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from searx.network.guard import AddressGuard
from searx.proxy.images import ImageFetcher
from tests.proxy.picture_site import GIF, HTML, JPG, MB, PNG, SVG

HOST = "pictures.test"
BASE = f"http://{HOST}"


def resolver(host: str, port: int) -> list[str]:
    if host == HOST:
        return ["192.0.43.10"]  # public; never connected to (the mock transport answers)
    raise OSError("no DNS in tests")


@dataclass
class Pictures:
    """The in-memory host: ``requests`` it got, ``chunks_pulled`` of the endless body."""

    requests: list[httpx.Request] = field(default_factory=list)
    chunks_pulled: int = 0

    def body(self) -> Iterator[bytes]:
        yield PNG
        for _ in range(64 * 16):  # 64 MiB in 64 KiB chunks, made only when pulled
            self.chunks_pulled += 1
            yield b"\0" * (64 * 1024)

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        path, args = request.url.path, {k: v[0] for k, v in parse_qs(urlsplit(str(request.url)).query).items()}
        cookie = {"Set-Cookie": "tracker=1; Path=/"}
        table: dict[str, tuple[int, dict[str, str], bytes]] = {
            "/cat.png": (200, {"Content-Type": "image/png", **cookie}, PNG),
            "/cat.jpg": (200, {"Content-Type": "image/jpeg"}, JPG),
            "/cat.gif": (200, {"Content-Type": "image/gif; charset=binary"}, GIF),
            "/cat.svg": (200, {"Content-Type": "image/svg+xml"}, SVG),
            "/page.html": (200, {"Content-Type": "text/html"}, HTML),
            "/fake.png": (200, {"Content-Type": "image/png"}, HTML),
            "/octet.png": (200, {"Content-Type": "application/octet-stream"}, PNG),
            "/gzip.png": (200, {"Content-Type": "image/png", "Content-Encoding": "gzip"}, PNG),
            "/status/404": (404, {"Content-Type": "image/png"}, b""),
            "/to": (302, {"Location": args.get("u", "/cat.png")}, b""),
        }
        if path == "/big":
            return httpx.Response(200, headers={"Content-Type": "image/png"}, content=self.body())
        if path == "/declared-big":
            return httpx.Response(200, headers={"Content-Type": "image/png", "Content-Length": str(1024 * MB)},
                                  content=self.body())
        status, headers, body = table.get(path, (404, {"Content-Type": "text/plain"}, b"not found"))
        return httpx.Response(status, headers=headers, content=iter([body]))  # streamed, as from a socket


def make_fetcher(pictures: Callable[[httpx.Request], httpx.Response], *, max_bytes: int = MB,
                 timeout: float = 5.0) -> ImageFetcher:  # fmt: skip
    guard = AddressGuard(resolver=resolver, own_addresses=())
    return ImageFetcher(guard, user_agent="test-agent", timeout=timeout, max_bytes=max_bytes,
                        transport=lambda: httpx.MockTransport(pictures))


@pytest.fixture
def pictures() -> Pictures:
    return Pictures()


@pytest.fixture
def proxy_app(app_factory: Any, fake_engine: Any, pictures: Pictures) -> Any:
    from tests.conftest import json_engine_entry, make_settings

    app = app_factory(make_settings([json_engine_entry(fake_engine.url, "alpha")], server={"image_proxy": True}))
    app.extensions["searx"].images = make_fetcher(pictures)
    return app
