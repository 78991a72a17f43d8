"""Redirect-wrapped result links decode to the exact target, for any target."""

from __future__ import annotations

import base64
from urllib.parse import quote

from hypothesis import given
from hypothesis import strategies as st

from searx.enginelib.redirect_links import bing_target, ddg_target

paths = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=40)


@given(paths)
def test_ddg_uddg_roundtrip(path: str) -> None:
    target = "https://example.org/" + path
    href = f"//duckduckgo.com/l/?uddg={quote(target, safe='')}&rut=abc123"
    assert ddg_target(href) == target


@given(paths)
def test_bing_base64_roundtrip(path: str) -> None:
    target = "https://example.org/" + path
    encoded = base64.urlsafe_b64encode(target.encode()).decode().rstrip("=")
    href = f"https://www.bing.com/ck/a?!&&p=deadbeef&ptn=3&u=a1{quote(encoded)}&ntb=1"
    assert bing_target(href) == target


def test_links_that_are_not_wrapped_stay_as_they_are() -> None:
    assert ddg_target("https://example.org/a") == "https://example.org/a"
    assert ddg_target("//example.org/a") == "https://example.org/a"
    assert bing_target("https://example.org/ck/x") == "https://example.org/ck/x"
    assert bing_target("https://www.bing.com/ck/a?u=a1%%%") == "https://www.bing.com/ck/a?u=a1%%%"
    # a decoded value that is not a web URL is not trusted
    junk = base64.urlsafe_b64encode(b"javascript:alert(1)").decode()
    assert bing_target(f"https://www.bing.com/ck/a?u=a1{junk}") == f"https://www.bing.com/ck/a?u=a1{junk}"
