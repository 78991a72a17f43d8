"""The tools an agent can call, their descriptions, and one ``call`` that runs them (no protocol here)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import searx.mcp.collections_tool as collections_tool
import searx.mcp.fetch_tool as fetch_tool
import searx.mcp.search_tool as search_tool
from searx.args import ArgumentError
from searx.client_address import client_key
from searx.collections.service import CollectionsService
from searx.mcp.limits import CallLimits
from searx.mcp.output import ToolOutput, refusal
from searx.reader.document import PageReader
from searx.store import Store

log = logging.getLogger("searx.mcp")


class Backend(search_tool.Backend, Protocol):
    """The instance's services as the tools see them."""

    @property
    def reader(self) -> PageReader | None: ...

    @property
    def collections(self) -> CollectionsService | None: ...


@dataclass(frozen=True)
class ToolSpec:
    name: str
    title: str
    description: str
    input_schema: dict[str, Any]
    output_schema: dict[str, Any] | None = None


WEB_SEARCH = ToolSpec("web_search", "Web search", search_tool.DESCRIPTION, search_tool.SCHEMA,
                      search_tool.OUTPUT_SCHEMA)
WEB_FETCH = ToolSpec("web_fetch", "Read a web page", fetch_tool.DESCRIPTION, fetch_tool.SCHEMA)
LIST_COLLECTIONS = ToolSpec("list_collections", "List my document collections", collections_tool.LIST_DESCRIPTION,
                            collections_tool.LIST_SCHEMA)
SEARCH_COLLECTION = ToolSpec("search_collection", "Search my documents", collections_tool.SEARCH_DESCRIPTION,
                             collections_tool.SEARCH_SCHEMA)


class Tools:
    """Runs a tool for a client: checks its arguments, applies the call limits, never raises.

    ``web_fetch`` is offered when the page reader may read for others (``fetch.enabled``);
    ``list_collections`` and ``search_collection`` once the instance has a collection, unless it is public.
    """

    def __init__(self, backend: Backend, store: Store) -> None:
        self.backend = backend
        self.limits = CallLimits(store, backend.settings.mcp)
        self.instance = backend.settings.general.instance_name
        base = backend.settings.server.base_url
        if base:
            self.instance = f"{self.instance} ({str(base).rstrip('/')})"
        reader = backend.reader
        self._specs: tuple[ToolSpec, ...] = (WEB_SEARCH, WEB_FETCH) if reader is not None and reader.api_enabled \
            else (WEB_SEARCH,)
        self.collections = backend.collections
        self._public = backend.settings.server.public_instance

    def specs(self) -> tuple[ToolSpec, ...]:
        if collections_tool.offered(self.collections, self._public):
            return (*self._specs, LIST_COLLECTIONS, SEARCH_COLLECTION)
        return self._specs

    def known(self, name: str) -> bool:
        return any(s.name == name for s in self.specs())

    def call(self, name: str, arguments: Mapping[str, Any] | None, client: str) -> ToolOutput:
        try:
            if name == "web_search":
                return self._web_search(arguments or {}, client)
            reader, collections = self.backend.reader, self.collections
            if name == "web_fetch" and self.known(name) and reader is not None:
                return self._web_fetch(reader, arguments or {}, client)
            if name == "list_collections" and self.known(name) and collections is not None:
                return collections_tool.list_collections(collections)
            if name == "search_collection" and self.known(name) and collections is not None:
                return collections_tool.search_collection(collections, arguments or {})
        except ArgumentError as exc:
            return refusal(f"invalid argument {exc}")
        return refusal(f"unknown tool {name[:80]!r} (this server has: {', '.join(s.name for s in self.specs())})")

    def _web_search(self, arguments: Mapping[str, Any], client: str) -> ToolOutput:
        args = search_tool.parse(arguments)
        sq = search_tool.search_query(args, self.backend)
        if not sq.engines:
            return refusal(f"{self.instance}: no general search engine is enabled on this instance")
        if not search_tool.cached(sq, self.backend):
            refused = self.limits.check(client)
            if refused:
                return refusal(refused)
        outcome = search_tool.run(sq, self.backend)
        return search_tool.render(outcome, args, self.instance)

    def _web_fetch(self, reader: PageReader, arguments: Mapping[str, Any], client: str) -> ToolOutput:
        args = fetch_tool.parse(arguments)
        if not fetch_tool.cached(reader, args):
            refused = self.limits.check(client)
            if refused:
                return refusal(refused)
        page = fetch_tool.read(reader, args, client_key(client))
        return page if isinstance(page, ToolOutput) else fetch_tool.render(page, args)
