"""The ``!!`` bangs: a site's name -> its search URL with ``{query}`` where the words go.

The table ships in ``searx/data/bangs.yml``; the ``bangs:`` settings add or override
entries (``null`` removes one). ``Bangs.url`` encodes the words exactly once, as the
place of ``{query}`` wants them: form-encoded in the query string, percent-encoded in
the path. Names are lower case; ``!!W`` is ``!!w``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from urllib.parse import quote, quote_plus, urlsplit

import yaml

from searx.errors import SettingsError

TABLE = Path(__file__).with_name("data") / "bangs.yml"
PLACEHOLDER = "{query}"
NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,31}")


def starting(names: Iterable[str], prefix: str, limit: int) -> list[str]:
    """The names that start with ``prefix``: the exact one first, then the shortest, then A to Z."""
    found = {n for n in names if n.startswith(prefix)}
    return sorted(found, key=lambda n: (n != prefix, len(n), n))[:limit]


def read_table(path: Path = TABLE) -> dict[str, dict[str, str]]:
    """The shipped table by group (``general``, ``code``…): group -> name -> URL template."""
    with path.open(encoding="utf-8") as fh:
        groups = yaml.safe_load(fh)
    return {str(group): {str(k): str(v) for k, v in entries.items()} for group, entries in groups.items()}


def check_template(key: str, template: object, *, schemes: tuple[str, ...] = ("https", "http")) -> str:
    """A search URL template as the table needs it; SettingsError naming ``key`` otherwise."""
    if not isinstance(template, str):
        raise SettingsError(f"{key}: give the site's search URL with {PLACEHOLDER} where the words go")
    if template.count(PLACEHOLDER) != 1:
        raise SettingsError(f"{key}: the URL needs {PLACEHOLDER} exactly once")
    try:
        raw = urlsplit(template)
        if PLACEHOLDER in raw.scheme + raw.netloc:  # the words choose what to search for, never the site
            raise SettingsError(f"{key}: {PLACEHOLDER} must stand in the URL's path or query string, "
                                "not in its scheme, host, user info or port")
        parts = urlsplit(template.replace(PLACEHOLDER, "q"))
        parts.port  # noqa: B018 - raises on a bad port
    except ValueError as exc:
        raise SettingsError(f"{key}: not a valid URL: {exc}") from None
    if parts.scheme not in schemes or not parts.hostname or parts.username or parts.password:
        raise SettingsError(f"{key}: an {' or '.join(schemes)} URL with a host is needed")
    if "#" in template.partition(PLACEHOLDER)[0]:
        raise SettingsError(f"{key}: {PLACEHOLDER} cannot stand in the URL's fragment")
    if any(ch.isspace() or ord(ch) < 32 for ch in template):
        raise SettingsError(f"{key}: the URL holds a space or a control character")
    return template


def expand(template: str, words: str) -> str:
    """``template`` with the words in place; the site's home page when there are none."""
    if not words:
        parts = urlsplit(template.replace(PLACEHOLDER, ""))
        return f"{parts.scheme}://{parts.netloc}/"
    before, _, after = template.partition(PLACEHOLDER)
    encoded = quote_plus(words, safe="") if "?" in before else quote(words, safe="")
    return before + encoded + after


@dataclass(frozen=True)
class Bangs:
    """The instance's bang table (shipped entries with the operator's on top)."""

    urls: Mapping[str, str]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self.urls

    def url(self, name: str, words: str) -> str | None:
        """Where ``!!name words`` goes; None for a name the table does not have."""
        template = self.urls.get(name.lower())
        return expand(template, words) if template is not None else None

    def complete(self, prefix: str, limit: int = 10) -> list[str]:
        """Names that start with ``prefix``: the exact one first, then the shortest, then A to Z."""
        return starting(self.urls, prefix.lower(), limit)


def build(overrides: Mapping[str, object] | None = None, table: Path = TABLE) -> Bangs:
    """The shipped table and the ``bangs:`` settings; bad entries raise SettingsError naming ``bangs.<name>``."""
    urls = {name: url for group in read_table(table).values() for name, url in group.items()}
    for name, url in (overrides or {}).items():
        key = f"bangs.{name}"
        if not NAME.fullmatch(str(name)):
            raise SettingsError(f"{key}: a bang name is 1 to 32 lower-case letters, digits, '.', '_' or '-'")
        if url is None or url == "":
            urls.pop(name, None)
            continue
        urls[name] = check_template(key, url)
    return Bangs(MappingProxyType(urls))
