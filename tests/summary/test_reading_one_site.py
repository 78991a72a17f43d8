"""A summary whose top three pages are on one site reads all three, through the app on real HTTP.

The site is a test host in a network namespace (tests/reader/netns.py) with ``fetch.per_origin: 2``: the
third page used to be refused at once and left to its snippet (``failed``); the summary now waits for
the site's slot within ``read_timeout``. /fetch is still refused at once (tests/webapp/test_fetch_flood.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from searx.results.types import MainResult
from tests.conftest import make_settings
from tests.reader.netns import SiteHost, namespace_host, unavailable
from tests.served import ServedApp
from tests.summary.conftest import body, placeholder
from utils.fakes.llm import FakeLLM, Reply

pytestmark = pytest.mark.skipif(bool(reason := unavailable()), reason=reason or "")


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteHost]:
    with namespace_host(tmp_path_factory.mktemp("netns")) as made:
        yield made


def test_three_pages_of_one_site_are_all_read(app_factory: Any, host: SiteHost, fake_llm: FakeLLM) -> None:
    settings = make_settings([], fetch={"allow_private": True, "ports": [8080], "cache_ttl": 0, "per_origin": 2},
                             ai_summary={"base_url": fake_llm.base_url, "model": "fake-model", "read_pages": 3,
                                         "read_timeout": 4.0})  # fmt: skip
    served = ServedApp(app_factory(settings))
    try:
        # each page answers after 400 ms: the third can start only when one of the first two is done
        results = [MainResult(url=f"http://{host.address}:8080/delay/400?page={n}", title=f"Page {n}",
                              content=f"Snippet {n}.") for n in (1, 2, 3)]  # fmt: skip
        fake_llm.script(Reply.tokens(["This page is served from inside a network namespace [3]."]))
        data = placeholder(settings, query="namespace page", results=results)
        answer = httpx.post(f"{served.url}/ai_summary", json=body(data), headers={"Origin": served.url}, timeout=30)
    finally:
        served.close()
    lines = [json.loads(line) for line in answer.text.splitlines()]
    final = {r["url"]: r["state"] for r in (line["reading"] for line in lines if "reading" in line)
             if r["state"] != "started"}  # fmt: skip
    assert final == {r.url: "ok" for r in results}
    given = next(line["passages"] for line in lines if "passages" in line)
    assert {p["n"] for p in given} == {1, 2, 3}  # every page's passages reached the prompt
    assert sum(line.startswith("GET /delay/400?page=") for line in host.requests()) == 3
