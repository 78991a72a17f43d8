"""What the about page and ``/engine_descriptions.json`` say about the instance (pure helpers).

An engine's description is its settings entry's ``about.description`` when the operator wrote
one, else the first line of its module's docstring (the module says what it asks and how).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from searx.engines import Engine

ROBOTS_PRIVATE = "User-agent: *\nDisallow: /\n"
# a public instance lets robots read its home and about pages, never a search or an API answer
_PUBLIC_DISALLOW = ("/search", "/stats", "/preferences", "/clear_cookies", "/autocompleter", "/image_proxy",
                    "/favicon_proxy", "/map_tile/", "/fetch", "/ai_summary", "/mcp", "/api/", "/collections/",
                    "/config", "/openapi.json", "/metrics", "/admin/", "/engine_descriptions.json", "/*?*q=*")


def robots(public: bool) -> str:
    """``/robots.txt``: a private instance is closed to robots; a public one keeps them off its search and API paths."""
    if not public:
        return ROBOTS_PRIVATE
    lines = ["User-agent: *", "Allow: /$", "Allow: /info/", *(f"Disallow: {path}" for path in _PUBLIC_DISALLOW)]
    return "\n".join(lines) + "\n"


def description(engine: Engine) -> tuple[str, str]:
    """(text, source): the operator's ``about.description`` ("settings"), else the module's docstring
    ("engine module"); ("", "") when neither says anything."""
    own = engine.about.get("description")
    if isinstance(own, str) and own.strip():
        return own.strip(), "settings"
    doc = (engine.module.__doc__ or "").strip()
    return (doc.splitlines()[0].strip(), "engine module") if doc else ("", "")


def descriptions(engines: Mapping[str, Engine]) -> dict[str, list[str]]:
    """SearXNG's ``/engine_descriptions.json``: ``{engine name: [description, source]}``."""
    out = {}
    for name, engine in engines.items():
        text, source = description(engine)
        if text:
            out[name] = [text, source]
    return out


@dataclass(frozen=True)
class EngineLine:
    name: str
    shortcut: str
    categories: tuple[str, ...]
    description: str
    website: str


def engine_lines(engines: Mapping[str, Engine], order: Sequence[str]) -> list[EngineLine]:
    """The engines on by default, the tab categories' first (in tab order), then by name."""
    rank = {c: i for i, c in enumerate(order)}

    def key(item: tuple[str, Engine]) -> tuple[int, str]:
        first = item[1].categories[0] if item[1].categories else ""
        return rank.get(first, len(rank)), item[0].casefold()

    lines = []
    for name, engine in sorted(((n, e) for n, e in engines.items() if not e.disabled), key=key):
        site = engine.about.get("website")
        website = site if isinstance(site, str) and site.startswith(("https://", "http://")) else ""
        lines.append(EngineLine(name, engine.shortcut, engine.categories, description(engine)[0], website))
    return lines
