"""Collection and entry names: checked as given, refused when unsafe, never cleaned up."""

from __future__ import annotations

import re
import unicodedata

from searx.collections.errors import BadName

MAX_NAME = 64
MAX_ENTRY = 255
_COLLECTION = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def collection_name(name: object) -> str:
    """A collection name: letters, digits, ``.``, ``_``, ``-``; no ``..``; at most 64 characters."""
    if not isinstance(name, str) or not name:
        raise BadName("a collection name is required")
    if len(name) > MAX_NAME or ".." in name or not _COLLECTION.fullmatch(name):
        raise BadName("a collection name is letters, digits, '.', '_' or '-' (no '..', at most 64 characters)")
    return name


def entry_name(name: object) -> str:
    """A file name as uploaded: no path separator, no ``..``, no ``%``, no control characters."""
    if not isinstance(name, str) or not name.strip():
        raise BadName("a file name is required")
    if len(name) > MAX_ENTRY:
        raise BadName(f"a file name is at most {MAX_ENTRY} characters")
    if "/" in name or "\\" in name or ".." in name or "%" in name or name != name.strip():
        raise BadName("a file name cannot contain '/', '\\', '..' or '%' or begin or end with spaces")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in name):
        raise BadName("a file name cannot contain control characters")
    return name
