"""The pictures' slots (searx/proxy/admission.py): taken at once or refused at once, shared by the image
proxy, favicons and tiles, never needed for what the store already has (under attack, served:
tests/webapp/test_picture_flood.py)."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import httpx
import pytest

from searx.network.guard import AddressGuard
from searx.proxy import favicons
from searx.proxy.admission import PictureAdmission, limits
from searx.proxy.errors import ImageError
from searx.proxy.favicons import FaviconFetcher
from searx.proxy.images import ImageFetcher
from searx.proxy.tiles import TileFetcher
from searx.settings_sections import MapSettings
from searx.store import MemoryStore
from tests.proxy.conftest import resolver
from tests.proxy.picture_site import PNG


def test_limits_follow_server_threads() -> None:
    assert limits(32) == (16, 8)  # half the threads; a client half of that, at most 8
    assert limits(64) == (32, 8)
    assert limits(4) == (2, 1)
    assert limits(1) == (2, 1)


class Gate:
    """An upstream whose answers wait until the test opens the gate; ``arrived`` counts who is waiting."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.arrived = threading.Semaphore(0)

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.arrived.release()
        assert self.open.wait(10)
        return httpx.Response(200, headers={"Content-Type": "image/png"}, content=iter([PNG]))  # streamed


@pytest.fixture
def gate() -> Iterator[Gate]:
    made = Gate()
    yield made
    made.open.set()


def _images(gate: Gate, admission: PictureAdmission) -> ImageFetcher:
    return ImageFetcher(AddressGuard(resolver=resolver, own_addresses=()), user_agent="t", timeout=10.0,
                        max_bytes=1 << 20, transport=lambda: httpx.MockTransport(gate), admission=admission)


def _hold(fetch, count: int, gate: Gate) -> list[threading.Thread]:  # type: ignore[no-untyped-def]
    threads = [threading.Thread(target=fetch) for _ in range(count)]
    for t in threads:
        t.start()
    for _ in range(count):
        assert gate.arrived.acquire(timeout=10)
    return threads


def test_a_clients_pictures_then_everyones_are_refused_at_once_with_a_retry(gate: Gate) -> None:
    images = _images(gate, PictureAdmission(3, 2))
    held = _hold(lambda: images.fetch("http://pictures.test/cat.png", client="a"), 2, gate)
    with pytest.raises(ImageError) as mine:
        images.fetch("http://pictures.test/cat.png", client="a")
    assert (mine.value.code, mine.value.status, mine.value.retry_after) == ("rate_limited", 429, 1.0)
    held += _hold(lambda: images.fetch("http://pictures.test/cat.png", client="b"), 1, gate)
    with pytest.raises(ImageError) as everyone:
        images.fetch("http://pictures.test/cat.png", client="c")
    assert (everyone.value.code, everyone.value.status, everyone.value.retry_after) == ("busy", 503, 1.0)
    gate.open.set()
    for t in held:
        t.join(10)
    assert images.fetch("http://pictures.test/cat.png", client="a").body == PNG  # the slots came back
    assert images.admission is not None and images.admission.slots.held("*") == 0


def test_favicons_and_tiles_share_the_slots_and_what_the_store_has_needs_none(gate: Gate) -> None:
    images = _images(gate, PictureAdmission(1, 1))
    store = MemoryStore()
    icons = FaviconFetcher(images.derived(max_bytes=favicons.MAX_BYTES), store)
    tiles = TileFetcher(MapSettings(tile_url="http://pictures.test/{z}/{x}/{y}.png"), images.derived(max_bytes=4096),
                        store)  # fmt: skip
    tiles.store.set(f"{tiles._prefix}1/0/0", PNG, 60)
    held = _hold(lambda: images.fetch("http://pictures.test/cat.png"), 1, gate)
    with pytest.raises(ImageError, match="all the pictures"):
        tiles.tile(1, 1, 1, client="x")
    with pytest.raises(ImageError) as refused:  # refused before the resolver was asked: not kept as "no icon"
        icons.icon("duckduckgo", "example.org", client="x")
    assert refused.value.code == "busy" and store.get("favicon:duckduckgo:example.org") is None
    assert tiles.tile(1, 0, 0, client="x").body == PNG  # from the store: no slot needed
    gate.open.set()
    for t in held:
        t.join(10)
