"""The oa_doi_rewrite plugin (off by default): DOI links go to the user's open-access resolver.

``doi_resolvers`` maps names to URL prefixes, ``default_doi_resolver`` names the
default and the ``doi_resolver`` preference a user's choice (SearXNG's keys). A
result whose link holds a DOI (``10.1000/xyz`` in its path or a query value)
links to ``<resolver URL><DOI>`` instead.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, quote, urlsplit

from searx.errors import SettingsError
from searx.plugins import N_, Plugin, SearchContext
from searx.results.links import safe_url
from searx.results.types import MainResult
from searx.settings import Settings

DOI = re.compile(r"10\.\d{4,9}/[^\s]+")
MAX_DOI = 50  # longer matches are rather paths that happen to start like a DOI (as SearXNG)
_SUFFIXES = ("/", ".pdf", ".xml", "/full", "/meta", "/abstract")


def extract(url: str) -> str | None:
    """The DOI a link holds, without a trailing ``/full``, ``.pdf`` and the like; None without one."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    found = DOI.search(parts.path) or next(filter(None, (DOI.search(v) for _, v in parse_qsl(parts.query))), None)
    if not found or len(found.group(0)) >= MAX_DOI:
        return None
    doi = found.group(0)
    for suffix in _SUFFIXES:
        doi = doi.removesuffix(suffix)
    return doi


def resolvers(settings: Settings) -> dict[str, str]:
    return dict(settings.doi_resolvers)


def default_resolver(settings: Settings) -> str:
    """``default_doi_resolver``, else the first of ``doi_resolvers``."""
    names = list(resolvers(settings))
    return settings.default_doi_resolver or (names[0] if names else "")


class OADOIRewritePlugin(Plugin):
    id = "oa_doi_rewrite"
    name = N_("Open-access DOI links")
    description = N_("Send links to papers (DOIs) to your open-access resolver.")
    default_on = False

    @classmethod
    def available(cls, settings: Settings) -> bool:
        return bool(resolvers(settings))

    @classmethod
    def check(cls, settings: Settings) -> None:
        # (that default_doi_resolver names one of them is checked with the settings)
        for name, url in resolvers(settings).items():
            if not isinstance(url, str) or not safe_url(url):
                raise SettingsError(f"doi_resolvers.{name}: give the resolver's http(s) URL prefix, e.g. https://doi.org/")

    def resolver(self, ctx: SearchContext) -> str:
        """The URL prefix of the user's resolver (the default for an unknown choice)."""
        found = resolvers(self.settings)
        chosen = str(ctx.preferences.get("doi_resolver") or "")
        return found.get(chosen) or found.get(default_resolver(self.settings)) or next(iter(found.values()))

    def cache_key(self, ctx: SearchContext) -> str:
        return f"{self.id}:{self.resolver(ctx)}"

    def on_result(self, ctx: SearchContext, result: MainResult) -> bool:
        doi = extract(result.url)
        if doi:
            result.url = self.resolver(ctx) + quote(doi, safe="/()._-;:")
        return True
