"""Engine loader: one ``Engine`` description per settings entry.

An engine module (``searx/engines/<engine>.py``) has ``request(query, params)``
and ``response(resp)`` plus SearXNG's attributes as defaults. The loader reads
those defaults and overlays the settings entry into a frozen ``Engine``; it
never writes onto the module. Modules read their settings from
``params["engine"].settings`` (and ``resp.search_params["engine"].settings``).
An entry this instance cannot run is skipped, not fatal: its module is missing, it names no
``engine:`` (a reference to a default engine this instance does not ship), it sets a value its
module declares it does not implement (``SUPPORTED_VALUES``), or it asks for what the engine
network cannot honour (private engines' ``tokens``, per-engine proxies). The list is worked out
from the modules present, so it shrinks as modules are added.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
import pkgutil
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType, ModuleType
from typing import Any

from searx.errors import SettingsError

_ATTRS = ("categories", "paging", "time_range_support", "safesearch", "language_support", "timeout", "weight",
          "shortcut", "disabled", "about", "enable_http")
_SIMPLE = (str, int, float, bool, list, tuple, dict, type(None))


@dataclass(frozen=True)
class Engine:
    """What the search runner needs to know about one configured engine."""

    name: str
    module: ModuleType = field(repr=False)
    shortcut: str = ""
    categories: tuple[str, ...] = ("general",)
    paging: bool = False
    time_range_support: bool = False
    safesearch: bool = False
    language_support: bool = False
    timeout: float = 3.0
    weight: float = 1.0
    disabled: bool = False
    enable_http: bool = False
    about: Mapping[str, Any] = field(default_factory=dict)
    settings: Mapping[str, Any] = field(default_factory=dict, repr=False)

    def request(self, query: str, params: dict[str, Any]) -> None:
        self.module.request(query, params)

    def response(self, resp: Any) -> list[Any]:
        return list(self.module.response(resp) or [])

    # --- tokens (an engine that needs one defines ``token_scope``) ----------------

    @property
    def uses_tokens(self) -> bool:
        return callable(getattr(self.module, "token_scope", None))

    @property
    def token_ttl(self) -> float:
        return float(self.settings.get("token_ttl") or 3600.0)

    def token_scope(self, query: str, params: dict[str, Any]) -> str | None:
        """What this request's token depends on ("" = one for the engine); None = no token."""
        return self.module.token_scope(query, params) if self.uses_tokens else None

    def token_required(self, params: dict[str, Any]) -> bool:
        """False when the request can go without a token (then none is fetched for it)."""
        required = getattr(self.module, "token_required", None)
        return bool(required(params)) if callable(required) else True

    def token_request(self, query: str, params: dict[str, Any]) -> None:
        self.module.token_request(query, params)

    def token_response(self, resp: Any) -> str | list[str]:
        """The token (a str), or the pages that may carry it (a list of URLs: the runner asks them next)."""
        got = self.module.token_response(resp)
        return [str(url) for url in got] if isinstance(got, (list, tuple)) else str(got)


# --- which entries this instance can run ---------------------------------------------


MODULE_NAME = re.compile(r"[a-z0-9][a-z0-9_]*")
_PACKAGE = "searx.engines"  # this package: its modules are the engines


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


# --- loading ------------------------------------------------------------------------


def _module_defaults(module: ModuleType) -> dict[str, Any]:
    return {
        k: v for k, v in vars(module).items()
        if not k.startswith("_") and k.islower() and isinstance(v, _SIMPLE)
    }


def _categories(value: Any) -> tuple[str, ...]:
    """The engine's categories: ``general`` when none is named; an empty list (a bang-only
    engine such as chefkoch) is SearXNG's ``other``, which no tab shows."""
    if value is None:
        return ("general",)
    names = [c.strip() for c in value.split(",")] if isinstance(value, str) else [str(c) for c in value]
    return tuple(c for c in names if c) or ("other",)


def load_module(module_name: str, where: str) -> ModuleType:
    if not isinstance(module_name, str) or not MODULE_NAME.fullmatch(module_name):
        raise SettingsError(f"{where}.engine: {module_name!r} is not an engine module name")
    try:
        module = importlib.import_module(f"searx.engines.{module_name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"searx.engines.{module_name}":
            raise SettingsError(f"{where}.engine: unknown engine module {module_name!r}") from exc
        raise
    if not callable(getattr(module, "request", None)) or not callable(getattr(module, "response", None)):
        raise SettingsError(f"{where}.engine: {module_name!r} has no request()/response()")
    return module


def build_engine(entry: Mapping[str, Any], where: str, default_timeout: float) -> Engine:
    """Describe one engine from its module defaults and its settings entry."""
    module = load_module(entry["engine"], where)
    conf = _module_defaults(module)
    conf.update(entry)
    if hasattr(module, "init"):
        # a module may check its settings (e.g. required keys); it returns nothing
        try:
            module.init(conf)
        except (KeyError, ValueError, TypeError) as exc:
            raise SettingsError(f"{where}: {exc}") from exc
    engine = Engine(
        name=str(entry["name"]),
        module=module,
        shortcut=str(conf.get("shortcut") or ""),
        categories=_categories(conf.get("categories")),
        paging=bool(conf.get("paging", False)),
        time_range_support=bool(conf.get("time_range_support", False)),
        safesearch=bool(conf.get("safesearch", False)),
        language_support=bool(conf.get("language_support", False)),
        timeout=float(conf.get("timeout") or default_timeout),
        weight=float(conf.get("weight", 1.0)),
        disabled=bool(conf.get("disabled", False)),
        enable_http=bool(conf.get("enable_http", False)),
        about=MappingProxyType(dict(conf.get("about") or {})),
        settings=MappingProxyType(conf),
    )
    return engine


def load_engines(entries: Iterable[Mapping[str, Any]], default_timeout: float = 3.0, *,
                 tor: bool = False) -> dict[str, Engine]:  # fmt: skip
    """All engines of the settings, by name; ``inactive`` entries (onion engines unless
    ``tor``: the engine traffic goes through Tor) and those this instance cannot run
    (``unsupported``) are skipped."""
    engines: dict[str, Engine] = {}
    for i, entry in enumerate(entries):
        if inactive(entry, tor=tor) or skip_reason(entry, f"engines[{i}]") is not None:
            continue
        engines[str(entry["name"])] = build_engine(entry, f"engines[{i}]", default_timeout)
    return engines


def unsupported(entries: Iterable[Mapping[str, Any]], *, tor: bool = False) -> tuple[Unsupported, ...]:
    """The entries ``load_engines`` skips because this instance cannot run them (not the inactive ones)."""
    found = (skip_reason(entry, f"engines[{i}]") for i, entry in enumerate(entries) if not inactive(entry, tor=tor))
    return tuple(u for u in found if u is not None)


def categories_of(engines: Mapping[str, Engine]) -> list[str]:
    """Every category some engine belongs to, in first-seen order: the instance's one category list."""
    return list(dict.fromkeys(c for e in engines.values() for c in e.categories))
