"""The Model Context Protocol server: ``web_search`` and ``web_fetch`` for agents, over HTTP (/mcp) and stdio.

``tools`` runs the tools, ``server`` wraps them in the official SDK's server,
``http`` is the Streamable HTTP transport (no Flask), the launcher is ``searx.mcp.stdio``.
"""

from __future__ import annotations

from searx.mcp.http import HttpEndpoint, HttpReply, HttpRequest
from searx.mcp.server import Caller, build_server, fixed_caller
from searx.mcp.session import Sessions
from searx.mcp.tools import Backend, Tools
from searx.store import Store

__all__ = ["HttpEndpoint", "HttpReply", "HttpRequest", "http_endpoint"]


def http_endpoint(backend: Backend, store: Store) -> HttpEndpoint:
    """The /mcp transport over this instance's search (each request brings its own ``Caller``)."""
    tools = Tools(backend, store)
    server = build_server(tools, fixed_caller(Caller("local")))
    return HttpEndpoint(server, Sessions(backend.settings.server.secret_key, store), tools.limits)
