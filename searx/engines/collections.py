"""My documents: passages of the instance's own knowledge collections (docs/admin/collections.md).

An offline engine: ``search()`` asks the collections service in-process, no
HTTP. Settings: ``collections: [names]`` (default: all). Each hit links into
the instance, to the passage in its document. Off on a public instance. Not supported:
paging, time range, safe search (the documents are the operator's own).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from searx.errors import CollectionError

engine_type = "offline"
categories = ["general", "my documents"]
paging = False
max_results = 5
about = {"website": "/api/collections", "results": "local"}
MAX_CONTENT = 600


def request(query: str, params: dict[str, Any]) -> None:
    """Nothing to fetch: the work happens in ``search()``."""


def response(resp: Any) -> list[dict[str, Any]]:
    return []


def link(collection: str, entry: str, passage: int) -> str:
    return f"/collections/{quote(collection, safe='')}/entries/{quote(entry, safe='')}#p{passage}"


def search(query: str, params: dict[str, Any]) -> list[dict[str, Any]] | None:
    """Hits as results, one per document (its best passage); None when there is nothing to search."""
    service = (params.get("local") or {}).get("collections")
    if service is None:
        return None
    conf = params["engine"].settings
    try:
        results = service.search_many(list(conf.get("collections") or []) or None, query,
                                      int(conf.get("max_results") or max_results) * 3)
    except CollectionError:  # still starting: no results this time
        return None
    out: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    for result in results:
        hit = result.hit
        if (hit.collection, hit.entry) in seen:
            continue
        seen.add((hit.collection, hit.entry))
        where = f", page {hit.page}" if hit.page else ""
        text = hit.text if len(hit.text) <= MAX_CONTENT else hit.text[:MAX_CONTENT].rsplit(" ", 1)[0] + " …"
        out.append({"url": link(hit.collection, hit.entry, hit.seq), "title": f"{hit.entry}{where} ({hit.collection})",
                    "content": text})
    return out[: int(conf.get("max_results") or max_results)]
