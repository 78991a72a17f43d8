"""Passages of read pages for the prompt: ~800-character pieces ranked with BM25 within a byte budget.

Pure: the pages' text comes in, the chosen passages go out (in the order of
their results, then of their place in the page). A source whose page could
not be read keeps its snippet, which is always in the prompt.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from searx.collections import chunking
from searx.summary import words

SIZE = 800


@dataclass(frozen=True)
class Passage:
    n: int  # the result number it was read from
    index: int  # its place in that page
    text: str


def split(text: str, size: int = SIZE) -> list[str]:
    """A page's text in pieces of about ``size`` characters, without overlap (``searx.collections.chunking``)."""
    return [p.text for p in chunking.split([(None, text)], size, overlap=0)]


def _tokens(text: str) -> list[str]:
    content = words.content(text, numbers_from_words=False)
    return sorted(content.words | content.numbers)


def select(query: str, pages: Mapping[int, str], budget: int, size: int = SIZE) -> list[Passage]:
    """The passages that best match ``query`` (BM25) whose UTF-8 size fits ``budget`` bytes.

    Each page's best passage is taken first (best pages first), then the rest by score, so one
    long page cannot crowd out the others.
    """
    corpus = [Passage(n, i, piece) for n, text in sorted(pages.items()) for i, piece in enumerate(split(text, size))]
    if not corpus or budget <= 0:
        return []
    scores = _bm25(query, [p.text for p in corpus])
    ranked = sorted(range(len(corpus)), key=lambda i: (-scores[i], corpus[i].n, corpus[i].index))
    firsts: list[int] = []
    seen: set[int] = set()
    for i in ranked:
        if corpus[i].n not in seen:
            seen.add(corpus[i].n)
            firsts.append(i)
    order = firsts + [i for i in ranked if i not in set(firsts)]
    chosen: list[Passage] = []
    used = 0
    for i in order:
        cost = len(corpus[i].text.encode("utf-8"))
        if used + cost > budget:
            continue
        chosen.append(corpus[i])
        used += cost
    return sorted(chosen, key=lambda p: (p.n, p.index))


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
