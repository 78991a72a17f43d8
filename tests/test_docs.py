"""Docs are part of the product: every setting and endpoint must be documented."""

from __future__ import annotations

from pathlib import Path

import msgspec

from searx import settings as settings_mod
from searx.settings import Settings

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _struct_keys(struct: type, prefix: str):
    for field in msgspec.structs.fields(struct):
        if field.name in settings_mod.LOADER_FIELDS:
            continue
        sub = field.type
        if isinstance(sub, type) and issubclass(sub, msgspec.Struct):
            yield from _struct_keys(sub, f"{prefix}{field.name}.")
        else:
            yield f"{prefix}{field.name}"


def test_every_setting_is_documented():
    text = (DOCS / "admin" / "settings.md").read_text()
    missing = [key for key in _struct_keys(Settings, "") if f"`{key}" not in text]
    assert not missing, f"undocumented settings: {missing}"


def test_every_endpoint_is_documented(engine_app):
    app = engine_app("a")
    text = (DOCS / "api.md").read_text()
    rules = {r.rule for r in app.url_map.iter_rules() if not r.rule.startswith("/static")}
    missing = sorted(rule for rule in rules if f"`{rule}`" not in text and f"{rule}`" not in text)
    assert not missing, f"undocumented endpoints: {missing}"
