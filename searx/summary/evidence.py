"""Evidence: the top results a summary may ground on, signed so the browser cannot forge it.

The signature is the ``EVIDENCE`` signer's (``searx.signer``) over the canonical
msgspec JSON of the evidence (fields in declaration order); the expiry ``exp``
is inside the signed bytes.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from searx.errors import SearxError
from searx.results.types import ResultSet
from searx.signer import EVIDENCE, signer

VERSION = 1
MAX_TITLE = 500
MAX_SNIPPET = 4000
MAX_URL = 2048
MAX_SUGGESTIONS = 10
MAX_RELATED = 200


class Source(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    n: int
    title: str
    url: str
    snippet: str


class Evidence(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    v: int
    query: str
    lang: str
    exp: int
    sources: list[Source]
    # the engines' suggestions for the search: candidates for the answer's related questions
    related: list[str] = []


class EvidenceError(SearxError):
    """Refused evidence; ``code`` is the NDJSON error code (bad_request, bad_signature, expired)."""

    def __init__(self, code: str) -> None:
        super().__init__(code=code)


def build(results: ResultSet, query: str, lang: str, max_sources: int, exp: int, *, first: int = 1,
          related: bool = False) -> Evidence:  # fmt: skip
    """The first ``max_sources`` main results that have a snippet, in rank order, numbered from ``first``;
    ``related``: with the engines' suggestions (bounded)."""
    sources: list[Source] = []
    for result in results.results:
        if len(sources) >= max_sources:
            break
        snippet = result.content.strip()
        if not snippet or not result.url:
            continue
        sources.append(
            Source(
                n=first + len(sources),
                title=result.title.strip()[:MAX_TITLE],
                url=result.url[:MAX_URL],
                snippet=snippet[:MAX_SNIPPET],
            )
        )
    suggestions = [s.strip()[:MAX_RELATED] for s in results.suggestions[:MAX_SUGGESTIONS] if s.strip()] if related else []
    return Evidence(v=VERSION, query=query, lang=lang, exp=exp, sources=sources, related=suggestions)


def canonical(evidence: Evidence) -> bytes:
    """The bytes that are signed and digested: one encoding for one evidence."""
    return msgspec.json.encode(evidence)


def sign(evidence: Evidence, secret: bytes) -> str:
    return signer(secret, EVIDENCE).sign(canonical(evidence))


def to_dict(evidence: Evidence) -> dict[str, Any]:
    result: dict[str, Any] = msgspec.to_builtins(evidence)
    return result


def parse(data: Any) -> Evidence:
    """Type-check a decoded evidence mapping; EvidenceError("bad_request") if malformed."""
    try:
        evidence = msgspec.convert(data, Evidence, strict=True)
    except msgspec.ValidationError as exc:
        raise EvidenceError("bad_request") from exc
    if evidence.v != VERSION or len(evidence.sources) > 50 or len(evidence.related) > MAX_SUGGESTIONS:
        raise EvidenceError("bad_request")
    return evidence


def verify(data: Any, signature: Any, secret: bytes, now: float) -> Evidence:
    """The evidence if ``signature`` is ours and it has not expired; else EvidenceError."""
    evidence = parse(data)
    if not signer(secret, EVIDENCE).valid(canonical(evidence), signature):
        raise EvidenceError("bad_signature")
    if evidence.exp <= now:
        raise EvidenceError("expired")
    return evidence


def digest(evidence: Evidence) -> str:
    """What the answer depends on: query, language and sources, not the expiry.

    Pages loaded at different times carry different ``exp``; they must share
    cached answers and in-flight generations.
    """
    return hashlib.sha256(canonical(msgspec.structs.replace(evidence, exp=0))).hexdigest()
