"""Apps with collections in a temporary data directory; the fake embeddings server."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from utils.fakes.embeddings import FakeEmbeddingsServer


@pytest.fixture
def embeddings_server() -> Iterator[FakeEmbeddingsServer]:
    with FakeEmbeddingsServer() as server:
        yield server


@pytest.fixture
def coll_app(coll_factory: Any) -> Any:
    return coll_factory()
