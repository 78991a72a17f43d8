"""Merge results across engines and score them (pure functions).

Two results are the same when their URLs match ignoring the scheme, a
``www.`` prefix, a trailing slash, the fragment and tracking parameters.
Score as SearXNG: weight × number of engines ÷ position, summed over the
positions, where weight is the product of the engines' weights.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Iterable, Mapping
from urllib.parse import SplitResult, urlsplit

from searx.results.trackers import strip_trackers
from searx.results.types import Infobox, MainResult, ResultSet


def normalize_url(url: str) -> str:
    """The key two results share when they are the same page."""
    try:
        return url_key(urlsplit(url))
    except ValueError:
        return url


def url_key(parts: SplitResult) -> str:
    """``normalize_url`` of a URL already split (a result's ``parts``); ValueError on a bad port."""
    host = parts.hostname or ""  # lower case already
    query = strip_trackers(parts.query, host)
    if host.startswith("www."):
        host = host[4:]
    port = parts.port if ":" in parts.netloc else None
    netloc = f"{host}:{port}" if port and port not in (80, 443) else host
    path = parts.path.rstrip("/")
    return f"{netloc}{path}?{query}" if query else f"{netloc}{path}"


# fields a duplicate fills in when the kept result has them empty
_FILLED = ("thumbnail", "img_src", "publishedDate", "thumbnail_src", "resolution", "img_format", "filesize",
           "source", "length", "iframe_src", "author", "audio_src", "views", "metadata")


def _merge_into(kept: MainResult, new: MainResult) -> None:
    if new.engine not in kept.engines:
        kept.engines.append(new.engine)
    kept.positions.extend(new.positions)
    if len(new.title) > len(kept.title):
        kept.title = new.title
    if len(new.content) > len(kept.content):
        kept.content = new.content
    if new.url.startswith("https:") and not kept.url.startswith("https:"):
        kept.url = new.url
    for attr in _FILLED:
        value = getattr(new, attr)
        if value and not getattr(kept, attr):
            setattr(kept, attr, value)


def score(result: MainResult, weights: Mapping[str, float]) -> float:
    weight = 1.0
    for engine in result.engines:
        weight *= weights.get(engine, 1.0)
    weight *= len(result.engines)
    if result.priority == "low":
        return 0.0
    if result.priority == "high":
        return weight * len(result.positions)
    return sum(weight / position for position in result.positions)


def merge_main(per_engine: Iterable[list[MainResult]], weights: Mapping[str, float]) -> list[MainResult]:
    """Merge each engine's ranked list into one list, best score first."""
    by_key: dict[str, MainResult] = {}
    for ranked in per_engine:
        for position, result in enumerate(ranked, start=1):
            result.positions = [position]
            result.engines = [result.engine]
            try:
                key = url_key(result.parts)
            except ValueError:  # a bad port (a result built elsewhere than from_engine_item)
                key = result.url
            result.norm_url = key
            kept = by_key.get(key)
            if kept is None:
                by_key[key] = result
            else:
                _merge_into(kept, result)
    merged = list(by_key.values())
    for result in merged:
        result.score = score(result, weights)
    merged.sort(key=lambda r: r.score, reverse=True)
    return merged


def _timestamp(value: str | None) -> float:
    if not value:
        return 0.0
    try:
        when = datetime.datetime.fromisoformat(value)
    except ValueError:
        return 0.0
    return (when if when.tzinfo else when.replace(tzinfo=datetime.UTC)).timestamp()


def newest_within_bands(results: list[MainResult]) -> list[MainResult]:
    """News order: by score band (halving: 1st, 2nd, 3rd-4th, 5th-8th place, ...), newest first within one."""
    def key(r: MainResult) -> tuple[int, float]:
        band = math.floor(math.log2(r.score)) if r.score > 0 else -1_000_000
        return -band, -_timestamp(r.publishedDate)
    return sorted(results, key=key)


def merge_infoboxes(infoboxes: Iterable[Infobox]) -> list[Infobox]:
    """Infoboxes with the same id (or title) become one; the longer content wins."""
    by_id: dict[str, Infobox] = {}
    for box in infoboxes:
        key = box.id or box.infobox.lower()
        kept = by_id.get(key)
        if kept is None:
            by_id[key] = box
            continue
        kept.engines.extend(e for e in box.engines if e not in kept.engines)
        if len(box.content) > len(kept.content):
            kept.content = box.content
        seen = {u["url"] for u in kept.urls}
        kept.urls.extend(u for u in box.urls if u["url"] not in seen)
        labels = {a["label"] for a in kept.attributes}
        kept.attributes.extend(a for a in box.attributes if a["label"] not in labels)
        kept.img_src = kept.img_src or box.img_src
    return list(by_id.values())


def merge(parts: Iterable[ResultSet], weights: Mapping[str, float]) -> ResultSet:
    """One ResultSet from several engines' ResultSets (each list in engine rank order)."""
    parts = list(parts)
    out = ResultSet()
    out.results = merge_main((p.results for p in parts), weights)
    if out.results and all(r.kind == "news" for r in out.results):
        out.results = newest_within_bands(out.results)
    seen_answers: set[tuple[str, ...]] = set()
    for part in parts:
        for answer in part.answers:
            if answer.key not in seen_answers:
                seen_answers.add(answer.key)
                out.answers.append(answer)
        out.suggestions.extend(s for s in part.suggestions if s not in out.suggestions)
        out.corrections.extend(c for c in part.corrections if c not in out.corrections)
        out.number_of_results = max(out.number_of_results, part.number_of_results)
    out.infoboxes = merge_infoboxes(b for p in parts for b in p.infoboxes)
    return out
