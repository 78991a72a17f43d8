"""The request side shared by the generic engines (json_engine, xpath).

``search_url`` (and ``request_body``) may hold ``{query}``, ``{pageno}``,
``{lang}``, ``{time_range}`` and ``{safe_search}``, as in SearXNG (whose
defaults these are: ``{lang}`` is the language code without region, the
entry's ``language`` when it has one; ``time_range_url`` is ``&hours=...``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import quote_plus

import lxml.html

DEFAULT_TIME_RANGE_MAP = {"day": 24, "week": 24 * 7, "month": 24 * 30, "year": 24 * 365}
DEFAULT_TIME_RANGE_URL = "&hours={time_range_val}"
DEFAULT_SAFE_SEARCH_MAP = {0: "&filter=none", 1: "&filter=moderate", 2: "&filter=strict"}


def check(conf: Mapping[str, Any]) -> None:
    """Settings checks shared by the generic engines (raise ValueError)."""
    if not isinstance(conf.get("search_url"), str) or not conf["search_url"]:
        raise ValueError("search_url: required, a URL with {query}")
    if conf.get("method", "GET").upper() not in ("GET", "POST"):
        raise ValueError("method: GET or POST")


def variables(query: str, params: Mapping[str, Any], conf: Mapping[str, Any]) -> dict[str, Any]:
    page_size = int(conf.get("page_size", 1))
    first = int(conf.get("first_page_num", 1))
    time_range = ""
    if params.get("time_range") and conf.get("time_range_support"):
        value = (conf.get("time_range_map") or DEFAULT_TIME_RANGE_MAP).get(params["time_range"], "")
        template = conf.get("time_range_url", DEFAULT_TIME_RANGE_URL)
        time_range = template.format(time_range_val=value) if value != "" else ""
    safe: Any = ""
    if conf.get("safe_search_support") or conf.get("safesearch"):
        safe_map: Mapping[Any, Any] = conf.get("safe_search_map") or DEFAULT_SAFE_SEARCH_MAP
        level = params.get("safesearch", 0)
        safe = safe_map.get(level, safe_map.get(str(level), ""))
    lang = conf.get("language") or params.get("language") or "all"
    lang = conf.get("lang_all", "en") if lang == "all" else str(lang).split("-")[0]
    pageno: Any = (params.get("pageno", 1) - 1) * page_size + first if conf.get("paging") else first
    if params.get("pageno", 1) == 1 and conf.get("send_page_num_on_first_page") is False:
        pageno = ""
    return {
        "query": quote_plus(query),
        "pageno": pageno,
        "lang": lang,
        "time_range": time_range,
        "safe_search": safe,
    }


def fill(query: str, params: dict[str, Any], conf: Mapping[str, Any]) -> None:
    """Set url, method, headers, cookies and body in ``params`` from the settings."""
    values = variables(query, params, conf)
    params["url"] = conf["search_url"].format(**values)
    params["method"] = conf.get("method", "GET").upper()
    params["headers"].update(conf.get("headers") or {})
    params["cookies"].update(conf.get("cookies") or {})
    body = conf.get("request_body")
    if params["method"] == "POST" and body:
        params["data"] = None
        params["content"] = body.format(**values)
    params["allow_redirects"] = bool(conf.get("allow_redirects", conf.get("soft_max_redirects", 0)))
    # statuses that mean "nothing found" for this site (e.g. 404), not an error (the runner reads it)
    params["no_result_for_http_status"] = tuple(conf.get("no_result_for_http_status") or ())


def html_to_text(html: str) -> str:
    """Visible text of an HTML fragment, whitespace folded."""
    if not html or ("<" not in html and "&" not in html):
        return " ".join(html.split())
    try:
        return " ".join(lxml.html.fragment_fromstring(html, create_parent="div").text_content().split())
    except (ValueError, lxml.etree.ParserError):
        return " ".join(html.split())
