"""Pinterest pins through the resource endpoint its own site uses (``BaseSearchResource``).

``/resource/BaseSearchResource/get/?data={"options": {"query": ...}}`` with the
headers Pinterest's web client sends (``X-Pinterest-PWS-Handler`` among them; the
endpoint refuses requests without). Stories are left out. An answer whose
``resource_response`` is a failure is reported by its status (429: too many
requests; 401 or 403: blocked), an HTML page instead of JSON as the bot check or
block page it is. Not supported: paging (a later page needs the ``bookmark`` of the
page before, per user), language, time range and safe search.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote, urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body, status_error
from searx.errors import EngineAccessDenied, EngineError, EngineParseError, EngineTooManyRequests

base_url = "https://www.pinterest.com"
categories = ["images"]
paging = False
about = {"website": "https://www.pinterest.com/", "results": "JSON", "use_official_api": False}


def request(query: str, params: dict[str, Any]) -> None:
    data = {"options": {"query": query, "bookmarks": [""]}, "context": {}}
    params["headers"].update({"X-Pinterest-AppState": "active", "X-Pinterest-Source-Url": "/ideas/",
                              "X-Pinterest-PWS-Handler": "www/ideas.js", "Accept": "application/json"})
    params["raise_for_httperror"] = False  # Pinterest's errors are JSON with their own status
    params["url"] = f"{_base_url(params)}/resource/BaseSearchResource/get/?{urlencode({'data': json.dumps(data)})}"


def _failure(answer: dict[str, Any], status: int) -> EngineError:
    code = answer.get("http_status") or status
    message = f"Pinterest {answer.get('status') or 'error'} {code}: {answer.get('message') or ''}".strip()
    if code == 429:
        return EngineTooManyRequests(message)
    if code in (401, 403):
        return EngineAccessDenied(message)
    return EngineError(message)


def response(resp: Any) -> list[dict[str, Any]]:
    if resp.status_code >= 400 and "json" not in resp.headers.get("content-type", "") and (error := status_error(resp)):
        raise error  # an error page, not Pinterest's JSON
    body = json_body(resp, "pinterest")
    answer = body.get("resource_response") if isinstance(body, dict) else None
    if not isinstance(answer, dict):
        raise status_error(resp) or EngineParseError("pinterest: no resource_response in the answer")
    if answer.get("status") != "success" or resp.status_code >= 400:
        raise _failure(answer, resp.status_code)
    results = []
    for pin in (answer.get("data") or {}).get("results") or []:
        images = (pin.get("images") or {}) if isinstance(pin, dict) else {}
        main, thumb = images.get("orig") or {}, images.get("236x") or {}
        if not main.get("url") or pin.get("type") == "story" or not pin.get("id"):
            continue
        summary, pinner, link = pin.get("rich_summary") or {}, pin.get("pinner") or {}, str(pin.get("link") or "")
        results.append({
            "template": "images.html", "url": link if link.startswith(("https://", "http://"))
            else f"{_base_url(resp.search_params)}/pin/{quote(str(pin['id']))}/",
            "title": pin.get("title") or pin.get("grid_title") or "", "content": summary.get("display_description") or "",
            "img_src": main["url"], "thumbnail_src": thumb.get("url") or main["url"],
            "resolution": f"{main['width']} x {main['height']}" if main.get("width") else "",
            "source": summary.get("site_name") or "Pinterest",
            "author": pinner.get("full_name") or pinner.get("username") or "",
        })
    return results
