"""Every built-in engine, its extra settings keys and every outcome are documented."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest

from searx.search.health import OUTCOMES

DOC = (Path(__file__).parents[2] / "docs" / "admin" / "engines.md").read_text(encoding="utf-8")
# every engine module (a module with request() and response()); the generic ones have a doc of their own
GENERIC = {"json_engine", "xpath"}
MODULES = sorted(
    info.name for info in pkgutil.iter_modules(importlib.import_module("searx.engines").__path__)
    if info.name not in GENERIC
    and callable(getattr(importlib.import_module(f"searx.engines.{info.name}"), "request", None))
    and callable(getattr(importlib.import_module(f"searx.engines.{info.name}"), "response", None))
)
# keys the loader knows for every engine; the rest are engine-specific and need a word in the doc
COMMON = {"base_url", "categories", "paging", "time_range_support", "safesearch", "language_support", "timeout",
          "about", "weight", "shortcut", "disabled", "enable_http", "engine_type"}


@pytest.mark.parametrize("module", MODULES)
def test_engine_and_its_keys_are_documented(module: str) -> None:
    mod = importlib.import_module(f"searx.engines.{module}")
    assert f"`{module}`" in DOC
    assert mod.__doc__ and "not" in mod.__doc__.lower()  # each docstring says what it does not support
    extra = {k for k, v in vars(mod).items() if k.islower() and not k.startswith("_")
             and isinstance(v, (str, int, float, bool, list, dict)) and k not in COMMON}
    for key in extra:
        assert f"`{key}" in DOC, f"searx.engines.{module}.{key} is not in docs/admin/engines.md"


def test_the_engines_folder_holds_engines_only() -> None:
    """What engines share lives in searx/enginelib/ (docs/dev/engines.md): every module here is an engine."""
    names = [info.name for info in pkgutil.iter_modules(importlib.import_module("searx.engines").__path__)]
    assert len(names) > 60 and set(MODULES) | GENERIC == set(names)


@pytest.mark.parametrize("outcome", OUTCOMES)
def test_outcomes_are_documented(outcome: str) -> None:
    assert f"| `{outcome}` |" in DOC
