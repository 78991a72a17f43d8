"""Read the top sources' pages for a summary: in parallel, under one time budget, with progress.

With the hybrid ranking (``similarity``) each page is embedded as it arrives,
within the same budget; the passages are then chosen (``passages.select``).

Only URLs of the signed evidence are read (the caller passes verified
sources). ``reader`` is the app's page reader (``searx.reader.service.Reader``):
``read(url, *, format, deadline, accept_language) -> Page`` with
``page.document.text``; it guards every address, follows redirects itself and
raises ``ReaderError`` for a page it cannot read.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any

import msgspec

from searx.reader.document import PageReader
from searx.summary import passages
from searx.summary.events import Event, Passages, Reading
from searx.summary.evidence import Evidence, Source
from searx.summary.similarity import Embeddings

log = logging.getLogger("searx.summary.reading")

STATES = ("started", "ok", "failed", "skipped")


def read_pages(
    reader: PageReader,
    sources: Sequence[Source],
    timeout: float,
    progress: Callable[[str, str], None],
    *,
    accept_language: str | None = None,
    client: str | None = None,
    clock: Callable[[], float] = time.monotonic,
    arrived: Callable[[int, str], None] | None = None,
) -> dict[int, str]:
    """n -> the page text of each source read within ``timeout`` seconds (``client``: for the reader's
    per-client cap; ``arrived(n, text)``: called as each page comes in).

    ``progress(url, state)`` is called with ``started`` for each, then exactly one of
    ``ok``, ``failed`` (the reader refused or failed) or ``skipped`` (late, or empty).
    """
    if not sources:
        return {}
    deadline = clock() + timeout
    texts: dict[int, str] = {}
    pool = ThreadPoolExecutor(max_workers=len(sources), thread_name_prefix="ai-summary-read")
    try:
        futures: dict[Future[Any], Source] = {}
        for source in sources:
            progress(source.url, "started")
            # the summary's lane: slots of its own, and a site's slot awaited until the deadline, so every
            # page chosen is read also when several are on one site
            futures[pool.submit(reader.read, source.url, format="text", deadline=deadline,
                                accept_language=accept_language, client=client, lane="summary")] = source  # fmt: skip
        pending = set(futures)
        while pending:
            left = deadline - clock()
            if left <= 0:
                break
            done, pending = wait(pending, timeout=left, return_when=FIRST_COMPLETED)
            for future in done:
                source = futures[future]
                try:
                    text = str(future.result().document.text).strip()
                except Exception as exc:  # noqa: BLE001 - any reader failure falls back to the snippet
                    log.info("ai_summary: page %d not read: %s", source.n, getattr(exc, "code", type(exc).__name__))
                    progress(source.url, "failed")
                    continue
                if text:
                    texts[source.n] = text
                    if arrived is not None:
                        arrived(source.n, text)
                    progress(source.url, "ok")
                else:
                    progress(source.url, "skipped")
        for future in pending:  # late: the answer goes on without them
            future.cancel()
            progress(futures[future].url, "skipped")
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    return texts


class ReadState(msgspec.Struct, kw_only=True):
    url: str
    state: str


class PassageOut(msgspec.Struct, kw_only=True):
    n: int
    text: str


class Grounding(msgspec.Struct, kw_only=True):
    """What the model was given besides the snippets; cached with the answer."""

    reading: list[ReadState] = []  # the final state of each page that was read
    passages: list[PassageOut] = []

    def by_source(self) -> dict[int, list[str]]:
        out: dict[int, list[str]] = {}
        for p in self.passages:
            out.setdefault(p.n, []).append(p.text)
        return out

    def support(self, sources: Sequence[Source]) -> dict[int, str]:
        """n -> the text that may support a sentence citing n: the snippet and the passages read."""
        read = self.by_source()
        return {s.n: "\n\n".join([s.snippet, *read.get(s.n, [])]) for s in sources}

    def events(self) -> list[Event]:
        """The events that replay this grounding (final reading states, then the passages)."""
        out: list[Event] = [Reading(r.url, r.state) for r in self.reading]
        if self.reading:
            out.append(Passages([{"n": p.n, "text": p.text} for p in self.passages]))
        return out


def ground(reader: PageReader | None, verified: Evidence, count: int, timeout: float, budget: int,
           publish: Callable[[Event], None], *, accept_language: str | None = None,
           client: str | None = None, embeddings: Embeddings | None = None) -> Grounding:  # fmt: skip
    """Read the top ``count`` sources' pages and pick their best passages, publishing progress events.

    ``embeddings``: rank with BM25 and the embedding model (the hybrid), within the same ``timeout``.
    """
    # web pages only: a source from the user's own documents is not a URL to read
    top = [s for s in verified.sources if s.url.startswith(("http://", "https://"))][: max(0, count)]
    if reader is None or not top:
        return Grounding()
    final: dict[str, str] = {}

    def progress(url: str, state: str) -> None:
        if state != "started":
            final[url] = state
        publish(Reading(url, state))

    meaning = embeddings.start(verified.query, time.monotonic() + timeout) if embeddings is not None else None
    texts = read_pages(reader, top, timeout, progress, accept_language=accept_language, client=client,
                       arrived=meaning.add if meaning is not None else None)  # fmt: skip
    try:
        chosen = passages.select(verified.query, texts, budget, meaning=meaning.scores() if meaning else None)
    except Exception:  # noqa: BLE001 - ranking trouble must not cost the answer: the snippets remain
        log.exception("ai_summary: passages could not be chosen")
        chosen = []
    grounding = Grounding(reading=[ReadState(url=s.url, state=final.get(s.url, "skipped")) for s in top],
                          passages=[PassageOut(n=p.n, text=p.text) for p in chosen])  # fmt: skip
    publish(Passages([{"n": p.n, "text": p.text} for p in grounding.passages]))
    return grounding
