"""Merging a keyword ranking and a semantic ranking: reciprocal-rank fusion or a convex combination."""

from __future__ import annotations

from collections.abc import Sequence

RRF_K = 60


def candidates(limit: int) -> int:
    """How many hits each side returns before fusion: max(10 × limit, 100)."""
    return max(10 * limit, 100)


def rrf(keyword: Sequence[int], semantic: Sequence[int], *, w_keyword: float = 1.0, w_semantic: float = 1.0,
        k: int = RRF_K) -> list[tuple[int, float]]:  # fmt: skip
    """Weighted reciprocal-rank fusion of two ranked id lists, best first."""
    scores: dict[int, float] = {}
    for weight, ranking in ((w_keyword, keyword), (w_semantic, semantic)):
        for rank, pid in enumerate(ranking, 1):
            scores[pid] = scores.get(pid, 0.0) + weight / (k + rank)
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))


def _normalized(scored: Sequence[tuple[int, float]]) -> dict[int, float]:
    if not scored:
        return {}
    values = [s for _, s in scored]
    low, high = min(values), max(values)
    span = high - low or 1.0
    return {pid: (s - low) / span for pid, s in scored}


def convex(keyword: Sequence[tuple[int, float]], semantic: Sequence[tuple[int, float]], *,
           alpha: float = 0.5) -> list[tuple[int, float]]:  # fmt: skip
    """``alpha`` × min-max-normalized semantic score + (1 − ``alpha``) × normalized keyword score."""
    kw, sem = _normalized(keyword), _normalized(semantic)
    ids = set(kw) | set(sem)
    scores = {pid: alpha * sem.get(pid, 0.0) + (1 - alpha) * kw.get(pid, 0.0) for pid in ids}
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))
