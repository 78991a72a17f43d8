"""Fixtures for the AI summary tests: the fake LLM and the app, both on real HTTP at 127.0.0.1."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from searx.plugins import SearchContext
from searx.plugins.ai_summary import AISummaryPlugin
from searx.results.types import MainResult, ResultSet
from searx.settings import Settings
from tests.conftest import make_settings
from tests.served import ServedApp
from utils.fakes.llm import FakeLLM

RESULTS = [
    MainResult(url="https://a.example/1", title="Alpha", content="Alpha snippet about the question."),
    MainResult(url="https://b.example/2", title="No snippet", content=""),
    MainResult(url="https://c.example/3", title="Gamma", content="Gamma snippet with more detail."),
]


@pytest.fixture
def fake_llm() -> Iterator[FakeLLM]:
    with FakeLLM() as fake:
        yield fake


def summary_settings(fake: FakeLLM | None, **conf: Any) -> Settings:
    values = {"base_url": fake.base_url if fake else "", "api_key": "sk-admin-secret", "model": "fake-model",
              "first_token_timeout": 5.0, "idle_timeout": 5.0, "total_timeout": 20.0, **conf}  # fmt: skip
    return make_settings([], ai_summary=values)


def placeholder(settings: Settings, query: str = "what is alpha?", results: list[MainResult] | None = None,
                lang: str = "en-US", **prefs: str) -> dict[str, Any]:  # fmt: skip
    """The placeholder data the ai_summary plugin puts on a results page."""
    ctx = SearchContext(
        query=query, pageno=1, category="general", format="html", language=lang, safesearch=0, time_range=None,
        preferences=prefs, results=ResultSet(results=list(RESULTS if results is None else results)),
        secret_key=settings.server.secret_key.encode(),
    )
    AISummaryPlugin(settings).post_search(ctx)
    assert ctx.results.answers, "no placeholder"
    data = ctx.results.answers[0].data
    assert data is not None
    return data


def body(data: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"query": data["evidence"]["query"], "evidence": data["evidence"], "signature": data["signature"], **extra}


class Site(ServedApp):
    """The app served by werkzeug on 127.0.0.1 with a same-origin httpx client."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.client = httpx.Client(base_url=self.url, timeout=10, headers={"Origin": self.url})

    @property
    def services(self) -> Any:
        return self.app.extensions["searx"]

    def post(self, payload: Any, *, cookies: dict[str, str] | None = None, **kw: Any) -> httpx.Response:
        if cookies:  # a Cookie header: httpx per-request cookies are deprecated
            kw["headers"] = {**kw.get("headers", {}), "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}
        return self.client.post("/ai_summary", json=payload, **kw)

    def lines(self, payload: Any, **kw: Any) -> list[dict[str, Any]]:
        response = self.post(payload, **kw)
        assert response.status_code == 200, response.text
        return [httpx.Response(200, content=line).json() for line in response.text.splitlines()]

    def close(self) -> None:
        self.client.close()
        super().close()


@pytest.fixture
def site(serve_app: Callable[..., Any]) -> Callable[[Settings], Site]:
    """``site(settings)``: the app served on 127.0.0.1 with a same-origin client."""
    return lambda settings: serve_app(settings, Site)
