"""The one parser of a URL's origin: scheme, host and port, or None for anything else (outside input)."""

from __future__ import annotations

import pytest

from searx.collections.errors import BadName
from searx.collections.sources import check_url
from searx.origin import Origin, own_navigation, parse_origin


@pytest.mark.parametrize("url, origin, text", [
    ("https://Example.ORG./path?q=1#f", Origin("https", "example.org", 443), "https://example.org"),
    ("HTTP://example.org:80", Origin("http", "example.org", 80), "http://example.org"),
    ("http://example.org:8080/", Origin("http", "example.org", 8080), "http://example.org:8080"),
    ("https://[2001:DB8::1]:8443/x", Origin("https", "2001:db8::1", 8443), "https://[2001:db8::1]:8443"),
    ("https://user:secret@example.org/", Origin("https", "example.org", 443), "https://example.org"),
])  # fmt: skip
def test_an_origin_is_its_scheme_host_and_port(url, origin, text):
    assert parse_origin(url) == origin and str(origin) == text


@pytest.mark.parametrize("url", ["", "null", "example.org", "//example.org/", "ftp://example.org/", "javascript:x",
                                 "file:///etc/passwd", "http://", "http://[::1", "http://a:99999/",
                                 "http://a:-1/", "http://a:port/", "https://./", "data:text/html,x"])
def test_anything_else_has_no_origin(url):
    assert parse_origin(url) is None


@pytest.mark.parametrize("url", ["http://[::1", "http://a:99999/", "gopher://a/", "http:///path"])
def test_a_source_url_without_an_origin_is_a_bad_name_not_a_crash(url):
    with pytest.raises(BadName):
        check_url(url)


@pytest.mark.parametrize("origin, referer, site, ok", [
    (None, None, "none", True),  # typed, a bookmark, the browser's search box
    (None, None, "same-origin", True),  # the instance's own GET form
    ("null", None, "same-origin", True),  # its POST form (its pages say Referrer-Policy: no-referrer)
    (None, "http://s.example/search?q=x", None, True),  # a browser without Sec-Fetch-*, from the instance
    ("http://s.example", None, None, True),
    (None, None, "cross-site", False),
    (None, None, "same-site", False),
    (None, "https://evil.example/", "none", False),
    ("https://evil.example", None, "same-origin", False),
    ("https://evil.example", "http://s.example/", None, False),
    (None, "http://s.example.evil.example/", None, False),
    ("null", None, None, False),
    (None, None, None, False),  # nobody vouches: curl, or another site's rel=noreferrer link in an old browser
])  # fmt: skip
def test_own_navigation(origin, referer, site, ok):
    assert own_navigation(origin, referer, site, "s.example", "http") is ok
