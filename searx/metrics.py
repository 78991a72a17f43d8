"""Prometheus series of one process: engine outcomes and times, AI summaries, the shared store.

Built once per app (``Services.metrics``) with its own registry, so nothing is
global; the web layer serves ``render()`` at ``/metrics``. The counters are
this process's: with several granian workers each scrape sees one worker.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.exposition import choose_encoder
from prometheus_client.registry import Collector

from searx.results.search import EngineReport
from searx.store.base import Store
from searx.store.probe import probe
from searx.summary.body import Body
from searx.summary.events import Delta, Done, Event, Failed
from searx.summary.streams import Counted

ENGINE_BUCKETS = (0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 20.0)
FIRST_TOKEN_BUCKETS = (0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 120.0)


class _StoreCollector(Collector):
    """Asks the store at scrape time (one ping with the store's short timeout)."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def collect(self) -> Iterable[GaugeMetricFamily]:
        state = probe(self._store)
        up = GaugeMetricFamily("searx_store_up", "1 while the shared store answers (or none is configured), "
                                                 "0 while the instance serves from memory")
        up.add_metric([], 0.0 if state == "down" else 1.0)
        shared = GaugeMetricFamily("searx_store_shared", "1 when a shared store (Valkey) is configured")
        shared.add_metric([], 0.0 if state == "memory" else 1.0)
        return [up, shared]


class Metrics:
    """The instruments; ``engine()`` and ``summary()`` record, ``render()`` exposes."""

    def __init__(self, store: Store, engines: Iterable[str] = (), clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.registry = CollectorRegistry()
        self.engine_requests = Counter("searx_engine_requests", "Engine calls by outcome (docs/admin/engines.md)",
                                       ["engine", "outcome"], registry=self.registry)
        self.engine_seconds = Histogram("searx_engine_response_seconds", "Engine response time",
                                        ["engine"], buckets=ENGINE_BUCKETS, registry=self.registry)
        self.summaries = Counter("searx_ai_summaries", "AI summary requests by how they ended "
                                 "(done, cached, an error code, or abandoned by the client)",
                                 ["outcome"], registry=self.registry)
        self.first_token = Histogram("searx_ai_summary_first_token_seconds",
                                     "From the summary request to its first streamed text",
                                     buckets=FIRST_TOKEN_BUCKETS, registry=self.registry)
        self.registry.register(_StoreCollector(store))
        # the labelled children, looked up once: labels() costs more than the update itself
        self._requests: dict[tuple[str, str], Counter] = {}
        self._seconds: dict[str, Histogram] = {}
        for name in engines:  # every engine shows up from the start, before its first call
            self._seconds[name] = self.engine_seconds.labels(name)

    def engine(self, report: EngineReport) -> None:
        """One engine call of a search."""
        key = (report.name, report.outcome)
        counter = self._requests.get(key)
        if counter is None:
            counter = self._requests[key] = self.engine_requests.labels(*key)
        seconds = self._seconds.get(report.name)
        if seconds is None:
            seconds = self._seconds[report.name] = self.engine_seconds.labels(report.name)
        counter.inc()
        if report.elapsed > 0:  # no request was sent (suspended, request() crashed): no time to count
            seconds.observe(report.elapsed)

    def summary_refused(self, code: str) -> None:
        """A summary request answered with an error before any stream."""
        self.summaries.labels(code).inc()

    def summary(self, events: Counted) -> Body[Event]:
        """Relay a summary's events, noting its first text and how it ended (once, when it is closed)."""
        watch = _SummaryWatch(self, replayed=events.replayed)

        def end() -> None:
            try:
                events.close()
            finally:
                self.summaries.labels(watch.outcome).inc()

        return Body(map(watch.see, events), end)

    def render(self, accept: str | None) -> tuple[bytes, str]:
        """The exposition (OpenMetrics when the scraper asks for it) and its content type."""
        encoder, content_type = choose_encoder(accept or "")
        return encoder(self.registry), content_type


class _SummaryWatch:
    """What one summary's events say: when its first text came, how it ended."""

    def __init__(self, metrics: Metrics, *, replayed: bool) -> None:
        self._metrics, self._replayed = metrics, replayed
        self._started = metrics.clock()
        self._first = True
        self.outcome = "abandoned"  # the client went away before the terminal event

    def see(self, event: Event) -> Event:
        if self._first and isinstance(event, Delta):
            self._metrics.first_token.observe(self._metrics.clock() - self._started)
            self._first = False
        elif isinstance(event, Done):
            # a replay tells only its own client "cached"; the count here is every replay
            self.outcome = "cached" if self._replayed or event.cached else "done"
        elif isinstance(event, Failed):
            self.outcome = event.code
        return event
