"""Hostile requests to /search, /preferences, /autocompleter and /ai_summary: never a 5xx,
every answer as documented in openapi.yaml, errors as JSON for API callers and a page for people."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Request

from tests.fuzz import strategies as s
from tests.fuzz.conftest import Counter, Fuzzer, fuzz_settings

API_FORMATS = ("json", "csv", "rss")
API_PATHS = ("/autocompleter", "/ai_summary")
PLACEHOLDER = re.compile(r'<script type="application/json" id="ai-summary-data">(.*?)</script>', re.S)


def asked_format(path: str, method: str, query: bytes, body: bytes, content_type: str | None, status: int) -> str:
    """The format the app sees, parsed the way werkzeug parses it (a refused body is not parsed)."""
    env = EnvironBuilder(path=path, method=method, query_string=query.decode("latin-1"), data=body,
                         content_type=content_type)
    request = Request(env.get_environ())
    try:
        values = request.args if status == 413 else request.values
        return values.get("format", "")
    except Exception:  # noqa: BLE001 - a body werkzeug refuses leaves only the query string
        return request.args.get("format", "")


def assert_error_shape(resp: Any, api: bool) -> None:
    """A 4xx is JSON for API callers and an HTML page for people."""
    if not 400 <= resp.status_code < 500:
        return
    if api:
        assert resp.mimetype == "application/json", (resp.status_code, resp.data[:200])
        assert "error" in json.loads(resp.data)
    else:
        assert resp.mimetype == "text/html", (resp.status_code, resp.data[:200])
        assert b"<html" in resp.data[:500].lower()


def send(fuzzer: Any, path: str, method: str, query: bytes = b"", body: bytes = b"", content_type: str | None = None,
         headers: dict[str, str] | None = None) -> Any:  # fmt: skip
    kw: dict[str, Any] = {"query_string": query.decode("latin-1"), "headers": headers or {}}
    if method == "POST":
        kw.update(data=body, content_type=content_type)
    resp = fuzzer.send(path, method, **kw)
    fmt = asked_format(path, method, query, body if method == "POST" else b"", content_type, resp.status_code)
    assert_error_shape(resp, fmt in API_FORMATS or path in API_PATHS)
    return resp


@fuzz_settings(0.25)
@given(query=s.raw_query, headers=s.headers())
def test_search_get(fuzzer, query, headers):
    send(fuzzer, "/search", "GET", query, headers=headers)


@fuzz_settings(0.2)
@given(query=s.raw_query, body=s.bodies(s.SEARCH_KEYS), content_type=s.content_types, headers=s.headers())
def test_search_post(fuzzer, query, body, content_type, headers):
    send(fuzzer, "/search", "POST", query, body, content_type, headers)


@fuzz_settings(0.15)
@given(method=st.sampled_from(["GET", "POST"]), query=s.pairs(s.PREF_KEYS).map(s.encode),
       body=s.bodies(s.PREF_KEYS), content_type=s.content_types, headers=s.headers())
def test_preferences(fuzzer, method, query, body, content_type, headers):
    resp = send(fuzzer, "/preferences", method, query, body, content_type, headers)
    assert method == "POST" or not resp.headers.getlist("Set-Cookie"), "only the form saves"
    for cookie in resp.headers.getlist("Set-Cookie"):
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
        assert not cookie.startswith("ai_summary_api_key=") or method == "POST", "a key only from the form"


@fuzz_settings(0.1)
@given(method=st.sampled_from(["GET", "POST"]), query=s.raw_query, body=s.bodies(("q",)),
       content_type=s.content_types, headers=s.headers())
def test_autocompleter(fuzzer, method, query, body, content_type, headers):
    resp = send(fuzzer, "/autocompleter", method, query, body, content_type, headers)
    if resp.status_code == 200:
        assert resp.get_json()[1] == []


@pytest.fixture(scope="module")
def signed(fuzzer) -> dict[str, Any]:
    """A real, signed summary request taken from a results page."""
    page = fuzzer.client.get("/search?q=what+is+alpha").get_data(as_text=True)
    data = json.loads(PLACEHOLDER.search(page).group(1))  # type: ignore[union-attr]
    return {"query": data["evidence"]["query"], **data}


FIELDS = [("query",), ("signature",), ("fresh",), ("evidence",), ("evidence", "query"), ("evidence", "exp"),
          ("evidence", "v"), ("evidence", "lang"), ("evidence", "sources"), ("evidence", "sources", 0),
          ("evidence", "sources", 0, "url"), ("evidence", "sources", 0, "n"), ("extra",)]


@st.composite
def summary_bodies(draw: Any, signed: dict[str, Any]) -> bytes:
    """A real request with fields replaced, removed or added; raw JSON-ish bytes; or the request untouched."""
    kind = draw(st.sampled_from(["mutate", "mutate", "mutate", "raw", "valid"]))
    if kind == "raw":
        return draw(st.one_of(st.binary(max_size=100), s.json_values.map(lambda v: json.dumps(v).encode()),
                              st.sampled_from([b"{", b"[]", b"null", b'{"query": 1e999}', b"\xff\xfe{}",
                                               b'{"query": "\\ud800"}', b"{" * 5000, b" " * 1000])))
    body = copy.deepcopy(signed)
    for _ in range(draw(st.integers(1, 3)) if kind == "mutate" else 0):
        path = draw(st.sampled_from(FIELDS))
        parent: Any = body
        try:
            for part in path[:-1]:
                parent = parent[part]
            if draw(st.booleans()):
                parent[path[-1]] = draw(st.one_of(s.json_values, s.huge, s.unicode_text))
            elif isinstance(parent, dict):
                parent.pop(path[-1], None)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed the path
    return json.dumps(body).encode()


@fuzz_settings(0.2)
@given(data=st.data(), content_type=st.sampled_from(["application/json", "application/json", "text/plain", None,
                                                     "application/json; charset=latin-1"]),
       headers=s.headers())
def test_ai_summary(fuzzer, signed, data, content_type, headers):
    body = data.draw(summary_bodies(signed))
    resp = send(fuzzer, "/ai_summary", "POST", b"", body, content_type, headers)
    if resp.status_code == 200:  # a stream always ends with exactly one terminal line
        lines = [json.loads(line) for line in resp.get_data(as_text=True).splitlines()]
        assert "v" in lines[0] and ("done" in lines[-1] or "error" in lines[-1])
        assert sum("done" in x or "error" in x for x in lines) == 1


ENDPOINTS = [("/search", "GET"), ("/search", "POST"), ("/preferences", "GET"), ("/preferences", "POST"),
             ("/autocompleter", "GET"), ("/ai_summary", "POST")]


@fuzz_settings(0.1, per_example=len(ENDPOINTS))
@given(headers=s.headers(), cookie=s.cookie_header, fmt=st.sampled_from(["", "json", "html", "csv"]))
def test_every_endpoint_with_odd_headers_and_cookies(fuzzer, signed, headers, cookie, fmt):
    headers = {**headers, "Cookie": cookie}
    query = f"q=cookie+test&format={fmt}".encode()
    for path, method in ENDPOINTS:
        body = json.dumps(signed).encode() if path == "/ai_summary" else b""
        ctype = "application/json" if path == "/ai_summary" else None
        send(fuzzer, path, method, query, body, ctype, headers)


FORMATS = ("html", "json", "csv", "rss")


@fuzz_settings(0.1, per_example=len(FORMATS))
@given(q=st.one_of(s.unicode_text, s.known_values, st.sampled_from(['"', 'a "b" c', "]]>", "&amp;", "\x0b"])))
def test_every_format_parses_whatever_the_query(fuzzer, q):
    """The query is echoed by results, titles, feed attributes: each format's body must still parse."""
    for fmt in FORMATS:
        resp = send(fuzzer, "/search", "GET", s.encode([("q", q), ("format", fmt)]))
        assert resp.status_code in (200, 400), resp.status_code


def test_the_fuzzer_sees_a_crash_as_a_failure(fuzzer):
    """The checks can fail: an undocumented 5xx is caught (not counted as a generated request)."""
    probe = Fuzzer(fuzzer.app, Counter())
    fuzzer.app.view_functions["meta.healthz"], saved = (lambda: ("boom", 502)), fuzzer.app.view_functions["meta.healthz"]
    try:
        with pytest.raises(AssertionError, match="answered 502"):
            probe.send("/healthz")
    finally:
        fuzzer.app.view_functions["meta.healthz"] = saved
