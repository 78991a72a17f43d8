"""Wolfram|Alpha through the JSON its own web page loads (``/input/json.jsp``), no API key.

The page's requests carry a ``proxycode`` token, which the runner fetches from
``/input/api/v1/code`` and caches for ``token_ttl`` seconds (Wolfram|Alpha
renews it about hourly; docs/dev/engines.md, Tokens). An answer comes out as
an infobox (the interpretation of the input as its title, each pod's
plain text as an attribute, the first picture pod as its image) and one
result linking to the Wolfram|Alpha page. A query it does not understand
(``success: false``) gives nothing. Not supported: paging, language, time
range, safe search, assumptions ("did you mean") and interactive pods.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import unparsable
from searx.errors import EngineParseError

base_url = "https://www.wolframalpha.com"
categories = ["general"]
paging = False
time_range_support = False
safesearch = False
language_support = False
timeout = 6.0
token_ttl = 3600.0
about = {"website": "https://www.wolframalpha.com/", "results": "JSON", "use_official_api": False}

# pods whose picture says more than their text
_IMAGE_PODS = {"VisualRepresentation", "Illustration", "Symbol"}


def token_scope(query: str, params: dict[str, Any]) -> str:
    return ""  # one proxycode for every query


def token_request(query: str, params: dict[str, Any]) -> None:
    params["url"] = f"{_base_url(params)}/input/api/v1/code?ts=9999999999999999999"


def token_response(resp: Any) -> str:
    try:
        code = resp.json().get("code")
    except (ValueError, AttributeError):
        code = None
    if not isinstance(code, str) or not code:
        raise unparsable(resp, "wolframalpha_noapi: no code in the token answer")
    return code


def page_url(params: dict[str, Any], query: str) -> str:
    return f"{_base_url(params)}/input/?{urlencode({'i': query})}"


def request(query: str, params: dict[str, Any]) -> None:
    args = {"async": "false", "banners": "raw", "debuggingdata": "false",
            "format": "image,plaintext,imagemap,minput,moutput", "formattimeout": "2", "input": query,
            "output": "JSON", "parsetimeout": "2", "proxycode": params.get("token") or "", "scantimeout": "0.5",
            "sponsorcategories": "true", "statemethod": "deploybutton"}
    params["headers"]["Referer"] = page_url(params, query)
    params["url"] = f"{_base_url(params)}/input/json.jsp?{urlencode(args)}"


def response(resp: Any) -> list[dict[str, Any]]:
    try:
        result = resp.json()["queryresult"]
    except (ValueError, KeyError, TypeError) as exc:
        raise unparsable(resp, "wolframalpha_noapi: no queryresult in the answer") from exc
    if not isinstance(result, dict):
        raise EngineParseError("wolframalpha_noapi: queryresult is not an object")
    if not result.get("success"):
        return []
    title, content, image = "", "", ""
    attributes = []
    for pod in result.get("pods") or []:
        subpods = pod.get("subpods") if isinstance(pod, dict) else None
        if not subpods:
            continue
        pod_id, pod_title = pod.get("id", ""), pod.get("title", "")
        if pod_id == "Input" or not title:
            title = subpods[0].get("plaintext") or title
        for sub in subpods:
            text = sub.get("plaintext") or ""
            if text and pod_id not in _IMAGE_PODS:
                if text != "(requires interactivity)":
                    attributes.append({"label": pod_title, "value": text})
                if pod_id != "Input" and (pod.get("primary") or not content):
                    content = f"{pod_title}: {text}"
            elif not image and isinstance(sub.get("img"), dict):
                image = sub["img"].get("src") or ""
    if not attributes:
        return []
    url = page_url(resp.search_params, resp.search_params["query"])
    return [
        {"infobox": title, "id": url, "content": content, "img_src": image, "attributes": attributes,
         "urls": [{"title": "Wolfram|Alpha", "url": url}]},
        {"url": url, "title": f"Wolfram|Alpha ({title})", "content": content},
    ]
