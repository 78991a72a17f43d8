"""Extraction in worker processes with a hard time limit and a memory cap.

No parser bounds its own work (a large table or deeply nested markup can take
seconds or gigabytes), so ``ExtractorPool`` runs ``extract`` in long-lived
child processes: one over its time limit is killed and replaced, one over its
address-space cap fails its allocation (or dies) and is replaced too.
"""

from __future__ import annotations

import logging
import os
import resource
import subprocess
import sys
import threading
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from searx.reader.document import Document
from searx.reader.errors import ReaderError

log = logging.getLogger("searx.reader.worker")


def _serve(conn: _Duplex, memory_bytes: int) -> None:
    """The child's loop: one job in, one ("ok", Document), ("error", code, message)
    or ("retire", code, message) when the process must not be used again."""
    if memory_bytes:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    from searx.reader.extract import extract  # imported after the cap: the parsers count too

    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        body, content_type, url, fmt = job
        try:
            reply: tuple[Any, ...] = ("ok", extract(body, content_type, url, format=fmt))
        except ReaderError as exc:
            reply = ("error", exc.code, exc.message)
        except MemoryError:
            conn.send(("retire", "unreadable", "the content is too large or too complex to read"))
            return  # a process that ran out of memory may be in a bad state: start afresh
        except Exception:  # noqa: BLE001 - any parser failure is "unreadable", never a crash of the caller
            log.exception("extraction failed")
            reply = ("error", "unreadable", "the content could not be read")
        del body, job
        conn.send(reply)


def main() -> None:
    """``python -m searx.reader.worker MEMORY_BYTES``: jobs on stdin, replies on stdout."""
    jobs, replies = os.dup(0), os.dup(1)
    os.dup2(2, 1)  # a stray print must not corrupt the replies
    conn = _Duplex(Connection(jobs, writable=False), Connection(replies, readable=False))
    _serve(conn, int(sys.argv[1]))


class _Duplex:
    """One reading and one writing Connection used as one."""

    def __init__(self, reader: Connection, writer: Connection) -> None:
        self._reader, self._writer = reader, writer

    def recv(self) -> Any:
        return self._reader.recv()

    def poll(self, timeout: float) -> bool:
        return self._reader.poll(timeout)

    def send(self, obj: Any) -> None:
        self._writer.send(obj)

    def close(self) -> None:
        self._reader.close()
        self._writer.close()


_ROOT = str(Path(__file__).resolve().parents[2])  # the folder holding this searx package


class _Worker:
    def __init__(self, memory_bytes: int) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (_ROOT, os.environ.get("PYTHONPATH"))))}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "searx.reader.worker", str(memory_bytes)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, close_fds=True,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.conn = _Duplex(
            Connection(os.dup(self.process.stdout.fileno()), writable=False),
            Connection(os.dup(self.process.stdin.fileno()), readable=False),
        )
        self.process.stdin.close()
        self.process.stdout.close()

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> None:
        self.conn.close()
        if self.alive():
            self.process.kill()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            log.error("extraction worker %s did not stop", self.pid)


class ExtractorPool:
    """``extract`` bounded in time and memory; thread-safe, at most ``workers`` at once.

    Workers start on first use (fresh interpreters, so they share nothing with the server).
    """

    def __init__(self, *, workers: int = 2, timeout: float = 5.0, memory_mb: int = 1024) -> None:
        self.timeout = timeout
        self.workers = workers
        self._memory = memory_mb * 1024 * 1024
        self._slots = threading.BoundedSemaphore(workers)
        self._idle: list[_Worker] = []
        self._lock = threading.Lock()
        self._closed = False

    def extract(self, body: bytes, content_type: str | None, url: str = "", *, format: str = "markdown",
                timeout: float | None = None) -> Document:
        """As ``searx.reader.extract.extract``; over the time limit raises ReaderError("timeout")."""
        limit = self.timeout if timeout is None else min(timeout, self.timeout)
        end = time.monotonic() + limit
        if not self._slots.acquire(timeout=max(0.0, limit)):
            raise ReaderError("timeout", "the reader is busy; try again")
        try:
            return self._run(self._take(), (body, content_type, url, format), end)
        finally:
            self._slots.release()

    def warm(self) -> None:
        """Start the workers now (they load the parsers in the background), so the first
        extraction does not wait ~1 s for a fresh interpreter."""
        with self._lock:
            while not self._closed and len(self._idle) < self.workers:
                self._idle.append(_Worker(self._memory))

    def _take(self) -> _Worker:
        with self._lock:
            if self._closed:
                raise ReaderError("disabled", "the reader is shut down")
            while self._idle:
                worker = self._idle.pop()
                if worker.alive():
                    return worker
                worker.stop()
        return _Worker(self._memory)

    def _run(self, worker: _Worker, job: tuple[Any, ...], end: float) -> Document:
        keep = False
        try:
            worker.conn.send(job)
            if not worker.conn.poll(max(0.0, end - time.monotonic())):
                log.warning("extraction over its time limit; worker %s killed", worker.pid)
                raise ReaderError("timeout", "the content took too long to read")
            reply = worker.conn.recv()
            keep = reply[0] != "retire"
        except (EOFError, OSError, BrokenPipeError) as exc:
            log.warning("extraction worker %s died (memory cap?)", worker.pid)
            raise ReaderError("unreadable", "the content is too large or too complex to read") from exc
        finally:
            with self._lock:
                keep = keep and worker.alive() and not self._closed
                if keep:
                    self._idle.append(worker)
            if not keep:
                worker.stop()
        if reply[0] == "ok":
            return reply[1]  # type: ignore[no-any-return]
        raise ReaderError(reply[1], reply[2])

    def close(self) -> None:
        """Stop every idle worker; busy ones stop when their job ends."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for worker in idle:
            worker.stop()


if __name__ == "__main__":
    main()
