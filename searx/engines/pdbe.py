"""PDBe (Protein Data Bank in Europe): structures through its Solr search (``/pdbe/search/pdb/select``).

A form POST (``q``, ``wt=json``) as SearXNG sends it; each released entry is a
result linking to its PDBe page, with its citation as the snippet and its
structure picture as the thumbnail. Entries not yet released (``HPUB``,
``HOLD``, …) are left out; an obsolete one says which entry supersedes it
(``hide_obsolete: true`` leaves those out too). Not supported: paging,
language, safe search and time range.
"""

from __future__ import annotations

from typing import Any

from searx.enginelib.html_parse import base_url as _base_url
from searx.enginelib.html_parse import json_body, squash
from searx.errors import EngineParseError

base_url = "https://www.ebi.ac.uk"
categories = ["science"]
timeout = 3.0
hide_obsolete = False
about = {"website": "https://www.ebi.ac.uk/pdbe", "results": "JSON", "use_official_api": True,
         "official_api_documentation": "https://www.ebi.ac.uk/pdbe/api/doc/search.html"}

# status codes of entries that are not released
UNPUBLISHED = frozenset({"HPUB", "HOLD", "PROC", "WAIT", "AUTH", "AUCO", "REPL", "POLC", "REFI", "TRSF", "WDRN"})
_ENTRY = "https://www.ebi.ac.uk/pdbe/entry/pdb/{}"
_PICTURE = "https://www.ebi.ac.uk/pdbe/static/entry/{}_deposited_chain_front_image-200x200.png"


def request(query: str, params: dict[str, Any]) -> None:
    params["url"] = f"{_base_url(params)}/pdbe/search/pdb/select?"
    params["method"] = "POST"
    params["data"] = {"q": query, "wt": "json"}


def _one(value: Any) -> str:
    """A Solr field as text (multi-valued fields give their first value)."""
    if isinstance(value, list):
        value = value[0] if value else ""
    return squash(str(value)) if value is not None else ""


def _citation(doc: dict[str, Any]) -> str:
    """"Citation title - first author Journal (volume) pages (year)", as SearXNG writes it."""
    title = _one(doc.get("citation_title"))
    if not title:
        return ""
    journal = _one(doc.get("journal"))
    if journal:
        tail = f"{journal} ({_one(doc.get('journal_volume'))}) {_one(doc.get('journal_page'))} ({_one(doc.get('citation_year'))})"
    else:
        tail = f"({_one(doc.get('release_year'))})"
    return squash(f"{title} - {_one(doc.get('entry_author_list'))} {tail}")


def _result(doc: dict[str, Any], hide: bool) -> dict[str, Any] | None:
    pdb_id, status = _one(doc.get("pdb_id")).lower(), _one(doc.get("status"))
    if not pdb_id.isalnum() or status in UNPUBLISHED:
        return None
    if status == "OBS":
        successor = _one(doc.get("superseded_by")).lower()
        if hide or not successor.isalnum():
            return None
        return {"url": _ENTRY.format(pdb_id), "title": f"{_one(doc.get('title'))} (OBSOLETE)",
                "content": f"This entry has been superseded by {_ENTRY.format(successor)} ({successor})"}
    return {"url": _ENTRY.format(pdb_id), "title": _one(doc.get("title")), "content": _citation(doc),
            "thumbnail": _PICTURE.format(pdb_id)}


def response(resp: Any) -> list[dict[str, Any]]:
    data = json_body(resp, "pdbe", bot_pages=False)
    docs = (data.get("response") or {}).get("docs") if isinstance(data, dict) else None
    if not isinstance(docs, list):
        raise EngineParseError("PDBe's answer has no response.docs list")
    hide = bool(resp.search_params["engine"].settings.get("hide_obsolete"))
    return [r for doc in docs if isinstance(doc, dict) and (r := _result(doc, hide))]
