"""The Streamable HTTP transport as one function: an HTTP request's facts in, the reply out (no Flask).

Each POST carries one JSON-RPC message and gets one JSON answer (or the same
answer as a single server-sent event for clients that accept only that); no
stream stays open, so a WSGI thread is never held by an idle client. The
message runs through the SDK's kernel (``mcp.server.runner.serve_one``) on an
event loop of its own. Two eras, as the SDK routes them:

- 2025 versions: ``initialize`` opens a session (``Mcp-Session-Id``, signed,
  see ``session.py``); later requests name it; ``DELETE`` ends it.
- 2026-07-28: every request carries its version and client in ``_meta`` and
  the routing headers; no session at all.

Nothing here answers 5xx: a failing handler is a JSON-RPC ``INTERNAL_ERROR``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import anyio
from mcp.server import Server
from mcp.server.connection import Connection
from mcp.server.runner import serve_one
from mcp.shared.exceptions import NoBackChannelError
from mcp.shared.inbound import (
    ERROR_CODE_HTTP_STATUS,
    MCP_PROTOCOL_VERSION_HEADER,
    InboundLadderRejection,
    classify_inbound_request,
    find_duplicated_routing_header,
)
from mcp.shared.jsonrpc_dispatcher import handler_exception_to_error_data
from mcp.shared.message import MessageMetadata
from mcp.shared.transport_context import TransportContext
from mcp_types import (
    HEADER_MISMATCH,
    INTERNAL_ERROR,
    INVALID_REQUEST,
    PARSE_ERROR,
    PROTOCOL_VERSION_META_KEY,
    ErrorData,
    JSONRPCError,
    JSONRPCNotification,
    JSONRPCRequest,
    JSONRPCResponse,
    RequestId,
)
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, LATEST_HANDSHAKE_VERSION
from pydantic import ValidationError

from searx.limiter import retry_after_header
from searx.mcp.limits import CallLimits
from searx.mcp.server import Caller
from searx.mcp.session import Sessions

log = logging.getLogger("searx.mcp")

SESSION_HEADER = "mcp-session-id"
ALLOW = "POST, DELETE"


@dataclass(frozen=True)
class HttpRequest:
    """What the transport needs to know about one HTTP request (header names lower-case)."""

    method: str
    headers: Mapping[str, str]
    body: bytes = b""
    client: str = "unknown"
    header_lines: Sequence[tuple[str, str]] = ()


@dataclass
class HttpReply:
    status: int
    body: bytes = b""
    content_type: str | None = None
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class _Exchange:
    """The SDK's per-request dispatch context: one answer, no channel back to the client."""

    transport: TransportContext
    request_id: RequestId
    cancel_requested: anyio.Event
    message_metadata: MessageMetadata = None
    can_send_request: bool = False

    async def send_raw_request(self, method: str, params: Mapping[str, Any] | None, opts: Any = None) -> dict[str, Any]:
        raise NoBackChannelError(method)

    async def notify(self, method: str, params: Mapping[str, Any] | None, opts: Any = None) -> None:
        return None  # a JSON answer has no room for notifications

    async def progress(self, progress: float, total: float | None = None, message: str | None = None) -> None:
        return None


def _rpc_error(request_id: RequestId | None, code: int, message: str, data: Any = None) -> dict[str, Any]:
    error = JSONRPCError(jsonrpc="2.0", id=request_id, error=ErrorData(code=code, message=message, data=data))
    body = error.model_dump(mode="json", by_alias=True, exclude_none=True)
    body["id"] = request_id  # JSON-RPC wants "id": null when the request's id is unknown
    return body


def _wants(accept: str | None) -> str | None:
    """``json``, ``sse`` or None (406) from an Accept header; no header means JSON."""
    if not accept:
        return "json"
    types = {part.split(";")[0].strip().lower() for part in accept.split(",")}
    if types & {"application/json", "application/*", "*/*"}:
        return "json"
    return "sse" if "text/event-stream" in types else None


def _has_modern_envelope(params: Any) -> bool:
    meta = params.get("_meta") if isinstance(params, Mapping) else None
    return isinstance(meta, Mapping) and PROTOCOL_VERSION_META_KEY in meta


class HttpEndpoint:
    """Answers /mcp requests that already passed the Origin, token and size checks."""

    def __init__(self, server: Server[Caller], sessions: Sessions, limits: CallLimits | None = None) -> None:
        self.server = server
        self.sessions = sessions
        self.limits = limits  # bounds initialize and DELETE per client

    def handle(self, req: HttpRequest) -> HttpReply:
        if req.method == "DELETE":
            return self._delete(req)
        if req.method != "POST":
            return self._reply(_rpc_error(None, INVALID_REQUEST, "use POST for messages, DELETE to end a session"),
                               405, headers={"Allow": ALLOW})
        kind = _wants(req.headers.get("accept"))
        if kind is None:
            return self._reply(_rpc_error(None, INVALID_REQUEST, "accept application/json"), 406)
        content_type = req.headers.get("content-type", "").split(";")[0].strip().lower()
        if content_type != "application/json":
            return self._reply(_rpc_error(None, INVALID_REQUEST, "send Content-Type: application/json"), 415)
        try:
            decoded = json.loads(req.body)
        except (ValueError, RecursionError):
            return self._reply(_rpc_error(None, PARSE_ERROR, "Parse error: the body is not JSON (or nests too deep)"), 400)
        if not isinstance(decoded, dict):
            return self._reply(_rpc_error(None, INVALID_REQUEST, "send one JSON-RPC message per request "
                                          "(batches are not part of this protocol version)"), 400)
        if "id" not in decoded or "method" not in decoded:
            return self._accept(req, decoded)
        try:
            rpc = JSONRPCRequest.model_validate(decoded, by_name=False)
        except ValidationError:
            return self._reply(_rpc_error(None, INVALID_REQUEST, "not a JSON-RPC 2.0 request"), 400)
        version = req.headers.get(MCP_PROTOCOL_VERSION_HEADER)
        if (version is not None and version not in HANDSHAKE_PROTOCOL_VERSIONS) or _has_modern_envelope(rpc.params):
            return self._modern(req, decoded, rpc, kind)
        return self._legacy(req, rpc, kind)

    # --- the eras ----------------------------------------------------------------

    def _legacy(self, req: HttpRequest, rpc: JSONRPCRequest, kind: str) -> HttpReply:
        if rpc.method == "initialize":
            if refused := self._session_limited(req, rpc.id):
                return refused
            connection = Connection.from_envelope(LATEST_HANDSHAKE_VERSION, None, None)
            answer = self._serve(req, rpc, connection)
            version = answer.get("result", {}).get("protocolVersion")
            headers = {"Mcp-Session-Id": self.sessions.open(version)} if version in HANDSHAKE_PROTOCOL_VERSIONS else {}
            return self._reply(answer, 200, kind, headers)
        session_id = req.headers.get(SESSION_HEADER)
        if not session_id:
            return self._reply(_rpc_error(rpc.id, INVALID_REQUEST, "Bad Request: missing Mcp-Session-Id "
                                          "(send initialize first)"), 400)
        version = self.sessions.version(session_id)
        if version is None:
            return self._reply(_rpc_error(rpc.id, INVALID_REQUEST, "Not Found: unknown or ended session "
                                          "(send initialize again)"), 404)
        return self._reply(self._serve(req, rpc, Connection.from_envelope(version, None, None)), 200, kind)

    def _modern(self, req: HttpRequest, decoded: dict[str, Any], rpc: JSONRPCRequest, kind: str) -> HttpReply:
        duplicated = find_duplicated_routing_header(req.header_lines)
        verdict = classify_inbound_request(decoded, headers=req.headers)
        if duplicated is not None:
            verdict = InboundLadderRejection(code=HEADER_MISMATCH, message=f"{duplicated} header appears more than once")
        if isinstance(verdict, InboundLadderRejection):
            answer = _rpc_error(rpc.id, verdict.code, verdict.message, verdict.data)
        else:
            connection = Connection.from_envelope(verdict.protocol_version, verdict.client_info,
                                                  verdict.client_capabilities)
            answer = self._serve(req, rpc, connection)
        status = ERROR_CODE_HTTP_STATUS.get(answer["error"]["code"], 200) if "error" in answer else 200
        return self._reply(answer, status, kind)

    # --- pieces ------------------------------------------------------------------

    def _serve(self, req: HttpRequest, rpc: JSONRPCRequest, connection: Connection) -> dict[str, Any]:
        """Run one request through the SDK's kernel; the JSON-RPC response or error as a dict."""

        async def run() -> dict[str, Any]:
            dctx = _Exchange(TransportContext(kind="streamable-http", can_send_request=False, headers=req.headers),
                             rpc.id, anyio.Event())
            return await serve_one(self.server, dctx, rpc.method, rpc.params, connection=connection,
                                   lifespan_state=Caller(req.client))

        try:
            result = anyio.run(run)
        except Exception as exc:  # noqa: BLE001 - the boundary: every failure becomes a JSON-RPC error
            error = handler_exception_to_error_data(exc)
            if error is None:
                log.exception("mcp: %s failed", rpc.method)
                error = ErrorData(code=INTERNAL_ERROR, message="Internal error")
            return _rpc_error(rpc.id, error.code, error.message, error.data)
        return JSONRPCResponse(jsonrpc="2.0", id=rpc.id, result=result).model_dump(
            mode="json", by_alias=True, exclude_none=True)

    def _accept(self, req: HttpRequest, decoded: dict[str, Any]) -> HttpReply:
        """A notification or a response from the client: 202, nothing to answer."""
        for model in (JSONRPCNotification, JSONRPCResponse, JSONRPCError):
            try:
                model.model_validate(decoded, by_name=False)
                break
            except ValidationError:
                continue
        else:
            return self._reply(_rpc_error(None, INVALID_REQUEST, "not a JSON-RPC 2.0 message"), 400)
        session_id = req.headers.get(SESSION_HEADER)
        if session_id and self.sessions.version(session_id) is None:
            return self._reply(_rpc_error(None, INVALID_REQUEST, "Not Found: unknown or ended session"), 404)
        return HttpReply(202)

    def _delete(self, req: HttpRequest) -> HttpReply:
        session_id = req.headers.get(SESSION_HEADER)
        if not session_id:
            return self._reply(_rpc_error(None, INVALID_REQUEST, "Bad Request: missing Mcp-Session-Id"), 400)
        if refused := self._session_limited(req, None):
            return refused
        ended = self.sessions.end(session_id)
        if ended == "unknown":
            return self._reply(_rpc_error(None, INVALID_REQUEST, "Not Found: unknown or ended session"), 404)
        if ended == "full":  # the specification's answer for "this server does not end sessions"
            return self._reply(_rpc_error(None, INVALID_REQUEST, "too many sessions were ended lately; this one "
                                          "ends by itself when it expires"), 405, headers={"Allow": "POST"})
        return HttpReply(204)

    def _session_limited(self, req: HttpRequest, request_id: RequestId | None) -> HttpReply | None:
        refused = self.limits.session(req.client) if self.limits is not None else None
        if refused is None:
            return None
        return self._reply(_rpc_error(request_id, INVALID_REQUEST, refused[0]), 429,
                           headers={"Retry-After": retry_after_header(refused[1])})

    @staticmethod
    def _reply(answer: dict[str, Any], status: int, kind: str = "json",
               headers: dict[str, str] | None = None) -> HttpReply:
        data = json.dumps(answer, ensure_ascii=False, separators=(",", ":"))
        if kind == "sse" and status == 200:
            return HttpReply(status, f"event: message\ndata: {data}\n\n".encode(), "text/event-stream", headers or {})
        return HttpReply(status, data.encode(), "application/json", headers or {})
