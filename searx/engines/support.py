"""Which engine entries of the settings this instance can run, and why not.

An entry is skipped, not fatal, when its module is missing, when it names no
``engine:`` (a reference to a default engine this instance does not ship),
when it sets a value its module declares it does not implement
(``SUPPORTED_VALUES``), or when it asks for what the engine network cannot
honour (private engines' ``tokens``, per-engine proxies). The list is worked
out from the modules present, so it shrinks as modules are added.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
import pkgutil
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from searx.errors import SettingsError

MODULE_NAME = re.compile(r"[a-z0-9][a-z0-9_]*")
_PACKAGE = "searx.engines"


@dataclass(frozen=True)
class Unsupported:
    """One skipped entry: its name, its module (may be empty), a reason code and its detail."""

    name: str
    engine: str
    code: str  # no_module, no_engine, value, private, proxies
    detail: str = ""
    disabled: bool = False

    @property
    def reason(self) -> str:
        """The reason in English (the log line and /config; the preferences page translates the code)."""
        if self.code == "no_module":
            return f"this instance has no engine module {self.engine!r}{self.detail}"
        if self.code == "no_engine":
            return "no engine: key, and the default settings have no engine of this name"
        if self.code == "value":
            return f"{self.detail} is not implemented by the {self.engine} module"
        if self.code == "private":
            return "private engines (tokens) are not supported"
        return "per-engine proxies (proxies, using_tor_proxy) are not supported: it would connect without them"


@lru_cache(maxsize=1)
def _module_names() -> tuple[str, ...]:
    path = importlib.import_module(_PACKAGE).__path__
    return tuple(m.name for m in pkgutil.iter_modules(path))


def _did_you_mean(name: str) -> str:
    close = difflib.get_close_matches(name, _module_names(), n=1, cutoff=0.85)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _unimplemented_value(module: Any, entry: Mapping[str, Any]) -> str:
    """``key: value`` of the first setting whose value the module declares it does not implement."""
    supported: Mapping[str, tuple[Any, ...]] = getattr(module, "SUPPORTED_VALUES", {})
    for key, values in supported.items():
        if key in entry and entry[key] not in values:
            return f"{key}: {entry[key]!r}"
    return ""


def onion(entry: Mapping[str, Any]) -> bool:
    """An onion engine: its entry (or, without ``categories:``, its module) has the category ``onions``."""
    categories = entry.get("categories")
    if categories is None and isinstance(entry.get("engine"), str) and MODULE_NAME.fullmatch(entry["engine"]):
        if importlib.util.find_spec(f"{_PACKAGE}.{entry['engine']}") is not None:
            categories = getattr(importlib.import_module(f"{_PACKAGE}.{entry['engine']}"), "categories", None)
    categories = categories or ()
    return "onions" in ([c.strip() for c in categories.split(",")] if isinstance(categories, str) else categories)


def inactive(entry: Mapping[str, Any], *, tor: bool = False) -> bool:
    """Skipped silently, as SearXNG does: ``inactive: true``, and onion engines unless the
    engine traffic goes through Tor (``tor``: ``outgoing.using_tor_proxy`` with a proxy)."""
    return bool(entry.get("inactive")) or (not tor and onion(entry))


def skip_reason(entry: Mapping[str, Any], where: str) -> Unsupported | None:
    """Why this instance skips ``entry`` (None: it can run it). A module name that cannot
    be one (``../x``, a number) still stops start-up naming ``where``."""
    name, module_name, disabled = str(entry.get("name", "")), entry.get("engine"), bool(entry.get("disabled"))
    if module_name is None or module_name == "":
        return Unsupported(name, "", "no_engine", disabled=disabled)
    if not isinstance(module_name, str) or not MODULE_NAME.fullmatch(module_name):
        raise SettingsError(f"{where}.engine: {module_name!r} is not an engine module name")
    if entry.get("tokens"):
        return Unsupported(name, module_name, "private", disabled=disabled)
    if entry.get("proxies") or entry.get("using_tor_proxy"):
        return Unsupported(name, module_name, "proxies", disabled=disabled)
    if importlib.util.find_spec(f"{_PACKAGE}.{module_name}") is None:
        return Unsupported(name, module_name, "no_module", _did_you_mean(module_name), disabled=disabled)
    module = importlib.import_module(f"{_PACKAGE}.{module_name}")
    if value := _unimplemented_value(module, entry):
        return Unsupported(name, module_name, "value", value, disabled=disabled)
    return None


def log_line(skipped: tuple[Unsupported, ...]) -> str:
    """The one start-up warning that names every skipped entry and why."""
    return f"{len(skipped)} engine entries skipped (unsupported): " + "; ".join(
        f"{u.name} ({u.reason})" for u in skipped)
