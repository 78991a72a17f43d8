"""``python -m searx.mcp`` (``searx-mcp``): the tools over stdio, with this instance's settings in-process.

Settings come from ``SEARX_SETTINGS_PATH`` as for the web app; the search runs
here, without an HTTP hop. Logs go to stderr: stdout carries the protocol.
"""

from __future__ import annotations

import logging
import sys

import anyio
from mcp.server.stdio import stdio_server

from searx import settings as settings_mod
from searx.errors import SettingsError
from searx.mcp.server import Caller, build_server, fixed_caller
from searx.mcp.tools import Tools
from searx.services import build


async def _serve(tools: Tools) -> None:
    server = build_server(tools, fixed_caller(Caller("stdio", blocking_ok=False)))
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def main() -> int:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        services = build(settings_mod.load())  # the instance's own services, in this process
    except SettingsError as exc:
        print(f"searx-mcp: bad settings: {exc}", file=sys.stderr)
        return 2
    try:
        anyio.run(_serve, Tools(services, services.store))
    except KeyboardInterrupt:
        pass
    finally:
        services.close()
    return 0
