"""Read settings files and combine them as SearXNG does.

``use_default_settings: true`` merges the operator's file over the defaults;
``engines: {keep_only, remove}`` (or SearXNG's ``use_default_settings:
{engines: {...}}``) filter the default engines, and an engine entry of the
same name updates a default one. A user's ``plugins`` and non-empty
``categories_as_tabs`` replace the defaults' whole, as in SearXNG.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

from searx.errors import SettingsError


def deep_update(base: dict[str, Any], user: dict[str, Any]) -> dict[str, Any]:
    for key, value in user.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            deep_update(base[key], value)
        else:
            base[key] = value
    return base


def _merge_engines(defaults: list[dict[str, Any]], user: Any) -> list[dict[str, Any]]:
    """SearXNG's rules: keep_only/remove filter defaults; same-name entries update them."""
    if isinstance(user, dict):
        keep_only, remove = user.get("keep_only"), user.get("remove") or []
        engines = [e for e in defaults if (keep_only is None or e.get("name") in keep_only)]
        return [e for e in engines if e.get("name") not in remove]
    if user is None:
        return defaults
    if not isinstance(user, list):
        raise SettingsError("engines: expected a list or {keep_only, remove}")
    by_name = {e.get("name"): e for e in defaults}
    merged = list(defaults)
    for i, entry in enumerate(user):
        if not isinstance(entry, dict):
            raise SettingsError(f"engines[{i}]: expected a mapping")
        if entry.get("name") in by_name:
            deep_update(by_name[entry["name"]], entry)
        else:
            merged.append(entry)
    return merged


def read_yaml(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SettingsError(f"{path}: cannot read settings: {exc.strerror}") from exc
    except yaml.YAMLError as exc:
        raise SettingsError(f"{path}: not valid YAML: {exc}") from exc
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise SettingsError(f"{path}: the top level must be a mapping")
    return data


def merge(defaults: dict[str, Any], user: dict[str, Any] | None) -> dict[str, Any]:
    """Combine the default and user mappings as SearXNG does."""
    if user is None:
        return copy.deepcopy(defaults)
    user = copy.deepcopy(user)
    use_default = user.pop("use_default_settings", False)
    if not use_default:
        return user
    result = copy.deepcopy(defaults)
    user_engines = user.pop("engines", None)
    engines = result.get("engines") or []
    if isinstance(use_default, dict) and isinstance(use_default.get("engines"), dict):
        # SearXNG spells it use_default_settings: {engines: {keep_only, remove}}
        engines = _merge_engines(engines, use_default["engines"])
    # SearXNG's rules: a user's plugins (and non-empty categories_as_tabs) replace the defaults' whole
    if user.get("plugins") is not None:
        result["plugins"] = {}
    if user.get("categories_as_tabs"):
        result["categories_as_tabs"] = {}
    deep_update(result, user)
    result["engines"] = _merge_engines(engines, user_engines)
    return result
