"""Extraction in worker processes: runaway parsing ends within the limit, no worker is left behind."""

from __future__ import annotations

import time
from collections.abc import Iterator

import psutil
import pytest

from searx.reader.errors import ReaderError
from searx.reader.worker import ExtractorPool

LIMIT = 3.0


def _children() -> set[int]:
    return {p.pid for p in psutil.Process().children(recursive=True) if p.status() != psutil.STATUS_ZOMBIE}


@pytest.fixture
def pool() -> Iterator[ExtractorPool]:
    before = _children()
    extractor = ExtractorPool(workers=1, timeout=LIMIT, memory_mb=1024)
    yield extractor
    extractor.close()
    assert _children() == before, "a worker process was left behind"


def _table() -> bytes:  # ~9 MB
    rows = b"".join(b"<tr><td>cell %d</td><td>value %d</td><td>more</td></tr>" % (i, i) for i in range(150_000))
    return b"<html><body><table>" + rows + b"</table></body></html>"


def _article() -> bytes:  # ~20 MB
    para = b"<p>Paragraph %d has a few words in it to read, and then some more words.</p>"
    return b"<html><body><article>" + b"".join(para % i for i in range(260_000)) + b"</article></body></html>"


def _nested() -> bytes:
    return b"<html><body>" + b"<div>" * 20_000 + b"deep text" + b"</div>" * 20_000 + b"</body></html>"


@pytest.mark.parametrize("make", [_table, _article, _nested], ids=["9MB-table", "20MB-article", "20k-nested-divs"])
def test_runaway_pages_end_within_the_limit(pool: ExtractorPool, make: object) -> None:
    body = make()  # type: ignore[operator]
    start = time.monotonic()
    try:
        doc = pool.extract(body, "text/html")
        assert isinstance(doc.text, str)
    except ReaderError as exc:
        assert exc.code in ("timeout", "unreadable") and exc.message
    assert time.monotonic() - start < LIMIT + 2.0
    # the pool still works afterwards (a killed worker was replaced)
    assert pool.extract(b"still here", "text/plain").text == "still here"


def test_killed_worker_is_gone(pool: ExtractorPool) -> None:
    others = _children()
    pool.extract(b"warm up", "text/plain")
    (worker_pid,) = _children() - others
    with pytest.raises(ReaderError) as info:
        pool.extract(_table(), "text/html", timeout=0.5)
    assert info.value.code == "timeout"
    assert worker_pid not in _children()


def test_memory_cap_stops_parsing() -> None:
    small = ExtractorPool(workers=1, timeout=30, memory_mb=400)
    try:
        with pytest.raises(ReaderError) as info:
            small.extract(_article(), "text/html")
        assert info.value.code == "unreadable"
        assert small.extract(b"after", "text/plain").text == "after"
    finally:
        small.close()


def test_errors_cross_the_process_boundary(pool: ExtractorPool) -> None:
    with pytest.raises(ReaderError) as info:
        pool.extract(b"\x89PNG", "image/png")
    assert info.value.code == "unsupported_type" and "image/png" in info.value.message


def test_a_worker_busy_at_close_stops_when_its_job_ends() -> None:
    before = _children()
    pool = ExtractorPool(workers=1, timeout=30)
    worker = pool._take()  # a job has taken the worker...
    pool.close()  # ...when the app shuts down
    doc = pool._run(worker, (b"last job", "text/plain", "", "text"), time.monotonic() + 30)
    assert doc.text == "last job"
    assert _children() == before


def test_warm_starts_the_workers_ahead() -> None:
    before = _children()
    pool = ExtractorPool(workers=2, timeout=10)
    try:
        pool.warm()
        assert len(_children() - before) == 2
        pool.warm()  # idempotent
        assert len(_children() - before) == 2
        assert pool.extract(b"ready", "text/plain").text == "ready"
        assert len(_children() - before) == 2  # a warm worker did the job
    finally:
        pool.close()
    assert _children() == before
