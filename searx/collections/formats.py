"""Uploads to text: Markdown, plain text, HTML, PDF (pages kept) and DOCX.

Each kind's text comes as ``[(page, text)]`` (page is ``None`` outside PDFs),
or ``Unsupported`` says why not. HTML and PDF are the page reader's to read.
"""

from __future__ import annotations

import io
import re
import zipfile

from lxml import etree

from searx.collections.errors import Unsupported
from searx.reader.document import PageReader
from searx.reader.extract import extract as extract_document

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


def pages_of(text: str, kind: str) -> Pages:
    """The page reader's text split at its "Page N" lines for PDFs; one page otherwise."""
    marks = list(_PAGE_LINE.finditer(text)) if kind == "pdf" else []
    if not marks:
        return [(None, text)]
    return [(int(m.group(1)), text[m.end(): marks[i + 1].start() if i + 1 < len(marks) else len(text)].strip())
            for i, m in enumerate(marks)]


def _through_reader(reader: PageReader | None, kind: str, data: bytes) -> Pages:
    """HTML main text and PDF pages by the page reader's extractors: in its worker processes (time and
    memory bounded), or in this process when the instance runs no page reader."""
    try:
        if reader is not None:
            document = reader.extract(data, MEDIA_TYPES[kind], format="text")
        else:
            document = extract_document(data, MEDIA_TYPES[kind], format="text")
    except Exception as exc:  # noqa: BLE001 - the reader's errors carry a message safe to show
        raise Unsupported(f"the {kind.upper()} cannot be read: {getattr(exc, 'message', 'unreadable')}") from exc
    return pages_of(document.text, kind)


def kind(filename: str, head: bytes) -> str:
    """The kind of a file (``text``, ``html``, ``pdf``, ``docx``), by name then content."""
    lower = filename.lower()
    if lower.endswith(".pdf") or head.startswith(b"%PDF-"):
        return "pdf"
    if lower.endswith(".docx"):
        return "docx"
    if lower.endswith((".html", ".htm", ".xhtml")):
        return "html"
    if head.startswith(b"PK\x03\x04"):
        raise Unsupported("archives are not supported (only DOCX)")
    if not lower.endswith(TEXT_SUFFIXES) and head.lstrip()[:15].lower().startswith((b"<!doctype html", b"<html")):
        return "html"
    return "text"


def extract(filename: str, data: bytes, reader: PageReader | None = None) -> tuple[str, Pages]:
    """The file's kind and text by page; ``Unsupported`` when there is none.

    HTML and PDF go through the page reader's extractors (the same as for pages it fetches);
    DOCX and plain text are read here.
    """
    if not data:
        raise Unsupported("the file is empty")
    found = kind(filename, data[:1024])
    if found in MEDIA_TYPES:
        pages = _through_reader(reader, found, data)
    else:
        pages = _docx(data) if found == "docx" else _text(data)
    if not any(text.strip() for _, text in pages):
        raise Unsupported("the file has no text")
    return found, pages
