"""Generic JSON engine configured from settings.yml (SearXNG's keys).

Paths (``results_query``, ``url_query``, ...) are slash-separated keys; a
list on the way is walked item by item, a number picks one item.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from searx.enginelib.html_parse import json_body
from searx.enginelib.url_template import check, fill, html_to_text
from searx.errors import EngineParseError

categories = ["general"]
paging = False
time_range_support = False
safesearch = False
timeout = None
search_url = ""
method = "GET"
results_query = ""
url_query = ""
url_prefix = ""
title_query = ""
content_query = ""
thumbnail_query = ""
thumbnail_prefix = ""
suggestion_query = ""
page_size = 1
first_page_num = 1
title_html_to_text = False
content_html_to_text = False
about = {"results": "JSON", "wikidata_id": None, "official_api_documentation": None, "use_official_api": True}


def init(conf: Mapping[str, Any]) -> None:
    check(conf)
    if not conf.get("url_query"):
        raise ValueError("url_query: required")


def query(data: Any, path: str) -> list[Any]:
    """Every value found at ``path`` (``a/b/0/c``) in ``data``."""
    if path and "/" not in path and isinstance(data, dict):  # one key of an object: most paths, once per result
        return [data[path]] if path in data else []
    found = [data]
    for key in (k for k in path.split("/") if k):
        step: list[Any] = []
        for node in found:
            if isinstance(node, dict):
                if key in node:
                    step.append(node[key])
            elif isinstance(node, list):
                if key.isdigit():
                    if int(key) < len(node):
                        step.append(node[int(key)])
                else:
                    step.extend(item[key] for item in node if isinstance(item, dict) and key in item)
        found = step
    return found


def _first(data: Any, path: str) -> Any:
    if not path:
        return None
    values = query(data, path)
    return values[0] if values else None


def _text(value: Any, to_text: bool) -> str:
    if value is None:
        return ""
    text = value if isinstance(value, str) else str(value)
    return html_to_text(text) if to_text else text.strip()


def _thumbnail(item: Any, conf: Mapping[str, Any]) -> str:
    path = _text(_first(item, conf.get("thumbnail_query") or ""), False)
    return conf.get("thumbnail_prefix", "") + path if path else ""


def request(query_text: str, params: dict[str, Any]) -> None:
    fill(query_text, params, params["engine"].settings)


def response(resp: Any) -> list[dict[str, Any]]:
    conf = resp.search_params["engine"].settings
    data = json_body(resp, "json_engine", bot_pages=False)
    if conf.get("results_query"):
        items = query(data, conf["results_query"])
        items = items[0] if len(items) == 1 and isinstance(items[0], list) else items
    else:
        items = [data] if isinstance(data, dict) else data if isinstance(data, list) else []
    if not isinstance(items, list):
        raise EngineParseError("results_query does not lead to a list")
    results: list[dict[str, Any]] = []
    for item in items:
        url = _first(item, conf["url_query"])
        if not url:
            continue
        results.append({
            "url": conf.get("url_prefix", "") + str(url),
            "title": _text(_first(item, conf.get("title_query", "")), conf.get("title_html_to_text")),
            "content": _text(_first(item, conf.get("content_query", "")), conf.get("content_html_to_text")),
            "thumbnail": _thumbnail(item, conf),
        })
    if conf.get("suggestion_query"):
        for value in query(data, conf["suggestion_query"]):
            for suggestion in value if isinstance(value, list) else [value]:
                results.append({"suggestion": str(suggestion)})
    return results
