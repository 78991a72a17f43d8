"""Environment variables that override settings, in this project's and SearXNG's spelling.

Each setting has two names: ``SEARX_…`` (this project's) and ``SEARXNG_…``
(SearXNG's); when both are set, ``SEARX_…`` wins. A variable beats the value
in the settings file, as in SearXNG.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from searx.errors import SettingsError

SETTINGS_PATH = ("SEARX_SETTINGS_PATH", "SEARXNG_SETTINGS_PATH")

# (section, key, our name, SearXNG's name, type)
VARIABLES: tuple[tuple[str, str, str, str, type], ...] = (
    ("server", "secret_key", "SEARX_SECRET_KEY", "SEARXNG_SECRET", str),
    ("server", "port", "SEARX_PORT", "SEARXNG_PORT", int),
    ("server", "bind_address", "SEARX_BIND_ADDRESS", "SEARXNG_BIND_ADDRESS", str),
    ("server", "base_url", "SEARX_BASE_URL", "SEARXNG_BASE_URL", str),
    ("server", "limiter", "SEARX_LIMITER", "SEARXNG_LIMITER", bool),
    ("server", "public_instance", "SEARX_PUBLIC_INSTANCE", "SEARXNG_PUBLIC_INSTANCE", bool),
    ("server", "image_proxy", "SEARX_IMAGE_PROXY", "SEARXNG_IMAGE_PROXY", bool),
    ("server", "method", "SEARX_METHOD", "SEARXNG_METHOD", str),
    ("general", "debug", "SEARX_DEBUG", "SEARXNG_DEBUG", bool),
    ("store", "url", "SEARX_VALKEY_URL", "SEARXNG_VALKEY_URL", str),
)

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def first(environ: Mapping[str, str], names: tuple[str, ...]) -> tuple[str, str] | None:
    """(name, value) of the first of ``names`` set to a non-empty value."""
    for name in names:
        value = environ.get(name, "")
        if value:
            return name, value
    return None


def settings_path(environ: Mapping[str, str]) -> str | None:
    """The settings file named by ``SEARX_SETTINGS_PATH`` or ``SEARXNG_SETTINGS_PATH``."""
    found = first(environ, SETTINGS_PATH)
    return found[1] if found else None


def _convert(name: str, value: str, kind: type) -> Any:
    if kind is int:
        try:
            return int(value)
        except ValueError:
            raise SettingsError(f"{name}: expected a whole number, got {value!r}") from None
    if kind is bool:
        if value.lower() in _TRUE:
            return True
        if value.lower() in _FALSE:
            return False
        raise SettingsError(f"{name}: expected true or false, got {value!r}")
    return value


def apply(data: dict[str, Any], environ: Mapping[str, str]) -> dict[str, Any]:
    """Write the values of the variables that are set into the settings mapping."""
    for section, key, ours, theirs, kind in VARIABLES:
        found = first(environ, (ours, theirs))
        if found is None:
            continue
        target = data.get(section)
        if not isinstance(target, dict):
            target = data[section] = {}
        target[key] = _convert(found[0], found[1], kind)
    return data
