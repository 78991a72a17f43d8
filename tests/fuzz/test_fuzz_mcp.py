"""Hostile JSON-RPC to /mcp: never a 5xx, never an internal error, every answer as documented."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.conftest import fuzz_settings

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "f", "version": "1"}}}
META = "io.modelcontextprotocol/protocolVersion"
CAPS = "io.modelcontextprotocol/clientCapabilities"

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
methods = st.sampled_from(["initialize", "ping", "tools/list", "tools/call", "server/discover", "resources/list",
                           "notifications/initialized", "notifications/cancelled", ""]) | st.text(max_size=20)
versions = st.sampled_from(["2025-11-25", "2025-06-18", "2024-11-05", "2026-07-28", "1999-01-01", ""]) | st.text(max_size=12)
arguments = st.dictionaries(
    st.sampled_from(["query", "max_results", "freshness", "site", "domains", "exclude_domains", "language", "x"]),
    json_values | st.text(max_size=500) | st.integers(-5, 20), max_size=5)
params = st.one_of(
    json_values,
    # web_fetch only with arguments it refuses: a URL it accepted would be looked up in the DNS
    st.fixed_dictionaries({"name": st.sampled_from(["web_search", "nope"]) | st.text(max_size=10)},
                          optional={"arguments": arguments | json_values}),
    st.fixed_dictionaries({"protocolVersion": versions | json_values},
                          optional={"capabilities": json_values, "clientInfo": json_values}),
    st.fixed_dictionaries({"_meta": st.fixed_dictionaries({META: versions | json_values},
                                                          optional={CAPS: json_values})},
                          optional={"name": st.text(max_size=10), "arguments": arguments}),
)
messages = st.fixed_dictionaries(
    {}, optional={"jsonrpc": st.sampled_from(["2.0", "1.0", 2]) | st.none(),
                  "id": st.integers() | st.text(max_size=8) | st.none() | st.booleans() | st.floats(allow_nan=False),
                  "method": methods, "params": params, "result": json_values, "error": json_values})
bodies = st.one_of(
    messages.map(lambda m: json.dumps(m).encode()),
    st.lists(messages, max_size=3).map(lambda m: json.dumps(m).encode()),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=200),
    st.sampled_from([b"", b"{", b"[]", b"null", b'{"jsonrpc":"2.0","id":1,"method":"ping"}' * 2, b"[" * 5000]),
)
header_sets = st.fixed_dictionaries({}, optional={
    "Mcp-Session-Id": st.sampled_from(["VALID", "2025-11-25.1.x.y", "", "x" * 300]) | st.text(max_size=30),
    "MCP-Protocol-Version": versions,
    "Mcp-Method": methods,
    "Mcp-Name": st.text(max_size=10),
    "Accept": st.sampled_from(["application/json, text/event-stream", "text/event-stream", "text/html", "*/*", ""]),
    "Origin": st.sampled_from(["http://localhost", "https://evil.example", "null"]),
})


@pytest.fixture(scope="module")
def session_id(fuzzer: Any) -> str:
    return fuzzer.send("/mcp", "POST", json=INIT).headers["Mcp-Session-Id"]


def _printable(value: str) -> bool:
    return all(0x20 <= ord(c) < 0x7F for c in value)


@fuzz_settings(0.2)
@given(body=bodies, headers=header_sets, content_type=st.sampled_from(["application/json", "text/plain", None]),
       method=st.sampled_from(["POST"] * 8 + ["GET", "DELETE"]))
def test_mcp_never_fails(fuzzer, session_id, body, headers, content_type, method):
    headers = {k: (session_id if v == "VALID" else v) for k, v in headers.items() if _printable(v)}
    resp = fuzzer.send("/mcp", method, data=body, content_type=content_type, headers=headers)
    if resp.mimetype == "application/json" and resp.data:
        answer = json.loads(resp.data)
        assert answer.get("error", {}).get("code") != -32603 if isinstance(answer.get("error"), dict) else True, answer


tool_calls = st.fixed_dictionaries({"name": st.just("web_search"), "arguments": arguments}) | st.fixed_dictionaries(
    {"name": st.just("web_fetch"),
     "arguments": st.fixed_dictionaries({}, optional={"url": st.sampled_from(["", "ftp://x", "file:///etc/passwd", 3]),
                                                      "max_chars": json_values, "format": json_values})})
well_formed = st.fixed_dictionaries(
    {"jsonrpc": st.just("2.0"), "id": st.integers(0, 1000) | st.text(max_size=5),
     "method": st.sampled_from(["tools/call", "tools/call", "tools/list", "ping", "initialize"]) | methods},
    optional={"params": tool_calls | tool_calls | params})


@fuzz_settings(0.2)
@given(message=well_formed, modern=st.booleans(), version=versions)
def test_well_formed_requests_reach_the_kernel_and_never_fail(fuzzer, session_id, message, modern, version):
    headers = {"Accept": "application/json, text/event-stream"}
    if modern and _printable(version):
        headers.update({"MCP-Protocol-Version": version, "Mcp-Method": str(message["method"])[:40],
                        "Mcp-Name": "web_search"})
        if isinstance(message.get("params"), dict):
            message["params"].setdefault("_meta", {META: version, CAPS: {}})
    else:
        headers["Mcp-Session-Id"] = session_id
    headers = {k: v for k, v in headers.items() if _printable(v)}
    resp = fuzzer.send("/mcp", "POST", json=message, headers=headers)
    answer = json.loads(resp.data)
    assert answer["id"] in (message["id"], None)
    assert ("result" in answer) != ("error" in answer)
    if "error" in answer:
        assert answer["error"]["code"] != -32603, answer
