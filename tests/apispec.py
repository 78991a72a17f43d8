"""Check real answers against searx/webapp/openapi.yaml (used by the OpenAPI and fuzz tests)."""

from __future__ import annotations

import json
import re
from typing import Any

from jsonschema import Draft202012Validator

UNDOCUMENTED = {"static"}  # the static files are assets, not API
METHODS = {"get", "post", "put", "patch", "delete"}


def flask_routes(app: Any) -> set[tuple[str, str]]:
    """(OpenAPI path, method) for every url rule; <conv:name> becomes {name}."""
    out = set()
    for rule in app.url_map.iter_rules():
        if rule.endpoint in UNDOCUMENTED:
            continue
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        out |= {(path, m.lower()) for m in rule.methods - {"HEAD", "OPTIONS"}}
    return out


def spec_routes(doc: dict[str, Any]) -> set[tuple[str, str]]:
    return {(path, m) for path, item in doc["paths"].items() for m in item if m in METHODS}


def validator(doc: dict[str, Any], schema: dict[str, Any]) -> Draft202012Validator:
    """A validator for ``schema`` whose #/components/... references resolve in ``doc``."""
    return Draft202012Validator({**doc, **schema})


def response_spec(doc: dict[str, Any], path: str, method: str, status: int) -> tuple[str, dict[str, Any]]:
    """The documented response object for ``status`` (or ``default``) and its key."""
    responses = doc["paths"][path][method]["responses"]
    key = str(status) if str(status) in responses else "default"
    assert key in responses, f"{method.upper()} {path} answered {status}, which is not documented"
    obj = responses[key]
    while "$ref" in obj:
        obj = doc["components"]["responses"][obj["$ref"].rsplit("/", 1)[1]]
    return key, obj


def check(doc: dict[str, Any], path: str, method: str, resp: Any) -> tuple[str, str, str]:
    """Assert ``resp`` (a Flask test response) is a documented answer; return (path, method, status key)."""
    key, obj = response_spec(doc, path, method, resp.status_code)
    content = obj.get("content")
    if content is None:
        return path, method, key
    assert resp.mimetype in content, f"{method.upper()} {path} {resp.status_code}: {resp.mimetype} not documented"
    if content[resp.mimetype]["schema"].get("format") == "binary":  # a picture: bytes, not text
        assert resp.data, f"{method.upper()} {path} {resp.status_code}: an empty body"
        return path, method, key
    v = validator(doc, content[resp.mimetype]["schema"])
    if resp.mimetype == "application/json":
        v.validate(json.loads(resp.data))
    elif resp.mimetype == "application/x-ndjson":
        lines = resp.get_data(as_text=True).splitlines()
        assert lines, "an empty stream"
        for line in lines:
            v.validate(json.loads(line))
    else:
        v.validate(resp.get_data(as_text=True))
    return path, method, key
