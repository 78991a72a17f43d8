"""The review's attack on share links: one client repeats POST /ai_summary/share on a long conversation.

Each share used to store a whole copy (some 200 kB for five turns with their passages) for a week in
the same evictable store as everything else: 1,800 of them in memory pushed out another user's share
link and conversation, a reader cooldown and an ended MCP session's marker; on Valkey 1,000 took it from
2 to 220 MB. Here the attack runs against the real app on real HTTP, with the memory store and with a
real Valkey, and everything of the others must survive.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import msgspec
import pytest

from searx.store import StoreFull
from searx.summary.conversation import SHARE_PREFIX, new_id
from searx.summary.reading import Grounding, PassageOut
from tests.conftest import json_engine_entry, make_settings
from tests.summary.conftest import Site
from tests.summary.test_follow_up import first_turn
from utils.fakes.engine import FakeEngineServer
from utils.fakes.llm import FakeLLM, Reply

FLOOD = 1800
INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
COOLED = "https://cooled.example"


@pytest.fixture(params=["memory", pytest.param("valkey", marks=pytest.mark.valkey)])
def store(request: pytest.FixtureRequest) -> Iterator[dict[str, Any]]:
    if request.param == "memory":
        yield {}
        return
    server = request.getfixturevalue("own_valkey_server")  # a server of its own: its memory is measured
    yield {"url": server.url}


def serve(site: Any, fake_engine: FakeEngineServer, fake_llm: FakeLLM, store: dict[str, Any], **conf: Any) -> Site:
    summary = {"base_url": fake_llm.base_url, "model": "fake-model", "share": True, **conf}
    engines = [json_engine_entry(fake_engine.url, "alpha", extra="&n=8&suggest=5")]
    return site(make_settings(engines, ai_summary=summary, store=store, search={"cache_ttl": 0}))


def long_conversation(app: Site, conversation_id: str) -> int:
    """The conversation made five turns long, each with 40 kB of passages read (as a conversation of long
    pages is); its size in the store."""
    kept = app.services.summary.conversations.load(conversation_id)
    passages = [PassageOut(n=1, text=f"passage {i} read from the page " * 30) for i in range(48)]
    turn = msgspec.structs.replace(kept.turns[0], grounding=Grounding(passages=passages))
    long = msgspec.structs.replace(kept, turns=[turn] * 5)
    assert app.services.summary.conversations.save(conversation_id, long)
    return len(msgspec.json.encode(long))


def others_state(app: Site) -> dict[str, Any]:
    """Another user's conversation and share link, a reader cooldown and an ended MCP session."""
    _, conversation = first_turn(app)
    link = app.client.post("/ai_summary/share", json={"conversation": conversation}).json()
    app.services.reader.politeness.record(COOLED, 429)  # the site asked the reader to slow down
    session = httpx.post(app.url + "/mcp", json=INIT, timeout=10).headers["Mcp-Session-Id"]
    assert httpx.delete(app.url + "/mcp", headers={"Mcp-Session-Id": session}, timeout=10).status_code == 204
    return {"conversation": conversation, "link": link, "session": session}


def assert_survived(app: Site, others: dict[str, Any]) -> None:
    assert app.client.get(others["link"]["url"]).status_code == 200, "another user's share link"
    assert app.services.summary.conversations.load(others["conversation"]) is not None, "a live conversation"
    cooled = app.client.get("/fetch", params={"url": COOLED + "/page"})
    assert (cooled.status_code, cooled.json()["error"]["code"]) == (429, "rate_limited"), "the reader cooldown"
    listing = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
    again = httpx.post(app.url + "/mcp", json=listing, headers={"Mcp-Session-Id": others["session"]}, timeout=10)
    assert again.status_code == 404, "the ended MCP session came back"


def used_memory(store: dict[str, Any]) -> int:
    if not store:
        return 0
    import valkey

    client = valkey.Valkey.from_url(store["url"])
    try:
        return int(client.info("memory")["used_memory"])
    finally:
        client.close()


def test_a_share_flood_stores_one_slim_copy_and_pushes_out_nobody(
        site: Any, fake_engine: FakeEngineServer, fake_llm: FakeLLM, store: dict[str, Any]) -> None:  # fmt: skip
    fake_llm.script(*[Reply.tokens(["Canberra is the capital [1]."])] * 2)
    app = serve(site, fake_engine, fake_llm, store)
    others = others_state(app)
    _, attacker = first_turn(app)
    size = long_conversation(app, attacker)
    assert size > 200_000
    before = used_memory(store)

    def share(_: int) -> httpx.Response:
        return app.client.post("/ai_summary/share", json={"conversation": attacker})

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(share, range(FLOOD)))
    assert {r.status_code for r in answers} == {200}
    assert len({r.json()["id"] for r in answers}) == 1 and len({r.json()["expires"] for r in answers}) == 1
    link = answers[0].json()["id"]
    stored = app.services.summary.conversations.shares.get(SHARE_PREFIX + link)
    assert stored is not None and len(stored) < size // 10  # what the page shows, not every passage
    assert_survived(app, others)
    if store:  # Valkey grew by the one copy, not by 1,800 (before: 2 to 220 MB for 1,000)
        assert used_memory(store) - before < 1_000_000


def test_one_client_makes_at_most_its_share_links_a_day(site: Any, fake_engine: FakeEngineServer,
                                                        fake_llm: FakeLLM) -> None:  # fmt: skip
    fake_llm.script(Reply.tokens(["Canberra is the capital [1]."]))
    app = serve(site, fake_engine, fake_llm, {}, shares_per_client=3)
    _, conversation = first_turn(app)
    kept = app.services.summary.conversations.load(conversation)
    others = [new_id() for _ in range(4)]  # four other conversations of this client (each cost it a summary)
    for other in others:
        app.services.summary.conversations.save(other, kept)
    made = [app.client.post("/ai_summary/share", json={"conversation": c}) for c in others]
    assert [r.status_code for r in made] == [200, 200, 200, 429]
    assert made[-1].json()["error"]["code"] == "rate_limited"
    assert app.client.post("/ai_summary/share", json={"conversation": conversation}).status_code == 429
    again = [app.client.post("/ai_summary/share", json={"conversation": c}) for c in others[:3]]
    # the same turns again: the same links, no quota spent
    assert [r.json()["id"] for r in again] == [r.json()["id"] for r in made[:3]]


def test_a_full_share_pool_refuses_new_links_and_keeps_the_ones_given_out(
        site: Any, fake_engine: FakeEngineServer, fake_llm: FakeLLM, store: dict[str, Any]) -> None:  # fmt: skip
    """Many clients (or one with many addresses) fill the share links' pool: new links are refused, and
    nothing else of anyone is pushed out, the links given out included."""
    fake_llm.script(*[Reply.tokens(["Canberra is the capital [1]."])] * 2)
    app = serve(site, fake_engine, fake_llm, store, share_bytes=1024 * 1024)
    others = others_state(app)
    _, attacker = first_turn(app)
    long_conversation(app, attacker)
    conversations = app.services.summary.conversations
    kept = conversations.load(attacker)
    refused = 0
    lock = threading.Lock()

    def share(n: int) -> None:
        nonlocal refused
        made = conversations.share(new_id(), kept, 2_000_000_000.0, client=f"address-{n}")
        if made == "store_full":
            with lock:
                refused += 1

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(share, range(400)))
    assert refused > 0
    with pytest.raises(StoreFull):  # the pool itself refuses; it never evicts a link
        conversations.shares.add(SHARE_PREFIX + new_id(), b"x" * 100_000, ttl=60)
    full = app.client.post("/ai_summary/share", json={"conversation": others["conversation"]})
    assert full.status_code == 200  # the same turns as before: the link it has, nothing new stored
    assert_survived(app, others)
