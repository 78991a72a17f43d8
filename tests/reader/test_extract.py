"""Bytes in memory to readable text: HTML main text, PDF pages, plain types, feeds."""

from __future__ import annotations

import pytest

from searx.reader.errors import ReaderError
from searx.reader.extract import extract
from tests.reader.pdfs import encrypted_pdf, text_pdf

URL = "https://example.com/a/page.html"
FILLER = "More words here so that the extractor takes this paragraph for the main content of the page. " * 2

ARTICLE = f"""<html><head><title>Page title - Site</title><style>p {{color: red}}</style></head><body>
<div id="cookie-banner"><p>We use cookies to improve your experience, accept all cookies now please thanks.</p></div>
<nav><a href="/">Home</a> <a href="/about">About us</a></nav><header>Site header words</header>
<article><h1>The heading</h1>
<p>A <a href="/rel/link">relative link</a>, a <a href="javascript:alert(1)">script link</a> and
<a href="https://example.org/abs">an absolute one</a>. {FILLER}</p>
<p style="display: none">Hidden paragraph that must never be read out. {FILLER}</p>
<p hidden>Another hidden paragraph never to be read. {FILLER}</p>
<h2>Sub heading</h2><ul><li>item one here</li><li>item two there</li></ul>
<pre><code>def f():
    return 1</code></pre>
<table><tr><th>Col A</th><th>Col B</th></tr><tr><td>1</td><td>2</td></tr></table>
<p>Closing paragraph with <b>bold</b> words. {FILLER}</p>
<form><input name="q"><p>Newsletter form text to drop</p></form></article>
<div class="comments"><p>Reader comment: first!</p></div>
<footer>Copyright footer</footer><script>var secret = 1;</script></body></html>"""


def test_html_main_text_as_markdown() -> None:
    doc = extract(ARTICLE.encode(), "text/html; charset=utf-8", URL)
    assert (doc.title, doc.kind, doc.format, doc.content_type) == ("Page title - Site", "html", "markdown", "text/html")
    text = doc.text
    assert text.startswith("# The heading")
    assert "## Sub heading" in text and "- item one here" in text
    assert "[relative link](https://example.com/rel/link)" in text
    assert "[an absolute one](https://example.org/abs)" in text
    assert "script link" in text and "javascript:" not in text
    assert "def f():\n    return 1" in text and "| Col A | Col B |" in text
    for gone in ("Hidden paragraph", "hidden paragraph", "cookies", "Home", "Site header", "Copyright",
                 "secret", "color: red", "Reader comment", "Page title", "Newsletter"):
        assert gone not in text


def test_html_as_plain_text_has_no_markdown_links() -> None:
    text = extract(ARTICLE.encode(), "text/html", URL, format="text").text
    assert "relative link" in text and "](" not in text and "**" not in text and "https://" not in text


def test_sign_in_page_is_challenged() -> None:
    page = b"""<html><head><title>Sign in</title></head><body><form><h1>Sign in</h1><p>Welcome back</p>
    <input type=text name=user><input type=PASSWORD name=pw><button>Log in</button></form></body></html>"""
    with pytest.raises(ReaderError) as info:
        extract(page, "text/html", URL)
    assert info.value.code == "challenged"


def test_article_with_a_login_box_is_read() -> None:
    page = ARTICLE.replace("<footer>", '<form><input type="password" name="pw"></form><footer>')
    assert "The heading" in extract(page.encode(), "text/html", URL).text


def test_bot_check_served_with_200_is_challenged() -> None:
    page = b"<html><head><title>Just a moment...</title></head><body><div id='challenge-form'>" \
           b"<script src='/cdn-cgi/challenge-platform/h/b/orchestrate/jsch/v1'></script></div></body></html>"
    with pytest.raises(ReaderError) as info:
        extract(page, "text/html", URL)
    assert info.value.code == "challenged"


@pytest.mark.parametrize("encoding, sample", [
    ("shift_jis", "日本語のテキストです。これは文字コードのテストのためのページです。東京都の天気は晴れです。"),
    ("gb18030", "这是一个中文网页，用于测试字符编码检测。北京今天天气很好，我们去公园散步吧。"),
    ("windows-1251", "Это русская страница для проверки определения кодировки. Москва — столица России."),
    ("latin-1", "Ceci est une page française pour tester la détection. Où est la bibliothèque? Très élégant."),
])  # fmt: skip
def test_pages_without_a_header_charset_decode_without_mojibake(encoding: str, sample: str) -> None:
    page = f"<html><head><title>T</title></head><body><article><p>{sample * 4}</p></article></body></html>"
    doc = extract(page.encode(encoding), "text/html", URL, format="text")
    assert sample in doc.text


def test_charset_sources_in_order() -> None:
    text = "café crème"
    meta = f'<html><head><meta charset="iso-8859-1"></head><body><article><p>{text} {FILLER}</p></article></body></html>'
    assert text in extract(meta.encode("latin-1"), "text/html", URL).text
    # the HTTP charset wins over <meta>; a BOM wins over both
    assert text in extract(meta.encode("utf-8"), "text/html; charset=utf-8", URL).text
    assert text in extract(b"\xef\xbb\xbf" + meta.encode("utf-8"), "text/html; charset=latin-1", URL).text
    xml = f'<?xml version="1.0" encoding="windows-1252"?><root>{text}</root>'.encode("cp1252")
    assert text in extract(xml, "application/xml").text


def test_pdf_pages() -> None:
    doc = extract(text_pdf(["Hello first page", "Second page here"], title="A paper"), "application/pdf")
    assert (doc.title, doc.kind, doc.pages) == ("A paper", "pdf", 2)
    assert doc.text == "Page 1\n\nHello first page\n\nPage 2\n\nSecond page here"


@pytest.mark.parametrize("body, reason", [
    (encrypted_pdf(["secret"]), "encrypted"), (b"%PDF-1.4\nnot really", "damaged"), (b"nothing", "damaged"),
])  # fmt: skip
def test_encrypted_or_damaged_pdf_refused_with_reason(body: bytes, reason: str) -> None:
    with pytest.raises(ReaderError) as info:
        extract(body, "application/pdf")
    assert info.value.code == "unreadable" and reason in info.value.message


@pytest.mark.parametrize("ctype, body, text", [
    ("text/plain", b"line one\nline two\n", "line one\nline two"),
    ("text/markdown", b"# Title\n\n*x*", "# Title\n\n*x*"),
    ("text/csv", b"a,b\n1,2", "a,b\n1,2"),
    ("application/json", b'{"a":[1],"b":"\xc3\xa9"}', '{\n  "a": [\n    1\n  ],\n  "b": "\xe9"\n}'),
    ("application/ld+json", b"not json", "not json"),
    ("text/xml", b"<root><a>1</a></root>", "<root><a>1</a></root>"),
])  # fmt: skip
def test_plain_types_as_they_are(ctype: str, body: bytes, text: str) -> None:
    assert extract(body, ctype).text == text


def test_rss_and_atom_as_entries() -> None:
    rss = b"""<?xml version="1.0"?><rss version="2.0"><channel><title>My feed</title>
    <item><title>First</title><link>https://example.com/1</link><pubDate>Mon, 01 Jan 2024</pubDate>
    <description>&lt;p&gt;Hello &lt;b&gt;world&lt;/b&gt;&lt;/p&gt;</description></item>
    <item><title>Second</title><link>/2</link></item></channel></rss>"""
    doc = extract(rss, "application/rss+xml", "https://example.com/feed")
    assert (doc.title, doc.kind) == ("My feed", "feed")
    assert doc.text == "- [First](https://example.com/1) (Mon, 01 Jan 2024)\n  Hello world\n- [Second](https://example.com/2)"
    assert "](" not in extract(rss, "text/xml", "https://example.com/", format="text").text
    atom = b"""<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><entry><title>E1</title>
    <link href="https://example.com/e1"/><updated>2024-01-01</updated><summary>sum</summary></entry></feed>"""
    assert extract(atom, "application/atom+xml").text == "- [E1](https://example.com/e1) (2024-01-01)\n  sum"


def test_feed_entities_are_not_expanded() -> None:
    evil = b"""<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>
    <rss><channel><title>&x;</title></channel></rss>"""
    assert "root:" not in extract(evil, "application/rss+xml").text


@pytest.mark.parametrize("ctype", ["image/png", "application/zip", "video/mp4", "application/octet-stream"])
def test_other_types_unsupported_naming_the_type(ctype: str) -> None:
    with pytest.raises(ReaderError) as info:
        extract(b"\x89PNG\r\n", ctype)
    assert info.value.code == "unsupported_type" and ctype in info.value.message


def test_untyped_body_is_sniffed() -> None:
    assert extract(text_pdf(["x y"]), None).kind == "pdf"
    assert extract(f"<!DOCTYPE html><html><body><article><p>{FILLER}</p></article></body></html>".encode(), "").kind == "html"


def test_article_with_a_captcha_script_is_not_a_bot_check() -> None:
    # comment forms embed reCAPTCHA on ordinary articles
    page = ARTICLE.replace("<footer>", '<script src="https://www.google.com/recaptcha/api.js"></script><footer>')
    assert "The heading" in extract(page.encode(), "text/html", URL).text
    short = b'<html><body><p>Please verify.</p><div class="g-recaptcha"></div></body></html>'
    with pytest.raises(ReaderError) as info:
        extract(short, "text/html", URL)
    assert info.value.code == "challenged"
