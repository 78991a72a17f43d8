"""Uploads to text: each format, and each way a file can be refused."""

from __future__ import annotations

import io
import zipfile

import pytest
from collection_kit import docx, pdf

from searx.collections.errors import Unsupported
from searx.collections.formats import MAX_DOCX_XML, extract


def test_text_markdown_html():
    assert extract("a.md", "# Title\n\nBody é".encode()) == ("text", [(None, "# Title\n\nBody é")])
    kind, pages = extract("a.html", b"<html><head><script>x()</script></head><body><p>Main</p><p>text</p></body></html>")
    assert kind == "html" and pages[0][1] == "Main\ntext"  # the page reader's text of it


def test_pdf_keeps_page_numbers():
    kind, pages = extract("manual.pdf", pdf(["Alpha page", "Beta page"]))
    assert kind == "pdf" and pages == [(1, "Alpha page"), (2, "Beta page")]


def test_docx_paragraphs():
    assert extract("notes.docx", docx(["First paragraph", "Second"])) == ("docx", [(None, "First paragraph\n\nSecond")])


@pytest.mark.parametrize(("name", "data", "reason"), [
    ("empty.txt", b"", "empty"),
    ("blank.txt", b"   \n\n ", "no text"),
    ("binary.txt", bytes(range(256)) * 64, "binary"),
    ("broken.pdf", b"%PDF-1.4\nnot really a pdf", "PDF"),
    ("broken.docx", b"PK\x03\x04 not a zip", "DOCX"),
    ("archive.txt", b"PK\x03\x04" + b"\x00" * 100, "archives"),
])  # fmt: skip
def test_refused_with_a_reason(name, data, reason):
    with pytest.raises(Unsupported, match=reason):
        extract(name, data)


def test_zip_bomb_posing_as_docx_is_refused_without_expanding_it():
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("word/document.xml", b"<" + b"a" * (MAX_DOCX_XML + 10))
    assert len(out.getvalue()) < 200_000  # compresses ~1000:1
    with pytest.raises(Unsupported, match="expands"):
        extract("bomb.docx", out.getvalue())


def test_docx_with_a_lying_size_header_is_still_capped():
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("word/document.xml", b"<w/>")
    with pytest.raises(Unsupported):
        extract("odd.docx", out.getvalue())  # not a Word document body: no text
