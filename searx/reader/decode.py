"""Bytes to text: BOM, then the HTTP charset, then ``<meta>`` or the XML declaration,
then detection (charset-normalizer). Pure; never raises on odd input."""

from __future__ import annotations

import codecs
import re

import charset_normalizer

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"), (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
)  # fmt: skip
# labels browsers read as a wider encoding (WHATWG Encoding): decode as the browser would
_WIDER = {
    "ascii": "cp1252", "latin-1": "cp1252", "iso8859-1": "cp1252", "iso-8859-1": "cp1252",
    "gb2312": "gb18030", "gbk": "gb18030", "shift_jis": "cp932", "euc_kr": "cp949", "iso8859-9": "cp1254",
    "tis-620": "cp874", "iso8859-11": "cp874",
}  # fmt: skip
_HEADER_CHARSET = re.compile(r"""charset\s*=\s*["']?([\w.:+-]+)""", re.I)
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([\w.:+-]+)""", re.I)
_XML_DECL = re.compile(rb"""^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:+-]+)["']""", re.I)
_PRESCAN = 4096
_DETECT_BYTES = 64 * 1024


def _codec(label: str | bytes | None) -> str | None:
    """Python's codec name for a charset label, or None when unknown."""
    if not label:
        return None
    if isinstance(label, bytes):
        label = label.decode("ascii", "ignore")
    try:
        name = codecs.lookup(label.strip().lower()).name
    except LookupError:
        return None
    if name.startswith("utf-16") or name.startswith("utf-32"):
        return None  # a declaration inside the bytes cannot name a 16/32-bit encoding (no BOM seen)
    return _WIDER.get(name, name)


def header_charset(content_type: str | None) -> str | None:
    """The codec named by a Content-Type header's ``charset`` parameter."""
    match = _HEADER_CHARSET.search(content_type or "")
    return _codec(match.group(1)) if match else None


def declared_charset(body: bytes) -> str | None:
    """The codec named by an XML declaration or a ``<meta>`` in the first 4 KiB."""
    head = body[:_PRESCAN]
    match = _XML_DECL.match(head) or _META_CHARSET.search(head)
    return _codec(match.group(1)) if match else None


def detect(body: bytes) -> str:
    """The encoding of undeclared bytes: UTF-8 when valid, else charset-normalizer's best guess."""
    sample = body[:_DETECT_BYTES]
    try:
        sample.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError as exc:
        # a sample cut inside a multi-byte character is still UTF-8
        if exc.start >= len(sample) - 3 and len(body) > len(sample):
            return "utf-8"
    best = charset_normalizer.from_bytes(sample).best()
    return _codec(best.encoding if best else None) or "cp1252"


def decode(body: bytes, content_type: str | None = None, *, markup: bool = True) -> str:
    """``body`` as text. ``markup`` lets ``<meta>``/XML declarations name the charset."""
    for bom, name in _BOMS:
        if body.startswith(bom):
            return body[len(bom):].decode(name, "replace")
    name = header_charset(content_type) or (declared_charset(body) if markup else None) or detect(body)
    return body.decode(name, "replace")
