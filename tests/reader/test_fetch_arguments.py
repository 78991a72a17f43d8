"""The one parser of a page read's arguments, as /fetch (form strings or JSON) and web_fetch (JSON) send them."""

from __future__ import annotations

import pytest

from searx.args import ArgumentError
from searx.mcp import fetch_tool
from searx.reader.api import FetchRequest, form_arguments, parse_request


def test_a_form_and_its_json_are_the_same_request():
    form = {"url": " https://a.example/ ", "format": "text", "max_chars": "500", "start_line": " 3 ", "max_lines": ""}
    typed = {"url": "https://a.example/", "format": "text", "max_chars": 500, "start_line": 3}
    assert parse_request(form_arguments(form)) == parse_request(typed) == fetch_tool.parse(typed) == FetchRequest(
        "https://a.example/", "text", 500, 3, None)


@pytest.mark.parametrize("values, name", [
    ({}, "url"), ({"url": ""}, "url"), ({"url": "x" * 3000}, "url"), ({"url": 7}, "url"),
    ({"url": "https://a/", "format": "pdf"}, "format"),
    ({"url": "https://a/", "max_chars": "99"}, "max_chars"), ({"url": "https://a/", "max_chars": "-5"}, "max_chars"),
    ({"url": "https://a/", "max_chars": "1e3"}, "max_chars"), ({"url": "https://a/", "max_chars": True}, "max_chars"),
    ({"url": "https://a/", "start_line": "0"}, "start_line"),
    ({"url": "https://a/", "start_line": "99999999999999999999"}, "start_line"),
    ({"url": "https://a/", "max_lines": "x"}, "max_lines"), ({"url": "https://a/", "max_lines": "0"}, "max_lines"),
])  # fmt: skip
def test_a_bad_argument_is_refused_by_name_on_both_fronts(values, name):
    with pytest.raises(ArgumentError) as caught:
        parse_request(form_arguments(values))
    assert caught.value.name == name and caught.value.code == "bad_request"


def test_web_fetch_adds_its_own_rules_only():
    with pytest.raises(ArgumentError, match="^headers"):
        fetch_tool.parse({"url": "https://a.example/", "headers": {}})  # /fetch ignores unknown parameters
    with pytest.raises(ArgumentError, match="^url"):
        fetch_tool.parse({"url": "file:///etc/passwd"})  # /fetch leaves that to the reader: address_refused
    assert parse_request({"url": "file:///etc/passwd"}).url == "file:///etc/passwd"
