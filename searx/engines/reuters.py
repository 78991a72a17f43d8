"""Reuters news through the JSON its own search page loads (``/pf/api/v3/content/fetch/articles-by-search-v2``).

Supports paging (``offset``, ``results_per_page`` a page), time range
(``start_date``) and the sort order (``sort_order``: ``relevance``,
``display_date:desc`` or ``display_date:asc``). Thumbnails are asked from
Reuters' resizer at 80 px high. Reuters' DataDome captcha (HTTP 401/403 with a
captcha-delivery.com answer) is a bot check. Not supported: language, region
and safe search (the API has none).
"""

from __future__ import annotations

import datetime
import json
from typing import Any
from urllib.parse import quote_plus

from searx.enginelib import time_range
from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body
from searx.errors import EngineCaptcha, EngineParseError
from searx.upstream.bot_checks import challenge_marker
from searx.upstream.status import check_status

base_url = "https://www.reuters.com"
categories = ["news"]
paging = True
time_range_support = True
safesearch = False
language_support = False
timeout = 3.0
results_per_page = 20
sort_order = "relevance"  # or display_date:desc, display_date:asc
about = {"website": "https://www.reuters.com", "results": "JSON", "use_official_api": False}


def request(query: str, params: dict[str, Any]) -> None:
    conf = params["engine"].settings
    size = int(conf.get("results_per_page") or results_per_page)
    args: dict[str, Any] = {"keyword": query, "offset": (params["pageno"] - 1) * size,
                            "orderby": conf.get("sort_order") or sort_order, "size": size, "website": "reuters"}
    if (since := time_range.start_time(params, month=30)) is not None:
        args["start_date"] = datetime.datetime.fromtimestamp(since, datetime.UTC).isoformat()
    params["raise_for_httperror"] = False  # DataDome answers 401 with its captcha
    params["url"] = (f"{_base_url(params)}/pf/api/v3/content/fetch/articles-by-search-v2"
                     f"?query={quote_plus(json.dumps(args))}")


def _thumbnail(picture: Any, height: int = 80) -> str:
    """The resizer URL of an article's picture at ``height`` px (the full picture weighs megabytes)."""
    url = str(picture.get("resizer_url") or "") if isinstance(picture, dict) else ""
    return f"{url}&height={height}" if url else ""


def response(resp: Any) -> list[dict[str, Any]]:
    if resp.status_code in (401, 403) and challenge_marker(resp.content, resp.headers):
        raise EngineCaptcha("Reuters DataDome captcha")
    check_status(resp)
    body = json_body(resp, "reuters")
    if not isinstance(body, dict) or ("result" not in body and "statusCode" not in body):
        raise EngineParseError("reuters: the answer has no result")
    base = _base_url(resp.search_params)
    results = []
    for article in (body.get("result") or {}).get("articles") or []:
        if not isinstance(article, dict) or not article.get("canonical_url"):
            continue
        results.append({
            "url": base + str(article["canonical_url"]),
            "title": str(article.get("web") or article.get("title") or ""),
            "content": str(article.get("description") or ""),
            "thumbnail": _thumbnail(article.get("thumbnail")),
            "metadata": str((article.get("kicker") or {}).get("name") or ""),
            "publishedDate": article.get("display_time") or article.get("published_time"),
            "source": "Reuters",
        })
    return results
