"""The self_info plugin: ``ip`` and ``user-agent`` answer the client's address and User-Agent.

The address is the one the trusted-proxy rules resolve (``SearchContext.client_ip``,
filled by the web layer; elsewhere, e.g. MCP, it is empty and nothing is answered).
Answers are added after the search cache, on every request, so only the client
that asked sees them; the summary steps aside for them (it never reads them).
"""

from __future__ import annotations

import ipaddress
import re

from searx.plugins import N_, AnswerPlugin, SearchContext

# SearXNG's triggers, as whole queries (SearXNG matches any query starting with "ip", "iphone" too)
IP_QUERIES = frozenset({"ip", "my ip", "ip address", "my ip address", "what is my ip", "whats my ip",
                        "what's my ip", "what is my ip address"})  # fmt: skip
AGENT_QUERIES = frozenset({"user-agent", "user agent", "useragent", "my user agent", "my user-agent",
                           "what is my user agent", "what's my user agent"})  # fmt: skip
IP_TEXT = N_("Your IP address is %(address)s")
AGENT_TEXT = N_("Your user agent is %(agent)s")
MAX_AGENT = 512
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


class SelfInfoPlugin(AnswerPlugin):
    id = "self_info"
    name = N_("Self information")
    description = N_('Answer "ip" with your address and "user-agent" with your browser\'s user agent.')

    def answer(self, ctx: SearchContext) -> str | None:
        query = " ".join(ctx.query.lower().rstrip("?").split())
        if len(query) > 30:
            return None
        if query in IP_QUERIES and ctx.client_ip:
            try:
                address = ipaddress.ip_address(ctx.client_ip).compressed
            except ValueError:
                return None
            return ctx.gettext(IP_TEXT) % {"address": address}
        if query in AGENT_QUERIES and ctx.user_agent:
            return ctx.gettext(AGENT_TEXT) % {"agent": _CONTROL.sub("", ctx.user_agent)[:MAX_AGENT]}
        return None
