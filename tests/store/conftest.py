"""Key prefixes for the store tests (the servers come from tests/conftest.py)."""

from __future__ import annotations

import uuid

import pytest


@pytest.fixture
def prefix() -> str:
    """A key prefix no other test uses."""
    return f"test-{uuid.uuid4().hex[:12]}:"
