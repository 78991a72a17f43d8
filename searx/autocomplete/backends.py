"""Every autocomplete backend by SearXNG's name (``search.autocomplete``, the ``autocomplete``
preference), and the names people see in the preferences."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from searx.autocomplete import dbpedia, google, seznam, sogou, swisscows
from searx.autocomplete.base import Backend
from searx.autocomplete.lists import LISTS
from searx.autocomplete.opensearch import OPENSEARCH
from searx.errors import SettingsError

_ALL: dict[str, Backend] = {**OPENSEARCH, **LISTS, "dbpedia": dbpedia, "google": google, "seznam": seznam,
                            "sogou": sogou, "swisscows": swisscows}
BACKENDS: Mapping[str, Backend] = MappingProxyType(dict(sorted(_ALL.items())))
NAMES: tuple[str, ...] = tuple(BACKENDS)

LABELS: Mapping[str, str] = MappingProxyType({
    "360search": "360 Search", "baidu": "Baidu", "bing": "Bing", "brave": "Brave", "dbpedia": "DBpedia",
    "duckduckgo": "DuckDuckGo", "google": "Google", "kagi": "Kagi", "mwmbl": "Mwmbl", "naver": "Naver",
    "privacywall": "PrivacyWall", "quark": "Quark", "qwant": "Qwant", "seznam": "Seznam", "sogou": "Sogou",
    "startpage": "Startpage", "swisscows": "Swisscows", "wikipedia": "Wikipedia", "yandex": "Yandex",
})


def check_backend(name: str) -> None:
    """``search.autocomplete`` names a backend (or is empty); raises SettingsError naming the key."""
    if name and name not in BACKENDS:
        raise SettingsError(f"search.autocomplete: unknown backend {name!r} (one of {', '.join(NAMES)}, "
                            "or empty for none)")
