"""Fixtures of the web tests: an app whose outgoing requests go through the upstream-hosts double."""

from __future__ import annotations

from typing import Any

import pytest

import searx.network.guard as guard_mod
from tests.conftest import make_settings
from tests.upstream_hosts import UpstreamHosts

PUBLIC = "93.184.215.14"
# what the fake system resolver answers (tests never use DNS); any other name does not resolve
DNS = {"pictures.example": [PUBLIC], "pages.example": [PUBLIC], "icons.duckduckgo.com": [PUBLIC],
       "tile.openstreetmap.org": [PUBLIC], "lan.example": ["192.168.1.20"], "loop.example": ["127.0.0.1"],
       "meta.example": ["169.254.169.254"], "rebind.example": [PUBLIC, "10.0.0.7"]}  # fmt: skip


@pytest.fixture
def looked_up(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names the guard asked the (fake) system resolver for."""
    asked: list[str] = []

    def resolve(host: str, port: int) -> list[str]:
        asked.append(host)
        if host not in DNS:
            raise OSError("NXDOMAIN")
        return DNS[host]

    monkeypatch.setattr(guard_mod, "system_resolver", resolve)
    return asked


@pytest.fixture
def proxied(app_factory: Any, hosts: UpstreamHosts, looked_up: list[str]) -> Any:
    """``proxied(**outgoing)``: a test client of an app with the image proxy and favicons on, whose page reads
    and pictures go through the upstream-hosts double (``outgoing`` keys added to its settings)."""

    def make(**outgoing: Any) -> Any:
        sections = hosts.settings()
        sections["outgoing"] = {**sections["outgoing"], **outgoing}
        sections["server"] = {"image_proxy": True}
        sections["search"] = {**sections["search"], "favicon_resolver": "duckduckgo"}
        return app_factory(make_settings([], **sections)).test_client()

    return make
