"""The document cache under a flood: many large pages keep memory within ``fetch.cache_bytes``.

The review's attack: 600 URLs of ~990 kB each grew a worker by 635 MB, held for
``fetch.cache_ttl``. Extraction is a stand-in here (the body's text as it is),
so the test measures the cache and not the parsers' processes.
"""

from __future__ import annotations

import gc
from typing import Any

import httpx
import psutil

from searx.reader.document import Document
from searx.reader.service import Reader
from searx.store.memory import MemoryStore
from tests.reader.conftest import reader_settings
from tests.reader.fakes import fake_reader, response

MiB = 1024 * 1024
PAGE = b"All work and no play makes a long page. " * 25_000  # ~990 kB of text
SLACK = 64 * MiB  # the pages in flight (a few MiB each), the allocator keeping freed blocks for reuse


class TextExtractor:
    """The body as its text, in this process."""

    def extract(self, body: bytes, content_type: str | None, url: str = "", *, format: str = "markdown",
                timeout: float | None = None) -> Document:  # fmt: skip
        return Document(title="", text=body.decode(), format=format, content_type="text/plain", kind="text")

    def close(self) -> None:
        pass


def _flood(reader: Reader, pages: int) -> None:
    for n in range(pages):
        assert reader.read(f"https://news.example/page/{n}").cached is False


def _reader(**fetch: Any) -> Reader:
    def handler(request: httpx.Request) -> httpx.Response:
        return response(200, {"content-type": "text/plain"}, PAGE)

    return fake_reader(reader_settings(**fetch), handler, store=MemoryStore(), extractor=TextExtractor())  # type: ignore[arg-type]


def test_600_large_pages_keep_the_cache_and_the_process_within_the_budget() -> None:
    reader = _reader()
    budget = reader.conf.cache_bytes
    assert budget == 64 * MiB
    gc.collect()
    before = psutil.Process().memory_info().rss
    _flood(reader, 600)
    gc.collect()
    grown = psutil.Process().memory_info().rss - before
    store = reader.cache.store
    assert isinstance(store, MemoryStore) and store is not reader.politeness.store  # cooldowns are never pushed out
    assert store.byte_count <= budget
    assert grown <= budget + SLACK, f"the process grew by {grown / MiB:.0f} MiB"  # 577 MiB without the budget
    # the newest pages are still served from the cache, the oldest were let go
    assert reader.read("https://news.example/page/599").cached is True
    assert reader.read("https://news.example/page/0").cached is False


def test_the_budget_is_a_setting_and_a_document_over_a_sixteenth_of_it_is_not_cached() -> None:
    reader = _reader(cache_bytes=16 * MiB)  # a sixteenth of it: just over one page
    _flood(reader, 30)
    assert 14 * MiB <= reader.cache.store.byte_count <= 16 * MiB  # type: ignore[attr-defined]
    assert reader.read("https://news.example/page/29").cached is True
    small = _reader(cache_bytes=15 * MiB)  # a sixteenth of it: just under one page
    _flood(small, 2)
    assert small.read("https://news.example/page/1").cached is False
