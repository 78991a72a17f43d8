"""The footer's links from the settings: contact, privacy policy, donations and SearXNG's ``brand:``.

Only http(s) and mailto links are shown. A ``brand`` URL of SearXNG's own
project (its stock settings name its docs, wiki and issue tracker) is not:
those pages are about another program than this one.
"""

from __future__ import annotations

from typing import Any, NamedTuple
from urllib.parse import urlsplit

_SEARXNG_PROJECT = ("https://github.com/searxng/", "https://docs.searxng.org", "https://searx.space")


class Link(NamedTuple):
    kind: str  # contact, privacy, donate, docs, wiki, issues, instances or custom (title is the operator's)
    url: str
    title: str = ""


def _safe(url: Any) -> bool:
    if not isinstance(url, str) or not url.strip():
        return False
    try:
        return urlsplit(url.strip()).scheme.lower() in ("http", "https", "mailto")
    except ValueError:
        return False


def links(settings: Any) -> list[Link]:
    """The footer links in display order."""
    g, b = settings.general, settings.brand
    found = [Link("contact", g.contact_url), Link("privacy", g.privacypolicy_url), Link("donate", g.donation_url)]
    for kind, url in (("docs", b.docs_url), ("wiki", b.wiki_url), ("issues", b.issue_url),
                      ("instances", b.public_instances)):
        if isinstance(url, str) and not url.startswith(_SEARXNG_PROJECT):
            found.append(Link(kind, url))
    found.extend(Link("custom", url, str(title)) for title, url in b.custom.links.items())
    return [Link(kind, url.strip(), title) for kind, url, title in found if _safe(url)]
