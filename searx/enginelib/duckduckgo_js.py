"""What DuckDuckGo's engines share: the ``vqd`` token, the safe-search value, and the JSON endpoints of
the images, videos and news tabs.

DuckDuckGo's own page loads images from ``/i.js``, videos from ``/v.js`` and news from ``/news.js``
with the ``vqd`` of the query's result page (``/?q=``), which ties the token
to the query (and the User-Agent, which stays the same). The runner caches
the token per query and region in the store (see docs/dev/engines.md, Tokens).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body
from searx.enginelib.locales import region_of
from searx.errors import EngineCaptcha, EngineParseError

_VQD = re.compile(rb"""vqd\s*[=:]\s*["']?([0-9][0-9-]{4,})""")
_CHALLENGE = (b'id="challenge-form"', b"anomaly-modal", b"/anomaly.js")
_SAFE = {0: "-2", 1: "-1", 2: "1"}  # off, moderate, strict


def safe_search(params: dict[str, Any]) -> str:
    """DuckDuckGo's safe-search value (``kp`` for the web, ``p`` for images, videos and news)."""
    return _SAFE.get(params.get("safesearch", 0), "-1")


def token_scope(query: str, params: dict[str, Any]) -> str:
    return f"{region_of(params.get('language'))}//{query}"  # a vqd holds for one query in one region


def token_request(query: str, params: dict[str, Any], tab: str) -> None:
    """The result page DuckDuckGo's own script reads the vqd from (``ia``: the tab)."""
    params["url"] = f"{_base_url(params)}/?{urlencode({'q': query, 'ia': tab, 'iax': tab})}"


def token_response(resp: Any) -> str:
    head = resp.content[:262144]
    found = _VQD.search(head)
    if found:
        return found.group(1).decode()
    if any(marker in head for marker in _CHALLENGE):
        raise EngineCaptcha("DuckDuckGo anomaly challenge on the token page")
    return ""  # DuckDuckGo gives no vqd for some queries: nothing to ask then


def request(query: str, params: dict[str, Any], path: str, extra: dict[str, str]) -> None:
    if len(query) >= 500 or not params.get("token"):
        params["url"] = None  # no vqd: asking anyway is what bots do
        return
    kl = region_of(params.get("language"))
    args = {"q": query, "o": "json", "l": kl, "vqd": params["token"], "p": safe_search(params),
            **extra}
    params["cookies"].update(l=kl, ah=kl, p=args["p"])
    base = _base_url(params)
    params["headers"].update({"Referer": base + "/", "Accept": "application/json, text/javascript, */*; q=0.01",
                              "X-Requested-With": "XMLHttpRequest"})
    params["url"] = f"{base}/{path}?{urlencode(args)}"


def results_of(resp: Any) -> list[dict[str, Any]]:
    """The ``results`` list of an i.js/news.js answer (EngineParseError when it is not one)."""
    data = json_body(resp, "duckduckgo_extra", bot_pages=False)
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        raise EngineParseError("DuckDuckGo's answer has no results list")
    return [r for r in data["results"] if isinstance(r, dict)]
