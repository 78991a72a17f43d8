"""GitHub repository search through the public REST API (no token is sent).

Supports paging (``page``). Not supported: language, safe search and time
range. Unauthenticated calls are limited to a few per minute per IP; GitHub
answers 403/429 then, which the runner reports as blocked and cools down.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from searx.enginelib.html_parse import base_url as _base_url
from searx.errors import EngineParseError

base_url = "https://api.github.com"
categories = ["it", "repos"]
paging = True
timeout = 4.0
about = {"website": "https://github.com", "results": "JSON", "use_official_api": True}

_PAGE_SIZE = 10


def request(query: str, params: dict[str, Any]) -> None:
    args = {"q": query, "sort": "stars", "order": "desc", "per_page": _PAGE_SIZE, "page": params["pageno"]}
    params["url"] = f"{_base_url(params)}/search/repositories?{urlencode(args)}"
    params["headers"]["Accept"] = "application/vnd.github+json"


def _content(repo: dict[str, Any]) -> str:
    facts = [repo.get("language") or "", f"★ {repo.get('stargazers_count', 0)}",
             ((repo.get("license") or {}).get("spdx_id") or "")]
    head = " · ".join(f for f in facts if f and f != "NOASSERTION")
    return f"{head} — {repo['description']}" if repo.get("description") else head


def response(resp: Any) -> list[dict[str, Any]]:
    try:
        data = resp.json()
        items = data["items"]
    except (ValueError, KeyError, TypeError) as exc:
        raise EngineParseError("GitHub answered without a repository list") from exc
    results: list[dict[str, Any]] = []
    for repo in items:
        if not repo.get("html_url"):
            continue
        results.append({
            "url": repo["html_url"],
            "title": repo.get("full_name") or repo.get("name", ""),
            "content": _content(repo),
            "publishedDate": repo.get("pushed_at") or repo.get("updated_at"),
            "thumbnail": (repo.get("owner") or {}).get("avatar_url", ""),
            "tags": list(repo.get("topics") or []),
        })
    if results and isinstance(data.get("total_count"), int):
        results.append({"number_of_results": data["total_count"]})
    return results
