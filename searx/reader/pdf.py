"""PDF to text, page by page under ``Page N`` lines (pypdfium2)."""

from __future__ import annotations

import pypdfium2 as pdfium

from searx.reader.errors import ReaderError


def _is_encrypted(exc: pdfium.PdfiumError) -> bool:
    return getattr(exc, "err_code", None) == pdfium.raw.FPDF_ERR_PASSWORD or "password" in str(exc).lower()


def pdf_document(body: bytes) -> tuple[str, str, int]:
    """(title, text, page count). Encrypted or damaged files raise ReaderError("unreadable")."""
    if not body.lstrip()[:5].startswith(b"%PDF"):
        raise ReaderError("unreadable", "the PDF is damaged (no PDF header)")
    try:
        pdf = pdfium.PdfDocument(body)
    except pdfium.PdfiumError as exc:
        if _is_encrypted(exc):
            raise ReaderError("unreadable", "the PDF is encrypted") from exc
        raise ReaderError("unreadable", "the PDF is damaged") from exc
    try:
        title = str(pdf.get_metadata_value("Title") or "").strip()[:500]
        parts: list[str] = []
        for index in range(len(pdf)):
            page = pdf[index]
            try:
                textpage = page.get_textpage()
                text = textpage.get_text_bounded().replace("\r\n", "\n").replace("\r", "\n").strip()
                textpage.close()
            except pdfium.PdfiumError:
                text = ""
            finally:
                page.close()
            parts.append(f"Page {index + 1}\n\n{text}" if text else f"Page {index + 1}")
        return title, "\n\n".join(parts), len(parts)
    finally:
        pdf.close()
