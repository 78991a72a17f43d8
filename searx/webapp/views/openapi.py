"""``GET /openapi.json``: the OpenAPI description of the HTTP API (searx/webapp/openapi.yaml)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml
from flask import Blueprint, Response, jsonify

from searx.webapp.errors import API, answers

SPEC_PATH = Path(__file__).resolve().parent.parent / "openapi.yaml"

bp = Blueprint("openapi", __name__)


@functools.cache
def spec() -> dict[str, Any]:
    """The description as a dict, read once (it is a file of the package, not runtime state)."""
    with SPEC_PATH.open(encoding="utf-8") as f:
        loaded: dict[str, Any] = yaml.safe_load(f)
    return loaded


@bp.get("/openapi.json")
@answers(API)
def openapi() -> Response:
    return jsonify(spec())
