"""Engine loader: one ``Engine`` description per settings entry.

An engine module (``searx/engines/<engine>.py``) has ``request(query, params)``
and ``response(resp)`` plus SearXNG's attributes as defaults. The loader reads
those defaults and overlays the settings entry into a frozen ``Engine``; it
never writes onto the module. Modules read their settings from
``params["engine"].settings`` (and ``resp.search_params["engine"].settings``).
An entry this instance cannot run (``searx.engines.support``) is skipped, not fatal.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType, ModuleType
from typing import Any

from searx.enginelib.params import EngineParams, SearchResponse
from searx.engines.support import MODULE_NAME, Unsupported, inactive, skip_reason
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

    def request(self, query: str, params: EngineParams) -> None:
        self.module.request(query, params)

    def response(self, resp: SearchResponse) -> list[Any]:
        return list(self.module.response(resp) or [])

    # --- tokens (an engine that needs one defines ``token_scope``) ----------------

    @cached_property  # looked up twice per engine call; a module's missing attribute is slow to miss
    def uses_tokens(self) -> bool:
        return callable(getattr(self.module, "token_scope", None))

    @property
    def token_ttl(self) -> float:
        return float(self.settings.get("token_ttl") or 3600.0)

    def token_scope(self, query: str, params: EngineParams) -> str | None:
        """What this request's token depends on ("" = one for the engine); None = no token."""
        return self.module.token_scope(query, params) if self.uses_tokens else None

    def token_required(self, params: EngineParams) -> bool:
        """False when the request can go without a token (then none is fetched for it)."""
        required = getattr(self.module, "token_required", None)
        return bool(required(params)) if callable(required) else True

    def token_request(self, query: str, params: EngineParams) -> None:
        self.module.token_request(query, params)

    def token_response(self, resp: SearchResponse) -> str | list[str]:
        """The token (a str), or the pages that may carry it (a list of URLs: the runner asks them next)."""
        got = self.module.token_response(resp)
        return [str(url) for url in got] if isinstance(got, (list, tuple)) else str(got)


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
    if not isinstance(module_name, str) or not MODULE_NAME.match(module_name):
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
