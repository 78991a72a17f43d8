"""Fuzz fixtures: hypothesis budgets, one app on the fake engine and fake LLM, a request counter.

``HYPOTHESIS_PROFILE=full`` (``make fuzz``) sends at least 10,000 generated
requests; the default ``ci`` profile (``make test``) about 1,500. The count is
printed at the end of the run, and a full run that sent fewer fails.
"""

from __future__ import annotations

import collections
import csv
import io
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from lxml import etree

from searx.webapp.views.openapi import spec
from tests.apispec import check
from tests.conftest import json_engine_entry, make_settings
from utils.fakes.llm import FakeLLM, Reply

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
# generated requests in the whole fuzz run, per profile; tests take shares of it
BUDGET = {"ci": 1_500, "full": 11_000}
FULL_MINIMUM = 10_000


@dataclass
class Counter:
    requests: int = 0
    statuses: collections.Counter[int] = field(default_factory=collections.Counter)


COUNTER = pytest.StashKey[Counter]()


def fuzz_settings(share: float, per_example: int = 1) -> settings:
    """Hypothesis settings giving a test ``share`` of the profile's request budget."""
    examples = max(10, round(BUDGET.get(PROFILE, BUDGET["ci"]) * share / per_example))
    return settings(max_examples=examples, deadline=None, database=None, derandomize=PROFILE == "ci",
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                           HealthCheck.data_too_large, HealthCheck.filter_too_much])


def pytest_configure(config: pytest.Config) -> None:
    config.stash[COUNTER] = Counter()


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    counter = config.stash[COUNTER]
    if counter.requests:
        by_status = ", ".join(f"{code}: {n}" for code, n in sorted(counter.statuses.items()))
        terminalreporter.write_line(f"fuzz: {counter.requests} generated requests (profile {PROFILE}; {by_status})")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    count = session.config.stash[COUNTER].requests
    if PROFILE == "full" and count and count < FULL_MINIMUM and exitstatus == 0:
        session.exitstatus = 1
        print(f"\nfuzz: only {count} requests, the full run needs {FULL_MINIMUM}")


class Fuzzer:
    """The app's test client that counts requests and checks every answer against the OpenAPI spec."""

    def __init__(self, app: Any, counter: Counter) -> None:
        self.app = app
        self.client = app.test_client(use_cookies=False)  # each request carries only the cookies it was given
        self.counter = counter
        self.doc = spec()

    def send(self, path: str, method: str = "GET", **kw: Any) -> Any:
        self.counter.requests += 1
        resp = self.client.open(path, method=method, **kw)
        self.counter.statuses[resp.status_code] += 1
        body = resp.get_data()  # a stream is read to its end: errors inside it count too
        assert resp.status_code < 500, f"{method} {path} answered {resp.status_code}: {body[:300]!r}"
        check(self.doc, path, method.lower(), resp)
        if resp.status_code == 200:
            parse_body(resp.mimetype, body)
        return resp


def parse_body(mimetype: str, body: bytes) -> None:
    """Every 200 body parses as what its type says (strict XML for RSS; no formula in CSV)."""
    if mimetype == "application/json":
        json.loads(body)
    elif mimetype == "application/x-ndjson":
        for line in body.splitlines():
            json.loads(line)
    elif mimetype == "text/csv":
        rows = list(csv.reader(io.StringIO(body.decode("utf-8"), newline="")))
        assert rows and rows[0][0] == "title"
        for row in rows[1:]:
            assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in row), row
    elif mimetype == "application/rss+xml":
        etree.fromstring(body, etree.XMLParser(recover=False, resolve_entities=False))
    elif mimetype == "text/html":
        html = body.decode("utf-8")
        assert html.lstrip().lower().startswith("<!doctype html>") and html.rstrip().endswith("</html>")
        etree.fromstring(body, etree.HTMLParser(recover=False))
    elif mimetype == "application/opensearchdescription+xml":
        etree.fromstring(body, etree.XMLParser(recover=False, resolve_entities=False))


@pytest.fixture(scope="session")
def fuzz_llm() -> Iterator[FakeLLM]:
    with FakeLLM(default=Reply.tokens(["Alpha", " is", " first", " [1]."])) as llm:
        yield llm


@pytest.fixture(scope="module")
def fuzzer(request: pytest.FixtureRequest, fake_engine: Any, fuzz_llm: FakeLLM) -> Iterator[Fuzzer]:
    from searx.webapp import create_app

    engines = [json_engine_entry(fake_engine.url, n) for n in ("alpha", "beta")]
    # attacker-written results (script links, formulas, markup) in every page
    engines.append(json_engine_entry(fake_engine.url, "evil", path="/hostile", thumbnail_query="thumbnail"))
    settings_ = make_settings(engines, search={"formats": ["html", "json", "csv", "rss"]},
                              ai_summary={"base_url": fuzz_llm.base_url, "model": "fake-model"})
    app = create_app(settings_, testing=True)  # testing: a crash raises here with its traceback
    yield Fuzzer(app, request.config.stash[COUNTER])
    app.extensions["searx"].close()
