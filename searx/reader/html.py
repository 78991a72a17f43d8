"""HTML to the page's main text, as Markdown or plain text (trafilatura, precision mode)."""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

import trafilatura
from lxml import html as lxml_html
from trafilatura.utils import load_html

from searx.reader.errors import ReaderError

# what trafilatura keeps but a reader must not: hidden elements, cookie and consent banners
_PRUNE = (
    "//*[@hidden] | //*[@aria-hidden='true'] | //dialog | //template"
    " | //*[contains(translate(@style, ' ', ''), 'display:none')]"
    " | //*[contains(translate(@style, ' ', ''), 'visibility:hidden')]"
    " | //*[not(self::body or self::html or self::main or self::article)]"
    "[contains(translate(concat(@id, ' ', @class), 'COKIENS', 'cokiens'), 'cookie')"
    " or contains(translate(concat(@id, ' ', @class), 'CONSET', 'conset'), 'consent')]"
)
_LINK = re.compile(r"(!?)\[((?:[^\]\\]|\\.)*)\]\((<[^>\n]*>|[^)\s]*)\)")
_TITLE_XPATHS = (
    "//meta[@property='og:title']/@content", "//meta[@name='twitter:title']/@content", "//title//text()",
    "//h1//text()",
)  # fmt: skip
# a sign-in page's main text is short; longer pages merely carry a login box
_LOGIN_MAX_CHARS = 400


def _title(tree: lxml_html.HtmlElement) -> str:
    for xpath in _TITLE_XPATHS:
        found = " ".join(str(part) for part in tree.xpath(xpath)).split()
        if found:
            return " ".join(found)[:500]
    return ""


def _links(markdown: str, base: str) -> str:
    """Links made absolute; a link that is not http(s) keeps only its text."""

    def fix(match: re.Match[str]) -> str:
        bang, label, href = match.groups()
        if bang:  # images are not text
            return label
        target = urljoin(base, href.strip("<>").strip()) if base else href.strip("<>")
        if urlsplit(target).scheme not in ("http", "https"):
            return label
        return f"[{label}]({target.replace(' ', '%20').replace(')', '%29')})"

    return _LINK.sub(fix, markdown)


def _run(tree: lxml_html.HtmlElement, url: str, markdown: bool, precision: bool) -> str | None:
    return trafilatura.extract(
        tree, url=url or None, output_format="markdown" if markdown else "txt", favor_precision=precision,
        include_comments=False, include_tables=True, include_links=markdown, include_formatting=markdown,
        include_images=False, with_metadata=False, deduplicate=False, prune_xpath=_PRUNE,
    )


def html_document(text: str, url: str, markdown: bool) -> tuple[str, str]:
    """(title, body) of an HTML page. A sign-in page raises ReaderError("challenged")."""
    tree = load_html(text)
    if tree is None:
        raise ReaderError("unreadable", "the page is not readable HTML")
    title = _title(tree)
    has_password = bool(tree.xpath("//input[translate(@type, 'PASWORD', 'pasword')='password']"))
    body = _run(tree, url, markdown, precision=True)
    if body is None:  # precision mode keeps nothing on some short pages: take the default mode's text
        tree = load_html(text)
        body = _run(tree, url, markdown, precision=False) if tree is not None else None
    body = (body or "").strip()
    if has_password and len(body) < _LOGIN_MAX_CHARS:
        raise ReaderError("challenged", "the page is a sign-in form")
    if markdown:
        body = _links(body, url)
    return title, body
