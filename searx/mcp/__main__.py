"""``python -m searx.mcp``: the MCP server over stdio (see ``searx.mcp_stdio``)."""

import sys

from searx.mcp_stdio import main

sys.exit(main())
