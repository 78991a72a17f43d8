"""RSS 2.0 output with OpenSearch response elements, built as an XML tree (lxml escapes every value)."""

from __future__ import annotations

import datetime as dt
import re
from email.utils import format_datetime
from urllib.parse import urlencode

from lxml import etree

from searx.results.search import SearchOutcome

OPENSEARCH = "http://a9.com/-/spec/opensearch/1.1/"
ATOM = "http://www.w3.org/2005/Atom"
_NSMAP = {"opensearch": OPENSEARCH, "atom": ATOM}
# characters XML 1.0 cannot carry at all (escaping does not help): they are dropped
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def _x(text: str) -> str:
    return _NOT_XML.sub("", text)


def rfc822(published: str | None) -> str | None:
    """An ISO date or time as RSS's RFC 822 date (UTC when no zone is given); None when unreadable."""
    if not published:
        return None
    try:
        when = dt.datetime.fromisoformat(published.strip())
    except ValueError:
        return None
    if when.tzinfo is None:
        return format_datetime(when.replace(tzinfo=dt.UTC), usegmt=True)
    return format_datetime(when)


def _sub(parent: etree._Element, tag: str, text: str | None = None, **attrs: str) -> etree._Element:
    node = etree.SubElement(parent, tag, {k: _x(v) for k, v in attrs.items()})
    if text is not None:
        node.text = _x(text)
    return node


def render(outcome: SearchOutcome, base_url: str = "") -> bytes:
    """The feed; ``base_url`` is the instance's origin, for the channel's links."""
    sq = outcome.query
    rs = outcome.results
    page = f"{base_url.rstrip('/')}/search?{urlencode({'q': sq.query})}"
    feed = f"{base_url.rstrip('/')}/search?{urlencode({'q': sq.query, 'format': 'rss', 'pageno': sq.pageno})}"
    rss = etree.Element("rss", {"version": "2.0"}, nsmap=_NSMAP)
    channel = etree.SubElement(rss, "channel")
    _sub(channel, "title", f"searx-ai search: {sq.query}")
    _sub(channel, "link", page)
    _sub(channel, "description", f'Search results for "{sq.query}"')
    _sub(channel, f"{{{ATOM}}}link", href=feed, rel="self", type="application/rss+xml")
    _sub(channel, f"{{{OPENSEARCH}}}totalResults", str(int(rs.number_of_results)))
    _sub(channel, f"{{{OPENSEARCH}}}startIndex", str((sq.pageno - 1) * 10 + 1))
    _sub(channel, f"{{{OPENSEARCH}}}itemsPerPage", str(len(rs.results)))
    _sub(channel, f"{{{OPENSEARCH}}}Query", role="request", searchTerms=sq.query, startPage=str(sq.pageno))
    for r in rs.results:
        item = etree.SubElement(channel, "item")
        _sub(item, "title", r.title)
        _sub(item, "link", r.url)
        _sub(item, "description", r.content)
        _sub(item, "guid", r.url, isPermaLink="true")
        date = rfc822(r.publishedDate)
        if date:
            _sub(item, "pubDate", date)
    return bytes(etree.tostring(rss, xml_declaration=True, encoding="UTF-8"))
