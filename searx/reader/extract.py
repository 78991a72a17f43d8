"""Bytes already in memory to a ``Document``: picks the extractor by media type.

Pure (no network, no time limit of its own): run untrusted bodies through
``searx.reader.worker.ExtractorPool``, which bounds time and memory.
"""

from __future__ import annotations

from searx.reader.decode import decode
from searx.reader.document import FORMATS, Document
from searx.reader.errors import ReaderError
from searx.reader.feeds import feed_document, is_feed, parse_xml, pretty_json
from searx.reader.html import html_document
from searx.reader.pdf import pdf_document
from searx.upstream.bot_checks import challenge_marker
from searx.upstream.headers import media_type

_HTML = ("text/html", "application/xhtml+xml")
_TEXT = ("text/plain", "text/markdown", "text/x-markdown", "text/csv", "text/tab-separated-values")
_JSON = ("application/json", "text/json")
_CHALLENGE_MAX_CHARS = 400
_XML = ("application/xml", "text/xml", "application/rss+xml", "application/atom+xml", "application/rdf+xml")


def sniff(body: bytes) -> str:
    """A media type for a body served without one (or as octet-stream)."""
    head = body[:1024].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith(b"%pdf-"):
        return "application/pdf"
    if head.startswith((b"<!doctype html", b"<html")) or b"<html" in head or b"<body" in head:
        return "text/html"
    if head.startswith(b"<?xml"):
        return "application/xml"
    return "application/octet-stream"


def kind_of(mtype: str) -> str | None:
    """The extractor for a media type: html, pdf, text, json, xml, or None (unsupported)."""
    if mtype in _HTML:
        return "html"
    if mtype == "application/pdf":
        return "pdf"
    if mtype in _TEXT:
        return "text"
    if mtype in _JSON or mtype.endswith("+json"):
        return "json"
    if mtype in _XML or mtype.endswith("+xml"):
        return "xml"
    return None


def extract(body: bytes, content_type: str | None, url: str = "", *, format: str = "markdown") -> Document:
    """The readable text of ``body``; ReaderError with code ``unsupported_type``,
    ``unreadable`` (encrypted or damaged PDF, not HTML) or ``challenged``."""
    if format not in FORMATS:
        raise ReaderError("bad_request", f"format must be one of {', '.join(FORMATS)}")
    mtype = media_type(content_type)
    if mtype in ("", "application/octet-stream", "binary/octet-stream"):
        mtype = sniff(body)
    kind = kind_of(mtype)
    if kind is None:
        raise ReaderError("unsupported_type", f"cannot read {mtype or 'untyped'} content")
    markdown = format == "markdown"
    title, pages = "", None
    if kind == "pdf":
        title, text, pages = pdf_document(body)
    elif kind == "html":
        title, text = html_document(decode(body, content_type), url, markdown)
        # real articles embed captcha scripts too (comment forms): only a page with
        # little text of its own and a bot-check marker is a bot check
        if len(text) < _CHALLENGE_MAX_CHARS and (marker := challenge_marker(body)):
            raise ReaderError("challenged", f"the page is a bot check ({marker})")
    elif kind == "json":
        text = pretty_json(decode(body, content_type, markup=False))
    elif kind == "xml":
        root = parse_xml(body)
        if root is not None and is_feed(root):
            kind = "feed"
            title, text = feed_document(root, url, markdown)
        else:
            text = decode(body, content_type)
    else:
        text = decode(body, content_type, markup=False)
    return Document(title=title, text=text.strip("\n"), format=format, content_type=mtype, kind=kind, pages=pages)
