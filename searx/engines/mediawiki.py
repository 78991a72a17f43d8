"""Any MediaWiki wiki through its Action API full-text search (``action=query&list=search``).

SearXNG's generic MediaWiki engine and its keys: ``base_url`` (may hold ``{language}``,
the search language's code, ``en`` for all languages), ``api_path``, ``search_type``
(``srwhat``: nearmatch, text or title), ``srenablerewrites``, ``srsort``, ``srprop``,
``timestamp_format`` and ``page_size``. A hit links to ``<base_url>wiki/<title>`` (and its
section); its last edit time is the date. In a news entry (Wikinews) the hits are news:
date and the wiki as source. Supports paging. Not supported: time range, safe search,
other ``list`` modules, infoboxes (the search API has no page extracts).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

from searx.enginelib.html_parse import json_body, locale, settings_of, strip_tags, unparsable
from searx.errors import EngineParseError

base_url = "https://{language}.wikipedia.org/"
api_path = "w/api.php"
search_type = "nearmatch"
srenablerewrites = True
srsort = "relevance"
srprop = "sectiontitle|snippet|timestamp|categorysnippet"
timestamp_format = "%Y-%m-%dT%H:%M:%SZ"
page_size = 5
categories = ["general"]
paging = True
language_support = True
timeout = 4.0
about = {"website": "https://www.mediawiki.org", "results": "JSON", "use_official_api": True}


def _site(params: dict[str, Any]) -> str:
    """The wiki's base URL with its trailing slash, ``{language}`` filled in."""
    lang = locale(params.get("language"))[0] or "en"
    url = str(settings_of(params)["base_url"])
    return (url.replace("{language}", lang) if "{language}" in url else url).rstrip("/") + "/"


def request(query: str, params: dict[str, Any]) -> None:
    conf = settings_of(params)
    size = int(conf.get("page_size") or page_size)
    args: dict[str, Any] = {
        "action": "query", "list": "search", "format": "json", "srsearch": query,
        "sroffset": (params["pageno"] - 1) * size, "srlimit": size, "srwhat": conf.get("search_type"),
        "srprop": conf.get("srprop"), "srsort": conf.get("srsort"),
    }
    if conf.get("srenablerewrites") not in (False, 0, "0", "false", None):
        args["srenablerewrites"] = "1"
    params["url"] = f"{_site(params)}{str(conf.get('api_path') or api_path).lstrip('/')}?{urlencode(args)}"


def _date(value: Any, fmt: str) -> str | None:
    try:
        return datetime.strptime(str(value), fmt).isoformat()
    except (TypeError, ValueError):
        return None


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "mediawiki")
    if not isinstance(data, dict):
        raise unparsable(resp, "mediawiki: not an API answer")
    if isinstance(data.get("error"), dict):
        raise EngineParseError(f"mediawiki: API error {str(data['error'].get('code', ''))[:60]}")
    hits = (data.get("query") or {}).get("search")
    if hits is None:
        raise unparsable(resp, "mediawiki: no query.search list")
    params = resp.search_params
    engine, site = params["engine"], _site(params)
    news = "news" in engine.categories
    fmt = str(settings_of(params).get("timestamp_format") or timestamp_format)
    results = []
    for hit in hits:
        snippet = str(hit.get("snippet") or "") if isinstance(hit, dict) else ""
        if not isinstance(hit, dict) or not hit.get("title") or snippet.startswith("#REDIRECT"):
            continue
        title, section = str(hit["title"]), str(hit.get("sectiontitle") or "")
        url = f"{site}wiki/{quote(title.replace(' ', '_'), safe='/:()_,')}"
        if section:
            url += "#" + quote(section.replace(" ", "_"))
            title += " / " + section
        item = {"url": url, "title": title, "content": strip_tags(snippet),
                "metadata": strip_tags(str(hit.get("categorysnippet") or "")),
                "publishedDate": _date(hit.get("timestamp"), fmt)}
        if news:
            item["source"] = urlsplit(site).hostname or ""
        results.append(item)
    return results
