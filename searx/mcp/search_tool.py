"""``web_search``: the instance's own search (general engines, its merge), bounded and labelled.

Arguments are checked here, the search runs through the ``SearchRunner``, and
the answer is cut to the bounds below; an empty list is a success only when
no engine failed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, get_args
from urllib.parse import urlsplit

import searx.args as a
from searx.engines import Engine
from searx.errors import BadRequest
from searx.mcp.output import ToolOutput, refusal
from searx.mcp.text import cut, cut_bytes, one_line, utf8_len
from searx.plugins import PluginManager
from searx.plugins.tracker_url_remover import clean_url
from searx.preferences import Pref, Preferences
from searx.results.search import TIME_RANGES, EngineReport, Outcome, SearchOutcome, SearchQuery
from searx.search.request import Ask, build_query, search_language
from searx.search.runner import SearchRunner
from searx.search.start import from_cache, start_search
from searx.settings import Settings

MAX_QUERY = 400
MAX_TITLE = 500
MAX_SNIPPET = 4000
BUDGET = 64 * 1024
SNIPPET_CUT = "[snippet truncated; use web_fetch for full source]"
TITLE_CUT = "…"
BEGIN = "[BEGIN UNTRUSTED WEB SEARCH RESULTS]"
END = "[END UNTRUSTED WEB SEARCH RESULTS]"
ARGUMENTS = ("query", "max_results", "freshness", "site", "domains", "exclude_domains", "language")

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "maxLength": MAX_QUERY,
                  "description": "What to search for; quotes and site: operators are kept as written"},
        "max_results": {"type": "integer", "minimum": 1, "maximum": 10, "default": 5},
        "freshness": {"type": "string", "enum": list(TIME_RANGES), "description": "Only results from the last day, week, month or year"},
        "site": {"type": "string", "description": "Only results from this host name (subdomains included)"},
        "domains": {"type": "array", "items": {"type": "string"}, "maxItems": a.MAX_HOSTS,
                    "description": "Only results from these host names (subdomains included)"},
        "exclude_domains": {"type": "array", "items": {"type": "string"}, "maxItems": a.MAX_HOSTS,
                            "description": "No results from these host names (subdomains included)"},
        "language": {"type": "string", "description": "Search language code: en, en-US or all"},
    },
    "required": ["query"],
    "additionalProperties": False,
}
OUTPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["instance", "results", "engines"],
    "properties": {
        "instance": {"type": "string"},
        "results": {"type": "array", "items": {
            "type": "object", "required": ["title", "url", "snippet", "engines"],
            "properties": {"title": {"type": "string"}, "url": {"type": "string"}, "snippet": {"type": "string"},
                           "engines": {"type": "array", "items": {"type": "string"}}}}},
        "engines": {"type": "array", "items": {
            "type": "object", "required": ["name", "outcome", "results"],
            "properties": {"name": {"type": "string"}, "results": {"type": "integer"}, "reason": {"type": "string"},
                           "outcome": {"enum": list(get_args(Outcome))}}}},
    },
}
DESCRIPTION = ("Search the web through this searx-ai instance (its own engines and ranking). Returns numbered "
               "results (title, URL, snippet) between untrusted-content markers, and which engines answered or "
               "failed. An error means the engines failed; it is not a statement that the web has no answer.")


class Backend(Protocol):
    """What the search needs from the instance's services."""

    settings: Settings
    engines: dict[str, Engine]
    runner: SearchRunner
    plugins: PluginManager
    pref_defs: dict[str, Pref]
    locked: tuple[str, ...]


@dataclass(frozen=True)
class SearchArgs:
    query: str
    max_results: int = 5
    time_range: str | None = None
    site: str | None = None
    domains: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    language: str = "all"


def parse(args: Mapping[str, Any]) -> SearchArgs:
    """Checked arguments; ``ArgumentError`` names the first bad one."""
    a.only(args, ARGUMENTS)
    query = a.text(args, "query", max_len=MAX_QUERY, required=True)
    assert query is not None
    language = a.text(args, "language", max_len=20) or "all"
    try:
        language = search_language(language)
    except BadRequest:
        raise a.ArgumentError("language", f"expected a language code like en or en-US, or all (got {language!r})") from None
    return SearchArgs(
        query=query, max_results=a.integer(args, "max_results", 5, 1, 10),
        time_range=a.choice(args, "freshness", TIME_RANGES), site=a.host(args, "site"),
        domains=a.hosts(args, "domains"), exclude=a.hosts(args, "exclude_domains"), language=language,
    )


def search_query(args: SearchArgs, backend: Backend) -> SearchQuery:
    """The general search of this instance's default engines, the query kept as written."""
    query = args.query
    only = args.site or (args.domains[0] if len(args.domains) == 1 else None)
    if only and f"site:{only}" not in query.lower():
        query = f"{query} site:{only}"
    ask = Ask(categories=("general",), language=args.language, safesearch=backend.settings.search.safe_search,
              time_range=args.time_range)
    return build_query(query, backend.engines, ask, Preferences(backend.pref_defs, backend.locked), syntax=False)


def cached(sq: SearchQuery, backend: Backend) -> bool:
    """Whether the search cache answers ``sq`` (started as ``run`` starts it)."""
    return from_cache(backend.runner, backend.plugins, sq, fmt="mcp", secret_key=backend.settings.server.secret_key)


def run(sq: SearchQuery, backend: Backend) -> SearchOutcome:
    """The search as the web starts it, with the instance's default plugins and no user preferences."""
    return start_search(backend.runner, backend.plugins, sq, fmt="mcp", secret_key=backend.settings.server.secret_key)


# --- the answer -----------------------------------------------------------------

_HTTP = re.compile(r"HTTP (\d{3})")


def plain_reason(report: EngineReport) -> str:
    """Why an engine gave nothing, in words a model can repeat."""
    code = _HTTP.search(report.detail or "")
    if report.outcome == "challenged":
        return "challenged by a bot check"
    if report.outcome == "blocked":
        return f"blocked ({code.group(1)})" if code else f"blocked ({report.reason})"
    if report.outcome == "timeout":
        return "timed out"
    if report.outcome == "suspended":
        return "suspended for now (" + report.reason.removeprefix("Suspended: ") + ")"
    return f"{report.reason} ({code.group(1)})" if code and code.group(1) not in report.reason else report.reason


def _allowed(url: str, args: SearchArgs) -> bool:
    host = (urlsplit(url).hostname or "") if url else ""
    wanted = ((args.site,) if args.site else ()) + args.domains
    if wanted and not a.within(host, wanted):
        return False
    return not (args.exclude and a.within(host, args.exclude))


def _items(outcome: SearchOutcome, args: SearchArgs) -> list[dict[str, Any]]:
    items = []
    for r in outcome.results.results:
        url = clean_url(r.url)
        if not _allowed(url, args):
            continue
        items.append({"title": cut(one_line(r.title), MAX_TITLE, TITLE_CUT) or url, "url": one_line(url),
                      "snippet": cut(one_line(r.content), MAX_SNIPPET, SNIPPET_CUT),
                      "engines": list(r.engines or [r.engine])})
        if len(items) == args.max_results:
            break
    return items


def _block(n: int, item: dict[str, Any]) -> str:
    head = f"{n}. {item['title']}\n{item['url']}"
    return f"{head}\n{item['snippet']}" if item["snippet"] else head


def _body(items: list[dict[str, Any]]) -> str:
    return "\n\n".join(_block(i, item) for i, item in enumerate(items, 1))


def fit(items: list[dict[str, Any]], budget: int = BUDGET) -> list[dict[str, Any]]:
    """Shorten lower-ranked snippets first, then drop whole results from the bottom, until ≤ budget bytes."""
    items = [dict(item) for item in items]
    excess = utf8_len(_body(items)) - budget
    for item in reversed(items):
        if excess <= 0:
            return items
        size = utf8_len(item["snippet"])
        item["snippet"] = cut_bytes(item["snippet"], max(0, size - excess), SNIPPET_CUT)
        excess -= size - utf8_len(item["snippet"])
    while items and utf8_len(_body(items)) > budget:
        items.pop()
    return items


def _first_line(instance: str, shown: int, reports: list[EngineReport], failed: list[EngineReport]) -> str:
    answered = [r.name for r in reports if r.answered]
    line = f"{instance} web search: {shown} result{'s' if shown != 1 else ''}"
    line += f"; engines that answered: {', '.join(answered) if answered else 'none'}"
    if failed:
        line += "; failed: " + "; ".join(f"{r.name}: {plain_reason(r)}" for r in failed)
    return line


def render(outcome: SearchOutcome, args: SearchArgs, instance: str) -> ToolOutput:
    """The tool answer by the honesty rules: results, ``No results.``, or an error naming the failures."""
    failed = [r for r in outcome.reports if not r.answered]
    engines = [{"name": r.name, "outcome": r.outcome, "results": r.results,
                **({"reason": plain_reason(r)} if not r.answered else {})}
               for r in outcome.reports]
    items = fit(_items(outcome, args))
    data: dict[str, Any] = {"instance": instance, "results": items, "engines": engines}
    if not outcome.reports:
        return refusal(f"{instance}: no engine of this instance could run this search"
                       + (" (none supports freshness)" if args.time_range else ""), **data)
    if not items and failed:
        reasons = "; ".join(f"{r.name}: {plain_reason(r)}" for r in failed)
        return refusal(f"{instance}: no results, and engines failed: {reasons}. "
                       "An empty list from failed engines says nothing about the web.", **data)
    first = _first_line(instance, len(items), outcome.reports, failed)
    if not items:
        return ToolOutput(f"{first}\nNo results.", data)
    return ToolOutput(f"{first}\n{BEGIN}\n{_body(items)}\n{END}", data)
