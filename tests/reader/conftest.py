"""Fixtures for the reader tests: one extraction pool for the session, settings, fake readers."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from searx.reader.service import Reader
from searx.reader.worker import ExtractorPool
from searx.settings import Settings
from tests.conftest import make_settings
from tests.reader.fakes import Handler, fake_reader


@pytest.fixture(scope="session")
def extractor() -> Iterator[ExtractorPool]:
    pool = ExtractorPool(workers=2, timeout=10.0)
    yield pool
    pool.close()


def reader_settings(**fetch: Any) -> Settings:
    return make_settings([], fetch=fetch)


@pytest.fixture
def make_reader(extractor: ExtractorPool) -> Callable[..., Reader]:
    def build(handler: Handler, settings: Settings | None = None, **kwargs: Any) -> Reader:
        return fake_reader(settings or reader_settings(), handler, extractor=extractor, **kwargs)

    return build
