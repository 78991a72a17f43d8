"""Passages of read pages for the prompt: ~800-character pieces ranked within a byte budget.

Ranked with BM25, or with BM25 and the embedding model's similarities fused
(``meaning``: the hybrid of ``ai_summary.passage_ranking``). Pure: the pages'
text comes in, the chosen passages go out (in the order of their results, then
of their place in the page). A source whose page could not be read keeps its
snippet, which is always in the prompt.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from searx.summary import words
from searx.text import chunking, fusion

SIZE = 800
ALPHA = 0.5  # the semantic side's weight in the fusion: the collections' default (collections.convex_alpha)


@dataclass(frozen=True)
class Passage:
    n: int  # the result number it was read from
    index: int  # its place in that page
    text: str

    @property
    def key(self) -> tuple[int, int]:
        return self.n, self.index


def split(text: str, size: int = SIZE) -> list[str]:
    """A page's text in pieces of about ``size`` characters, without overlap (``searx.text.chunking``)."""
    return [p.text for p in chunking.split([(None, text)], size, overlap=0)]


def corpus(pages: Mapping[int, str], size: int = SIZE) -> list[Passage]:
    """Every passage of ``pages`` (n -> text), by result number then place in the page."""
    return [Passage(n, i, piece) for n, text in sorted(pages.items()) for i, piece in enumerate(split(text, size))]


def _tokens(text: str) -> list[str]:
    content = words.content(text, numbers_from_words=False)
    return sorted(content.words | content.numbers)


def select(query: str, pages: Mapping[int, str], budget: int, size: int = SIZE, *,
           meaning: Mapping[tuple[int, int], float] | None = None) -> list[Passage]:  # fmt: skip
    """The passages that best match ``query`` whose UTF-8 size fits ``budget`` bytes.

    ``meaning``: (n, index) -> the passage's similarity to the query; when given, BM25 and it are
    fused (a convex combination, ``searx.text.fusion``), and a passage it lacks (not
    embedded in time) is judged by BM25 alone. Each page's best passage is taken first (best pages
    first), then the rest by score, so one long page cannot crowd out the others.
    """
    passages = corpus(pages, size)
    if not passages or budget <= 0:
        return []
    ranked = _ranking(query, passages, meaning or {})
    firsts: list[int] = []
    seen: set[int] = set()
    for i in ranked:
        if passages[i].n not in seen:
            seen.add(passages[i].n)
            firsts.append(i)
    taken = set(firsts)
    chosen: list[Passage] = []
    used = 0
    for i in firsts + [i for i in ranked if i not in taken]:
        cost = len(passages[i].text.encode("utf-8"))
        if used + cost > budget:
            continue
        chosen.append(passages[i])
        used += cost
    return sorted(chosen, key=lambda p: p.key)


def _ranking(query: str, passages: list[Passage], meaning: Mapping[tuple[int, int], float]) -> list[int]:
    """The passages' indices, best first (ties: in page order)."""
    scores = _bm25(query, [p.text for p in passages])
    semantic = [(i, meaning[p.key]) for i, p in enumerate(passages) if p.key in meaning]
    if not semantic:
        return sorted(range(len(passages)), key=lambda i: (-scores[i], i))
    seen = {i for i, _ in semantic}
    fused = fusion.convex(list(enumerate(scores)), semantic, alpha=ALPHA,
                          unembedded=[i for i in range(len(passages)) if i not in seen])  # fmt: skip
    return [i for i, _ in fused]


def warm() -> None:
    """Import bm25s (and numpy) in the background, so the first summary that reads pages does not wait."""
    import threading

    threading.Thread(target=lambda: __import__("bm25s"), name="bm25s-import", daemon=True).start()


def _bm25(query: str, texts: list[str]) -> list[float]:
    import bm25s  # loads numpy: only when pages were read

    query_tokens = _tokens(query)
    if not query_tokens:
        return [0.0] * len(texts)
    corpus_tokens = [_tokens(t) or ["\0"] for t in texts]
    retriever = bm25s.BM25()
    retriever.index(corpus_tokens, show_progress=False)
    vocab = retriever.vocab_dict
    known = [t for t in query_tokens if t in vocab]
    if not known:
        return [0.0] * len(texts)
    scores = retriever.get_scores(known)
    return [float(s) for s in scores]
