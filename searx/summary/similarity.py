"""How close each read passage is to the question, by the instance's embedding model, within the reading budget.

The hybrid ranking of ``ai_summary.passage_ranking``. The model is the one of
``collections.embeddings`` (``searx.collections.embed``; one per process,
shared with the collections). Each page is embedded as soon as it arrives,
while the others are still being read, in batches on one thread of the
summary service's own (never the request's, so at most one core per process
embeds for summaries). What is not embedded by the reading deadline is ranked
by BM25 alone; batches still queued then are dropped.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import Any

import numpy as np

from searx.summary import passages
from searx.text.embedder import Embedder

log = logging.getLogger("searx.summary")

BATCH = 4  # passages per call: a batch that runs past the deadline wastes at most this much work


def hybrid(conf: Any, embedder: Embedder | None) -> Embeddings | None:
    """The embedding thread ``ai_summary.passage_ranking: hybrid`` asks for; None: BM25 alone."""
    if conf.passage_ranking != "hybrid":
        return None
    if embedder is None:
        log.warning("ai_summary.passage_ranking: hybrid, but there is no embedding model "
                    "(collections.embeddings): passages are ranked by BM25 alone")
        return None
    return Embeddings(embedder)


class Embeddings:
    """The summary service's embedding thread; ``start`` gives one summary's ``Similarity``."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai-summary-embed")

    def warm(self) -> None:
        """Load the model in the background (a local model loads on first use), off every request."""
        self._pool.submit(self._quietly, ["warm"])

    def _quietly(self, texts: list[str]) -> None:
        try:
            self.embedder.embed(texts)
        except Exception as exc:  # noqa: BLE001 - a model that cannot load leaves BM25 alone
            log.warning("ai_summary: the embedding model does not load, passages are ranked by BM25 alone: %s", exc)

    def start(self, query: str, deadline: float, clock: Callable[[], float] = time.monotonic) -> Similarity:
        return Similarity(self._pool, self.embedder, query, deadline, clock)

    def drain(self) -> None:
        """Wait until the embedding thread has finished what it was given (benchmarks, tests)."""
        self._pool.submit(lambda: None).result()

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


class Similarity:
    """One summary's: the question's vector first, then each page's passages as the page arrives."""

    def __init__(self, pool: ThreadPoolExecutor, embedder: Embedder, query: str, deadline: float,
                 clock: Callable[[], float]) -> None:  # fmt: skip
        self._pool, self._embedder, self._deadline, self._clock = pool, embedder, deadline, clock
        self._query: Future[np.ndarray] = pool.submit(embedder.embed, [query])
        self._batches: list[tuple[list[tuple[int, int]], Future[np.ndarray]]] = []

    def add(self, n: int, text: str) -> None:
        """Source ``n``'s page arrived: queue its passages (cut as ``passages.select`` cuts them)."""
        pieces = passages.corpus({n: text})
        for i in range(0, len(pieces), BATCH):
            batch = pieces[i: i + BATCH]
            try:
                future = self._pool.submit(self._embedder.embed, [p.text for p in batch])
            except RuntimeError:  # the service is closing: BM25 alone
                return
            self._batches.append(([p.key for p in batch], future))

    def scores(self) -> dict[tuple[int, int], float]:
        """(n, index) -> cosine similarity of every passage embedded by the deadline (waited for, at most).

        Empty when the question itself was not embedded in time or the model failed.
        """
        futures = [self._query, *(f for _, f in self._batches)]
        wait(futures, timeout=max(0.0, self._deadline - self._clock()))
        for future in futures:
            future.cancel()  # queued work of this summary is dropped; a running batch ends on its own
        usable = [f for f in futures if f.done() and not f.cancelled()]
        failed = next((f.exception() for f in usable if f.exception() is not None), None)
        if failed is not None:  # the embedder's failure costs only its batch (and its log line)
            log.warning("ai_summary: passages not embedded, ranked by BM25 alone: %s", failed)
        if self._query not in usable or self._query.exception() is not None:
            return {}
        query = self._query.result()[0]
        out: dict[tuple[int, int], float] = {}
        for keys, future in self._batches:
            if future in usable and future.exception() is None:
                out.update(zip(keys, (float(s) for s in future.result() @ query), strict=True))
        return out
