"""Merging a keyword ranking and a semantic ranking: reciprocal-rank fusion or a convex combination."""

from __future__ import annotations

from collections.abc import Collection, Sequence

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
    if high == low:  # one hit, or all equal: each is its side's best
        return {pid: 1.0 for pid, _ in scored}
    return {pid: (s - low) / (high - low) for pid, s in scored}


def convex(keyword: Sequence[tuple[int, float]], semantic: Sequence[tuple[int, float]], *,
           alpha: float = 0.5, unembedded: Collection[int] = ()) -> list[tuple[int, float]]:  # fmt: skip
    """``alpha`` × min-max-normalized semantic score + (1 − ``alpha``) × normalized keyword score.

    A passage in ``unembedded`` (no vector yet) is judged by its keyword score alone: the
    semantic side could not see it, which is no evidence against it.
    """
    kw, sem = _normalized(keyword), _normalized(semantic)
    ids = set(kw) | set(sem)
    scores = {pid: kw.get(pid, 0.0) if pid in unembedded else alpha * sem.get(pid, 0.0) + (1 - alpha) * kw.get(pid, 0.0)
              for pid in ids}
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))
