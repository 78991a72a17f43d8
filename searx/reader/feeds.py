"""RSS and Atom feeds as a list of entries; other XML and JSON as they are (pure)."""

from __future__ import annotations

import json
from urllib.parse import urljoin, urlsplit

from lxml import etree
from lxml import html as lxml_html

_SUMMARY_CHARS = 500


def _parser() -> etree.XMLParser:
    # no DTDs, no entities, no network: a feed is data, not a program
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, recover=False)


def parse_xml(body: bytes) -> etree._Element | None:
    """The root element of well-formed XML, or None."""
    try:
        return etree.fromstring(body, _parser())
    except (etree.XMLSyntaxError, ValueError):
        return None


def is_feed(root: etree._Element) -> bool:
    return etree.QName(root).localname in ("rss", "feed", "RDF")


def _child_text(node: etree._Element, *names: str) -> str:
    for child in node:
        if isinstance(child.tag, str) and etree.QName(child).localname in names:
            return " ".join("".join(child.itertext()).split())
    return ""


def _plain(markup: str) -> str:
    if "<" not in markup:
        return markup
    try:
        return " ".join(lxml_html.fromstring(markup).text_content().split())
    except (etree.ParserError, ValueError):
        return markup


def _link(node: etree._Element, base: str) -> str:
    for child in node:
        if not isinstance(child.tag, str) or etree.QName(child).localname != "link":
            continue
        href = child.get("href") or (child.text or "").strip()
        if href and child.get("rel", "alternate") == "alternate":
            target = urljoin(base, href)
            return target if urlsplit(target).scheme in ("http", "https") else ""
    return ""


def feed_document(root: etree._Element, url: str, markdown: bool) -> tuple[str, str]:
    """(feed title, one list item per entry: title, date, link and a short summary)."""
    channel = next((c for c in root if isinstance(c.tag, str) and etree.QName(c).localname == "channel"), root)
    entries = [n for n in root.iter() if isinstance(n.tag, str) and etree.QName(n).localname in ("item", "entry")]
    lines: list[str] = []
    for entry in entries:
        title = _child_text(entry, "title") or "(untitled)"
        link = _link(entry, url)
        date = _child_text(entry, "pubDate", "published", "updated", "date")
        summary = _plain(_child_text(entry, "description", "summary", "content", "encoded"))[:_SUMMARY_CHARS]
        head = f"[{title}]({link})" if markdown and link else title
        line = f"- {head}" + (f" ({date})" if date else "") + (f" <{link}>" if link and not markdown else "")
        lines.append(line + (f"\n  {summary}" if summary else ""))
    return _child_text(channel, "title"), "\n".join(lines)


def pretty_json(text: str) -> str:
    """JSON indented two spaces; text that is not JSON stays as it is."""
    try:
        return json.dumps(json.loads(text), indent=2, ensure_ascii=False)
    except (ValueError, RecursionError):
        return text
