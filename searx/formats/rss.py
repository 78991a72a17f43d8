"""RSS 2.0 output with OpenSearch response elements."""

from __future__ import annotations

from urllib.parse import urlencode
from xml.sax.saxutils import escape

from searx.search.models import SearchOutcome

_BAD_XML = dict.fromkeys(c for c in range(32) if c not in (9, 10, 13))


def _x(text: str) -> str:
    return escape(text.translate(_BAD_XML))


def render(outcome: SearchOutcome, base_url: str = "") -> bytes:
    sq = outcome.query
    rs = outcome.results
    link = f"{base_url.rstrip('/')}/search?{urlencode({'q': sq.query})}"
    items = "".join(
        f"<item><title>{_x(r.title)}</title><link>{_x(r.url)}</link>"
        f"<description>{_x(r.content)}</description>"
        + (f"<pubDate>{_x(r.publishedDate)}</pubDate>" if r.publishedDate else "")
        + "</item>"
        for r in rs.results
    )
    body = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<rss version="2.0" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" '
        'xmlns:atom="http://www.w3.org/2005/Atom"><channel>'
        f"<title>searx-ai search: {_x(sq.query)}</title><link>{_x(link)}</link>"
        f"<description>Search results for &quot;{_x(sq.query)}&quot;</description>"
        f"<opensearch:totalResults>{int(rs.number_of_results)}</opensearch:totalResults>"
        f"<opensearch:startIndex>{(sq.pageno - 1) * 10 + 1}</opensearch:startIndex>"
        f"<opensearch:itemsPerPage>{len(rs.results)}</opensearch:itemsPerPage>"
        f'<opensearch:Query role="request" searchTerms="{_x(sq.query)}" startPage="{sq.pageno}"/>'
        f"{items}</channel></rss>"
    )
    return body.encode("utf-8")
