"""Docker Hub images through its search API (``/api/search/v3/catalog/search``, SearXNG's URL).

Package results (``packages.html``): name, publisher, architectures as tags, pulls and
stars as popularity, logo, last update. Reads both shapes the API has had: the v3
catalog's ``rate_plans`` (pull count, architectures) and the v4 fields (``pull_count``,
``architectures``, ``badge``). Official images link to ``/_/<name>``, the others to
``/r/<slug>``. Supports paging. Not supported: language, time range, safe search, the
API's filters (official images only, architectures, operating systems).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body, settings_of, unparsable

base_url = "https://hub.docker.com"
page_size = 10
categories = ["it", "packages"]
paging = True
timeout = 4.0
about = {"website": "https://hub.docker.com", "results": "JSON", "use_official_api": True}

_OFFICIAL = ("official", "store")


def request(query: str, params: dict[str, Any]) -> None:
    size = int(settings_of(params).get("page_size") or page_size)
    args = {"query": query, "from": size * (params["pageno"] - 1), "size": size}
    params["url"] = f"{_base_url(params)}/api/search/v3/catalog/search?{urlencode(args)}"


def _names(values: Any) -> list[str]:
    return [str(v.get("name")) for v in values or [] if isinstance(v, dict) and v.get("name")]


def _package(item: dict[str, Any], base: str) -> dict[str, Any] | None:
    name, slug = str(item.get("name") or ""), str(item.get("slug") or item.get("name") or "")
    if not name or not slug:
        return None
    official = item.get("source") in _OFFICIAL or item.get("badge") == "official"
    pulls, architectures = item.get("pull_count"), _names(item.get("architectures"))
    for plan in item.get("rate_plans") or []:
        if not isinstance(plan, dict):
            continue
        repositories = [r for r in plan.get("repositories") or [] if isinstance(r, dict)]
        pulls = pulls or (repositories[0].get("pull_count") if repositories else None)
        architectures += [a for a in _names(plan.get("architectures")) if a not in architectures]
    popularity = [f"{pulls} pulls"] if pulls else []
    popularity.append(f"{item.get('star_count') or 0} stars")
    logo: dict[str, Any] = item["logo_url"] if isinstance(item.get("logo_url"), dict) else {}
    publisher: dict[str, Any] = item["publisher"] if isinstance(item.get("publisher"), dict) else {}
    return {
        "template": "packages.html",
        "url": f"{base}/_/{slug}" if official else f"{base}/r/{slug}",
        "title": name,
        "content": str(item.get("short_description") or ""),
        "thumbnail": logo.get("large") or logo.get("small") or "",
        "package_name": name,
        "maintainer": str(publisher.get("name") or ""),
        "publishedDate": item.get("updated_at") or item.get("created_at"),
        "popularity": ", ".join(popularity),
        "tags": architectures,
    }


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "docker_hub")
    if not isinstance(data, dict) or not isinstance(data.get("results", []), list):
        raise unparsable(resp, "docker_hub: no results list")
    if "results" not in data and "total" not in data:
        raise unparsable(resp, "docker_hub: neither results nor total in the answer")
    base = _base_url(resp.search_params)
    packages = (_package(item, base) for item in data.get("results") or [] if isinstance(item, dict))
    return [p for p in packages if p is not None]
