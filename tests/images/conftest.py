"""Fixtures: a picture host on 127.0.0.1 reached as ``pictures.test`` through a real address guard."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from searx.network.guard import AddressGuard
from searx.network.images import ImageFetcher
from tests.images.picture_site import PictureSite

HOST = "pictures.test"


class SiteGuard(AddressGuard):
    """The real guard, except that one test name resolves to the loopback site (and its port is allowed).

    Every other name and every literal address goes through the guard's rules,
    so a redirect to 127.0.0.1 or 10.0.0.1 is refused as in production.
    """

    def __init__(self, port: int) -> None:
        super().__init__(allowed_ports=(80, 443, port), own_addresses=())

    def _resolved(self, host: str, port: int) -> list[str]:
        if host == HOST:
            return ["127.0.0.1"]
        return super()._resolved(host, port)


@pytest.fixture
def site() -> Iterator[PictureSite]:
    with PictureSite() as running:
        yield running


def fetcher(port: int, *, max_bytes: int = 1024 * 1024, timeout: float = 5.0) -> ImageFetcher:
    return ImageFetcher(SiteGuard(port), user_agent="test-agent", timeout=timeout, max_bytes=max_bytes)


@pytest.fixture
def proxy_app(app_factory: Any, fake_engine: Any, site: PictureSite) -> Any:
    from tests.conftest import json_engine_entry, make_settings

    app = app_factory(make_settings([json_engine_entry(fake_engine.url, "alpha")], server={"image_proxy": True}))
    app.extensions["searx"].images = fetcher(site.port)
    return app
