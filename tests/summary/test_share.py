"""Share an answer: POST /ai_summary/share gives a link; GET /shared/<id> shows the conversation read only."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx
import msgspec
import pytest

from searx.summary.conversation import SHARE_PREFIX
from tests.summary.conftest import Site
from tests.summary.test_follow_up import FIRST, FIRST_ANSWER, Serve, ask, first_turn, lines_of, searched, serve
from utils.fakes.engine import FakeEngineServer
from utils.fakes.llm import FakeLLM, Reply

__all__ = ["serve"]  # the fixture, used by name

SECOND = ["Alpha says something useful about how many ", "people live there capital australia [6]. ",
          "It was founded in 1802 [7]."]  # fmt: skip


def share(app: Site, conversation: str, **kw: Any) -> httpx.Response:
    return app.client.post("/ai_summary/share", json={"conversation": conversation}, **kw)


def two_turns(app: Site) -> str:
    _, conversation = first_turn(app)
    assert lines_of(ask(app, conversation, "how many people live there"))[-1]["done"] is True
    return conversation


def test_a_share_link_shows_the_conversation_without_a_cookie_a_search_or_the_model(
        serve: Serve, fake_llm: FakeLLM, fake_engine: FakeEngineServer) -> None:  # fmt: skip
    fake_llm.script(Reply.tokens(FIRST_ANSWER), Reply.error(500), Reply.tokens(SECOND))
    app = serve()
    conversation = two_turns(app)
    made = share(app, conversation)
    assert made.status_code == 200 and made.headers["cache-control"] == "no-store"
    link = made.json()
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", link["id"]) and link["id"] != conversation
    assert link["url"] == f"{app.url}/shared/{link['id']}"
    assert abs(link["expires"] - (time.time() + 7 * 86400)) < 60
    calls, searches = fake_llm.calls, len(searched(fake_engine))
    with httpx.Client() as stranger:  # a fresh client: no cookie, no Origin
        page = stranger.get(link["url"])
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "set-cookie" not in page.headers
    assert page.headers["x-robots-tag"] == "noindex, nofollow"
    html = page.text
    assert '<meta name="robots" content="noindex, nofollow">' in html
    assert FIRST in html and "how many people live there" in html
    assert "Searched for:" in html and "how many people live there capital australia" in html
    assert "Canberra is the capital" in html
    # citations link to the turn's sources; the sources are listed with their numbers
    assert '<a class="ai-cite" href="https://shared.example.org/capital-of-australia/0"' in html
    assert '<li value="6"><a href="https://shared.example.org/how-many-people-live-there-capital-australia/0"' in html
    # the support marks: 1802 is in no cited snippet
    flagged = re.findall(r'<span class="ai-flag" data-state="(\w+)" title="([^"]+)">([^<]*)', html)
    assert ("weak", "No cited result supports this sentence", "It was founded in 1802 ") in flagged
    assert "(No cited result supports this sentence)" in html  # for screen readers too
    assert "<script" not in html.split("</head>", 1)[1]  # the page is plain HTML
    assert (fake_llm.calls, len(searched(fake_engine))) == (calls, searches)


def test_a_share_keeps_no_preferences_no_server_and_no_client(serve: Serve, fake_llm: FakeLLM) -> None:
    app = serve()
    _, conversation = first_turn(app, headers={"Cookie": "safesearch=2; ai_summary_model=fake-model"})
    share_id = share(app, conversation).json()["id"]
    raw = app.services.summary.conversations.shares.get(SHARE_PREFIX + share_id).decode()
    stored = json.loads(raw)
    assert set(stored) == {"v", "created", "turns"}
    assert "server" not in raw and "creator" not in raw and "127.0.0.1" not in raw and "safesearch" not in raw
    # what the shared page shows, nothing more: no passages read, no snippets, no related questions
    assert set(stored["turns"][0]) == {"question", "query", "text", "model", "citations", "sources", "review"}
    assert set(stored["turns"][0]["sources"][0]) == {"n", "title", "url"}


def test_answer_text_and_snippets_are_escaped_on_the_shared_page(serve: Serve, fake_llm: FakeLLM) -> None:
    fake_llm.script(Reply.tokens(['<script>alert(1)</script> <img src=x onerror="alert(2)"> ',
                                  "[click](javascript:alert(3)) [1] [99]."]))  # fmt: skip
    app = serve()
    _, conversation = first_turn(app)
    html = httpx.get(share(app, conversation).json()["url"]).text
    body = html.split("</head>", 1)[1]
    assert "<script>alert" not in body and "<img src=x" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert 'href="javascript' not in body and "[99]" in body  # a number that names no source stays text
    assert re.findall(r'class="ai-cite" href="([^"]+)"', body) == ["https://shared.example.org/capital-of-australia/0"]


@pytest.mark.parametrize("conf", [{"server": {"public_instance": True}}, {"share": False}])
def test_sharing_can_be_switched_off(serve: Serve, fake_llm: FakeLLM, conf: dict[str, Any]) -> None:
    app = serve(**conf)
    lines, conversation = first_turn(app)
    assert next(line for line in lines if "conversation" in line)["conversation"]["share"] is False
    response = share(app, conversation)
    assert (response.status_code, response.json()["error"]["code"]) == (404, "disabled")
    assert httpx.get(f"{app.url}/shared/{'A' * 22}").status_code == 404


@pytest.mark.parametrize("share_id", ["A" * 22, "..%2F..%2Fetc", "x" * 300])
def test_an_unknown_share_is_a_readable_404(serve: Serve, share_id: str) -> None:
    app = serve()
    page = httpx.get(f"{app.url}/shared/{share_id}")
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    # an address with slashes is no share address at all
    said = "There is nothing at this address." if "%2F" in share_id else "This shared answer has expired"
    assert said in page.text and "Traceback" not in page.text


@pytest.mark.parametrize(("payload", "status", "code"), [
    ({"conversation": "A" * 22}, 403, "bad_conversation"),
    ({"conversation": "A" * 22, "turns": []}, 400, "bad_request"),
    ({"conversation": 7}, 400, "bad_request"),
    ([1, 2], 400, "bad_request"),
])  # fmt: skip
def test_bad_share_requests_are_refused(serve: Serve, payload: Any, status: int, code: str) -> None:
    app = serve()
    response = app.client.post("/ai_summary/share", json=payload)
    assert (response.status_code, response.json()["error"]["code"]) == (status, code)


def test_a_share_must_come_from_this_site(serve: Serve, fake_llm: FakeLLM) -> None:
    app = serve()
    _, conversation = first_turn(app)
    response = share(app, conversation, headers={"Origin": "https://evil.example"})
    assert (response.status_code, response.json()["error"]["code"]) == (403, "forbidden")


def test_opening_a_share_counts_against_the_limiter(serve: Serve, fake_llm: FakeLLM) -> None:
    app = serve(server={"limiter": True}, limiter={"search": {"limit": 4, "window": 60}})
    _, conversation = first_turn(app)  # the search page: one
    url = share(app, conversation).json()["url"]  # making the link: two
    with httpx.Client() as stranger:
        assert [stranger.get(url).status_code for _ in range(3)] == [200, 200, 429]


def test_a_link_made_as_a_copy_of_whole_turns_still_opens(serve: Serve, fake_llm: FakeLLM) -> None:
    """Links made before shares kept only what their page shows hold whole turns (passages, snippets)."""
    app = serve()
    _, conversation = first_turn(app)
    kept = app.services.summary.conversations.load(conversation)
    old = {"v": 1, "created": int(time.time()), "turns": [msgspec.to_builtins(t) for t in kept.turns]}
    assert "grounding" in old["turns"][0] and "snippet" in old["turns"][0]["sources"][0]
    app.services.summary.conversations.shares.set(SHARE_PREFIX + "B" * 22, json.dumps(old).encode(), ttl=60)
    page = httpx.get(f"{app.url}/shared/{'B' * 22}")
    assert page.status_code == 200 and f">{kept.turns[0].question}</h2>" in page.text
    assert 'data-state="weak"' in page.text and "Hello world" in page.text  # the answer and its support marks
