"""One error model: every error of searx derives from SearxError, is drawn in errors.py, and has a code with a status."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import searx.errors as errors
from searx.errors import STATUS, Refused, SearxError, error_body

ROOT = Path(__file__).resolve().parent.parent


def _exception_classes() -> list[tuple[str, str]]:
    """(module, class) of every class in searx/ whose name ends in Error or that subclasses an exception."""
    found = []
    for path in sorted((ROOT / "searx").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found.append((module, node.name))
    classes = []
    for module, name in found:
        obj = getattr(importlib.import_module(module), name, None)
        if isinstance(obj, type) and issubclass(obj, BaseException):
            classes.append((module, name))
    return classes


EXCEPTIONS = _exception_classes()


def test_the_finder_sees_the_errors_of_every_package():
    names = {name for _, name in EXCEPTIONS}
    assert {"SearxError", "ReaderError", "CollectionError", "ImageError", "EvidenceError", "ArgumentError"} <= names


@pytest.mark.parametrize("module, name", EXCEPTIONS)
def test_every_error_is_a_searx_error_with_a_known_code_drawn_in_the_tree(module, name):
    cls = getattr(importlib.import_module(module), name)
    assert issubclass(cls, SearxError), f"{module}.{name} is not under SearxError"
    assert cls.code in STATUS, f"{module}.{name}: code {cls.code!r} has no status"
    assert f" {name} " in errors.__doc__, f"{name} is not drawn in searx/errors.py"


def test_an_unknown_code_is_refused_and_a_known_one_has_its_status():
    with pytest.raises(ValueError):
        Refused("no_such_code")
    limited = Refused("rate_limited", "too many requests", retry_after=3)
    assert (limited.status, limited.message, limited.retry_after) == (429, "too many requests", 3)
    assert error_body(limited.code, limited.message) == {"error": {"code": "rate_limited",
                                                                   "message": "too many requests"}}
