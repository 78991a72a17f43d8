"""Generic HTML engine configured with XPath expressions (SearXNG's keys)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urljoin

import lxml.etree
import lxml.html

from searx.enginelib.url_template import check, fill
from searx.errors import EngineParseError

categories = ["general"]
paging = False
time_range_support = False
safesearch = False
search_url = ""
method = "GET"
results_xpath = ""
url_xpath = ""
title_xpath = ""
content_xpath = ""
thumbnail_xpath = ""
suggestion_xpath = ""
page_size = 1
first_page_num = 1
about = {"results": "HTML", "wikidata_id": None, "official_api_documentation": None, "use_official_api": False}


def init(conf: Mapping[str, Any]) -> None:
    check(conf)
    for key in ("url_xpath", "title_xpath"):
        if not conf.get(key):
            raise ValueError(f"{key}: required")
    for key in ("results_xpath", "url_xpath", "title_xpath", "content_xpath", "thumbnail_xpath", "suggestion_xpath"):
        if conf.get(key):
            try:
                lxml.etree.XPath(conf[key])
            except lxml.etree.XPathSyntaxError as exc:
                raise ValueError(f"{key}: not a valid XPath expression ({exc})") from exc


def _text(nodes: Any) -> str:
    if isinstance(nodes, str):
        return " ".join(nodes.split())
    if not isinstance(nodes, list):
        return "" if nodes is None else str(nodes)
    parts = []
    for node in nodes:
        parts.append(node.text_content() if hasattr(node, "text_content") else str(node))
    return " ".join(" ".join(parts).split())


def _url(nodes: Any, base: str) -> str:
    if isinstance(nodes, list):
        if not nodes:
            return ""
        node = nodes[0]
        value = node.get("href", "") if hasattr(node, "get") else str(node)
    else:
        value = str(nodes or "")
    value = value.strip()
    return urljoin(base, value) if value else ""


def request(query: str, params: dict[str, Any]) -> None:
    fill(query, params, params["engine"].settings)


def response(resp: Any) -> list[dict[str, Any]]:
    conf = resp.search_params["engine"].settings
    if not resp.content.strip():
        return []
    try:
        dom = lxml.html.fromstring(resp.content)
    except (lxml.etree.ParserError, ValueError) as exc:
        raise EngineParseError("the answer is not HTML") from exc
    base = str(resp.url)
    results: list[dict[str, Any]] = []
    if conf.get("results_xpath"):
        for node in dom.xpath(conf["results_xpath"]):
            url = _url(node.xpath(conf["url_xpath"]), base)
            if not url:
                continue
            results.append({
                "url": url,
                "title": _text(node.xpath(conf["title_xpath"])),
                "content": _text(node.xpath(conf["content_xpath"])) if conf.get("content_xpath") else "",
                "thumbnail": _url(node.xpath(conf["thumbnail_xpath"]), base) if conf.get("thumbnail_xpath") else "",
            })
    else:
        urls = dom.xpath(conf["url_xpath"])
        titles = dom.xpath(conf["title_xpath"])
        contents = dom.xpath(conf["content_xpath"]) if conf.get("content_xpath") else []
        for i, url_node in enumerate(urls):
            url = _url([url_node], base)
            if url:
                results.append({
                    "url": url,
                    "title": _text([titles[i]]) if i < len(titles) else "",
                    "content": _text([contents[i]]) if i < len(contents) else "",
                })
    if conf.get("suggestion_xpath"):
        results.extend({"suggestion": _text([s])} for s in dom.xpath(conf["suggestion_xpath"]))
    return results
