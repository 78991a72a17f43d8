"""/api/collections (LocalAI-compatible, docs/api.md) and the page showing a passage in its document."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, render_template, request

from searx.bearer import bearer, token_valid
from searx.collections import access
from searx.collections.api import search_args
from searx.collections.errors import BadName, NotFound, TooLarge
from searx.collections.service import CollectionsService
from searx.collections.sources import entry_name as source_entry
from searx.collections.store import EntryInfo
from searx.webapp.context import services
from searx.webapp.errors import FLAT, PAGE, answers

bp = Blueprint("collections", __name__)
API = "/api/collections"
MULTIPART_SLACK = 64 * 1024  # the form's boundaries and headers around the file
MAX_QUERY = 4000  # characters of a search (only its first 32 distinct words are looked up)
MAX_RESULTS = 100
RAW_TYPES = {"pdf": "application/pdf", "html": "text/plain; charset=utf-8", "text": "text/plain; charset=utf-8",
             "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document"}


def _service(*, write: bool = False) -> CollectionsService:
    svc = services()
    if svc.collections is None:
        raise NotFound("collections are switched off on this instance")
    conf = svc.settings.collections
    access.check(_token(), conf.tokens, write=write, public=svc.settings.server.public_instance)
    return svc.collections


def _token() -> str:
    return bearer(request.headers.get("Authorization"))


def _holder() -> bool:
    return token_valid(_token(), services().settings.collections.tokens)


def _body() -> dict[str, Any]:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise BadName("expected a JSON object body")
    return data


def _entry_json(info: EntryInfo, holder: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "entry": info.name, "indexed": True, "embedded": info.chunk_count > 0 and info.embedded_count == info.chunk_count,
        "chunk_count": info.chunk_count, "embedded_count": info.embedded_count, "kind": info.kind, "size": info.size,
        "pages": info.pages}
    if info.source is not None:
        out["source"] = info.source if holder else True
    return out


@bp.get(API)
@answers(FLAT)
def list_collections() -> Response:
    svc = _service()
    names = svc.collections()
    conf = services().settings.collections
    return jsonify({"collections": names, "count": len(names), "search_mode": svc.search_mode,
                    "max_chunk_size": conf.max_chunk_size, "chunk_overlap": conf.chunk_overlap})


@bp.post(API)
@answers(FLAT)
def create() -> tuple[Response, int]:
    svc = _service(write=True)
    name = _body().get("name")
    created = svc.create(name)  # type: ignore[arg-type]  # names.collection_name checks the type
    return jsonify({"status": "ok", "name": name, "created": created}), 201 if created else 200


@bp.post(f"{API}/<name>/upload")
@answers(FLAT)
def upload(name: str) -> Response:
    svc = _service(write=True)
    svc.known(name)  # 404 (or 503) before the body is read
    limit = services().settings.collections.max_upload_bytes
    if request.content_length is not None and request.content_length > limit + MULTIPART_SLACK:
        raise TooLarge(f"the file is over the upload limit of {limit} bytes")
    request.max_content_length = limit + MULTIPART_SLACK  # a body without a length is cut off there too
    file = request.files.get("file")
    if file is None or not file.filename:
        raise BadName("expected a multipart form with a field named file")
    data = file.stream.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(f"the file is over the upload limit of {limit} bytes")
    info = svc.upload(name, file.filename, data)
    return jsonify({"status": "ok", "filename": info.name, "key": info.name, "chunk_count": info.chunk_count})


@bp.get(f"{API}/<name>/entries")
@answers(FLAT)
def entries(name: str) -> Response:
    items = _service().entries(name)
    holder = _holder()
    return jsonify({"entries": [_entry_json(i, holder) for i in items], "count": len(items)})


@bp.get(f"{API}/<name>/entries/<path:entry>")
@answers(FLAT)
def entry(name: str, entry: str) -> Response:
    svc = _service()
    info, _ = svc.entry(name, entry)
    return jsonify({"collection": name, **_entry_json(info, _holder()), "content": svc.content(name, entry)})


@bp.get(f"{API}/<name>/entries-raw/<path:entry>")
@answers(FLAT)
def entry_raw(name: str, entry: str) -> Response:
    kind, data = _service().raw(name, entry)
    return Response(data, mimetype=RAW_TYPES.get(kind, "application/octet-stream"), headers={
        "Content-Disposition": "attachment", "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox"})


@bp.post(f"{API}/<name>/search")
@answers(FLAT)
def search(name: str) -> Response:
    svc = _service()
    query, limit = search_args(_body(), max_query=MAX_QUERY, max_results=MAX_RESULTS)
    items = [r.fields() for r in svc.search(name, query, limit)]
    return jsonify({"results": items, "count": len(items), "query": query, "max_results": limit,
                    "search_mode": svc.search_mode})


@bp.delete(f"{API}/<name>/entry/delete")
@answers(FLAT)
def delete_entry(name: str) -> Response:
    svc = _service(write=True)
    entry = _body().get("entry")
    svc.delete(name, entry)  # type: ignore[arg-type]  # names.entry_name checks the type
    remaining = [i.name for i in svc.entries(name)]
    return jsonify({"status": "ok", "deleted_entry": entry, "remaining_entries": remaining,
                    "entry_count": len(remaining)})


@bp.post(f"{API}/<name>/reset")
@answers(FLAT)
def reset(name: str) -> Response:
    _service(write=True).reset(name)
    return jsonify({"status": "ok", "collection": name})


@bp.get(f"{API}/<name>/sources")
@answers(FLAT)
def sources(name: str) -> Response:
    holder = _holder()
    items = [{**({"url": src.url} if holder else {}), "update_interval": src.update_interval,
              "entry": src.entry or source_entry(src.url), "next_check": int(src.next_check), "error": src.error}
             for src in _service().sources(name)]
    return jsonify({"sources": items, "count": len(items)})


@bp.post(f"{API}/<name>/sources")
@answers(FLAT)
def add_source(name: str) -> Response:
    body = _body()
    url, minutes = _service(write=True).add_source(name, body.get("url"), body.get("update_interval"))
    return jsonify({"status": "ok", "collection": name, "url": url, "update_interval": minutes,
                    "entry": source_entry(url)})


@bp.delete(f"{API}/<name>/sources")
@answers(FLAT)
def remove_source(name: str) -> Response:
    url = _body().get("url")
    _service(write=True).remove_source(name, url)
    return jsonify({"status": "ok", "collection": name, "url": url})


@bp.get("/collections/<name>/entries/<path:entry>")
@answers(PAGE)
def entry_page(name: str, entry: str) -> str:
    info, passages = _service().entry(name, entry)
    return render_template("collection_entry.html", collection=name, info=info, passages=passages)
