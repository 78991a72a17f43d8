"""Uploads to text: Markdown, plain text, HTML, PDF (pages kept) and DOCX.

Each reader gets the file's bytes and returns ``[(page, text)]`` (page is
``None`` outside PDFs) or raises ``Unsupported`` with the reason.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable
from typing import Any, Protocol

from lxml import etree, html

from searx.collections.errors import Unsupported

Pages = list[tuple[int | None, str]]

MAX_DOCX_XML = 64 * 1024 * 1024  # decompressed word/document.xml
MAX_RATIO = 200  # decompressed / compressed: beyond this it is a bomb, not a document
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_PAGE_LINE = re.compile(r"^Page (\d+)$", re.M)
MEDIA_TYPES = {"html": "text/html", "pdf": "application/pdf"}
TEXT_SUFFIXES = (".txt", ".text", ".md", ".markdown", ".rst", ".csv", ".log", ".org", ".adoc")


def _text(data: bytes) -> Pages:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = data.decode("utf-16", errors="strict")
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")
    controls = sum(1 for c in text[:65536] if ord(c) < 32 and c not in "\t\n\r\f")
    if "\x00" in text or controls > len(text[:65536]) // 100:
        raise Unsupported("the file looks binary, not text")
    return [(None, text)]


def _html(data: bytes) -> Pages:
    try:
        tree = html.fromstring(data)
    except (etree.ParserError, ValueError) as exc:
        raise Unsupported("the HTML could not be parsed") from exc
    for bad in tree.xpath("//script|//style|//noscript|//template|//nav|//header|//footer"):
        bad.drop_tree()
    body = tree.find("body")
    root = body if body is not None else tree
    blocks = [" ".join(t.split()) for t in root.itertext()]
    return [(None, "\n\n".join(b for b in blocks if b))]


def _pdf(data: bytes) -> Pages:
    import pypdfium2 as pdfium

    try:
        doc = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        reason = "encrypted" if "password" in str(exc).lower() else "damaged"
        raise Unsupported(f"the PDF cannot be read ({reason})") from exc
    try:
        pages: Pages = []
        for number in range(len(doc)):
            page = doc[number]
            textpage = page.get_textpage()
            pages.append((number + 1, textpage.get_text_range().replace("\r\n", "\n")))
            textpage.close()
            page.close()
        return pages
    except pdfium.PdfiumError as exc:
        raise Unsupported("the PDF cannot be read (damaged)") from exc
    finally:
        doc.close()


def _docx(data: bytes) -> Pages:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            info = archive.getinfo("word/document.xml")
            if info.file_size > MAX_DOCX_XML or info.file_size > MAX_RATIO * max(info.compress_size, 1024):
                raise Unsupported("the DOCX expands too much to be a document")
            with archive.open(info) as stream:
                xml = stream.read(MAX_DOCX_XML + 1)  # the header's size is not trusted
    except (zipfile.BadZipFile, KeyError, OSError, EOFError, zipfile.LargeZipFile) as exc:
        raise Unsupported("the DOCX cannot be read (damaged)") from exc
    if len(xml) > MAX_DOCX_XML:
        raise Unsupported("the DOCX expands too much to be a document")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, load_dtd=False)
    try:
        root = etree.fromstring(xml, parser)
    except etree.XMLSyntaxError as exc:
        raise Unsupported("the DOCX cannot be read (damaged)") from exc
    paragraphs = []
    for para in root.iter(f"{_W}p"):
        parts = []
        for node in para.iter(f"{_W}t", f"{_W}tab", f"{_W}br"):
            parts.append(node.text or "" if node.tag == f"{_W}t" else ("\t" if node.tag == f"{_W}tab" else "\n"))
        paragraphs.append("".join(parts))
    return [(None, "\n\n".join(p for p in paragraphs if p.strip()))]


class Extractor(Protocol):
    """The page reader's bounded extractor (``searx.reader.worker.ExtractorPool``)."""

    def extract(self, body: bytes, content_type: str | None, url: str = "", *, format: str = "markdown",
                timeout: float | None = None) -> Any: ...  # fmt: skip


def pages_of(text: str, kind: str) -> Pages:
    """The page reader's text split at its "Page N" lines for PDFs; one page otherwise."""
    marks = list(_PAGE_LINE.finditer(text)) if kind == "pdf" else []
    if not marks:
        return [(None, text)]
    return [(int(m.group(1)), text[m.end(): marks[i + 1].start() if i + 1 < len(marks) else len(text)].strip())
            for i, m in enumerate(marks)]


def _with_reader(extractor: Extractor, kind: str, data: bytes) -> Pages:
    """HTML main text and PDF pages from the page reader, in its worker processes (time and memory bounded)."""
    try:
        document = extractor.extract(data, MEDIA_TYPES[kind], format="text")
    except Exception as exc:  # noqa: BLE001 - the reader's errors carry a message safe to show
        raise Unsupported(f"the {kind.upper()} cannot be read: {getattr(exc, 'message', 'unreadable')}") from exc
    return pages_of(document.text, kind)


def reader(filename: str, head: bytes) -> tuple[str, Callable[[bytes], Pages]]:
    """The kind of a file (``text``, ``html``, ``pdf``, ``docx``) and its reader, by name then content."""
    lower = filename.lower()
    if lower.endswith(".pdf") or head.startswith(b"%PDF-"):
        return "pdf", _pdf
    if lower.endswith(".docx"):
        return "docx", _docx
    if lower.endswith((".html", ".htm", ".xhtml")):
        return "html", _html
    if head.startswith(b"PK\x03\x04"):
        raise Unsupported("archives are not supported (only DOCX)")
    if not lower.endswith(TEXT_SUFFIXES) and head.lstrip()[:15].lower().startswith((b"<!doctype html", b"<html")):
        return "html", _html
    return "text", _text


def extract(filename: str, data: bytes, extractor: Extractor | None = None) -> tuple[str, Pages]:
    """The file's kind and text by page; ``Unsupported`` when there is none.

    With the page reader's ``extractor``, HTML and PDF go through it; without, they are read here.
    """
    if not data:
        raise Unsupported("the file is empty")
    kind, read = reader(filename, data[:1024])
    pages = _with_reader(extractor, kind, data) if extractor is not None and kind in MEDIA_TYPES else read(data)
    if not any(text.strip() for _, text in pages):
        raise Unsupported("the file has no text")
    return kind, pages
