"""``python -m searx.mcp``: the MCP server over stdio (see ``searx.mcp.stdio``)."""

import sys

from searx.mcp.stdio import main

sys.exit(main())
