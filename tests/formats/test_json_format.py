"""The JSON format's ``parsed_url``: SearXNG's six ``urlparse`` parts, from the result's one split."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest

from searx.formats.json import parsed_url
from searx.results.types import MainResult, from_engine_item


@pytest.mark.parametrize("url", [
    "https://Example.org:8443/a/b;p=1?q=2#frag", "https://example.org/a;b/c?d;e", "https://example.org/?q=1;2",
    "http://example.org", "https://例え.jp/パス?x=1#y", "https://u:pw@example.org/x", "/collections/c/doc",
])
def test_parsed_url_is_urlparse(url):
    result = from_engine_item({"url": url, "title": "t"}, "e", "general", instance_links=True)
    assert isinstance(result, MainResult)
    assert parsed_url(result) == list(urlparse(result.url))


def test_parsed_url_follows_a_changed_url():
    result = MainResult(url="https://a.org/x", title="t")
    assert parsed_url(result)[1] == "a.org"
    result.url = "https://b.org/y;z"
    assert parsed_url(result) == list(urlparse("https://b.org/y;z"))
