"""Answer cache, single-flight, the concurrency gate and user servers (the admin key stays home)."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any

import httpx
import msgspec

from searx.client_address import client_marker
from searx.network.guard import AddressGuard, CheckedURL
from searx.summary import evidence, ndjson
from searx.summary.service import SummaryService
from tests.conftest import SECRET, make_settings
from tests.summary.conftest import body, placeholder, summary_settings
from utils.fakes.llm import FakeLLM, Reply


def test_complete_answers_are_cached_and_fresh_regenerates(site: Any, fake_llm: FakeLLM) -> None:
    fake_llm.default = Reply.tokens(["Cached", " answer [1]."])
    app = site(summary_settings(fake_llm))
    data = placeholder(app.services.settings)
    first = app.lines(body(data))
    second = app.lines(body(data))
    assert fake_llm.calls == 1
    assert (second[0]["cached"], second[-1]["cached"]) == (True, True)
    assert "".join(line.get("delta", "") for line in second) == "Cached answer [1]."
    assert {k: v for k, v in second[-1].items() if k != "cached"} == {k: v for k, v in first[-1].items() if k != "cached"}
    fresh = app.lines(body(data, fresh=True))
    assert fake_llm.calls == 2 and fresh[0]["cached"] is False and fresh[-1]["cached"] is False


def test_errors_and_cut_off_answers_are_not_cached(site: Any, fake_llm: FakeLLM) -> None:
    fake_llm.script(Reply.error(500), Reply.tokens(["cut"], finish="length"), Reply.tokens(["whole"]))
    app = site(summary_settings(fake_llm))
    data = placeholder(app.services.settings)
    ends = [app.lines(body(data))[-1] for _ in range(4)]
    assert ends[0]["error"]["code"] == "llm_failed"
    assert ends[1]["finish_reason"] == "length" and ends[2]["cached"] is False and ends[3]["cached"] is True
    assert fake_llm.calls == 3


def test_cache_key_depends_on_model_and_language(site: Any, fake_llm: FakeLLM) -> None:
    app = site(summary_settings(fake_llm, models=["other-model"]))
    settings = app.services.settings
    app.lines(body(placeholder(settings)))
    app.lines(body(placeholder(settings, lang="de")))
    app.lines(body(placeholder(settings)), cookies={"ai_summary_model": "other-model"})
    assert fake_llm.calls == 3
    assert fake_llm.requests[2].body["model"] == "other-model"


def test_ten_identical_requests_share_one_generation(site: Any, fake_llm: FakeLLM) -> None:
    gate = threading.Event()
    fake_llm.script(Reply.tokens(["one", " shared", " answer [1]"], gate=gate, gate_after=1))
    app = site(summary_settings(fake_llm, max_concurrent=1, max_streams_per_client=0))  # ten streams from one client
    payload = body(placeholder(app.services.settings))
    started = threading.Barrier(11)

    def ask() -> list[str]:
        with httpx.Client(base_url=app.url, timeout=10, headers={"Origin": app.url}) as client:
            with client.stream("POST", "/ai_summary", json=payload) as response:
                lines = response.iter_lines()
                first = [next(lines)]
                started.wait()
                return first + list(lines)

    with ThreadPoolExecutor(10) as pool:
        futures = [pool.submit(ask) for _ in range(10)]
        started.wait(timeout=10)  # all ten are streaming while the one generation is held
        gate.set()
        results = [f.result() for f in futures]
    assert fake_llm.calls == 1
    # the same lines, but each request is a conversation of its own
    shared = [[line for line in r if not line.startswith('{"conversation"')] for r in results]
    assert all(r == shared[0] for r in shared)
    ids = {msgspec.json.decode(line)["conversation"]["id"] for r in results for line in r if "conversation" in line}
    assert len(ids) == 10
    assert '"done":true' in results[0][-1] and '"delta":" shared"' in results[0][2]


def test_busy_when_all_generations_are_taken(site: Any, fake_llm: FakeLLM) -> None:
    gate = threading.Event()
    fake_llm.script(Reply.tokens(["slow"], gate=gate, gate_after=0))
    app = site(summary_settings(fake_llm, max_concurrent=1, queue_timeout=0.2))
    settings = app.services.settings
    with app.client.stream("POST", "/ai_summary", json=body(placeholder(settings, query="one"))) as first:
        lines = first.iter_lines()
        next(lines)
        other = app.post(body(placeholder(settings, query="two")))
        assert (other.status_code, other.json()["error"]["code"]) == (503, "busy")
        gate.set()
        # the body ends only after the stream has given its slot back (it released it in its finally)
        assert '"done":true' in list(lines)[-1]
    assert fake_llm.calls == 1
    assert app.lines(body(placeholder(settings, query="two")))[-1]["done"] is True  # the slot came back


class _TrustingGuard(AddressGuard):
    """Accepts one test host and pins it to 127.0.0.2, where the user's fake server listens
    (the client's address is 127.0.0.1, so this is not the server talking to itself)."""

    def __init__(self, port: int) -> None:
        super().__init__(allowed_ports=(port,), own_addresses=())
        self.port = port

    def check(self, url: str) -> CheckedURL:
        assert url.startswith(f"http://llm.user.example:{self.port}/")
        return CheckedURL(url=url, scheme="http", host="llm.user.example", port=self.port, addresses=("127.0.0.2",))


def _user_site(site: Any, admin: FakeLLM, user: FakeLLM, slots: Any = None, **conf: Any) -> Any:
    app = site(summary_settings(admin, allow_user_server=True, **conf))
    app.services.summary = SummaryService(app.services.settings, app.services.store, guard=_TrustingGuard(user.port),
                                          slots=slots)  # fmt: skip
    return app


def test_user_server_gets_the_user_key_never_the_admin_key(site: Any, fake_llm: FakeLLM) -> None:
    with FakeLLM(host="127.0.0.2") as user:
        app = _user_site(site, fake_llm, user)
        server = f"http://llm.user.example:{user.port}/v1"
        cookies = {"ai_summary_server": server, "ai_summary_model": "my-model", "ai_summary_api_key": "sk-user"}
        data = placeholder(app.services.settings)
        assert app.lines(body(data), cookies=cookies)[-1]["done"] is True
        del cookies["ai_summary_api_key"]
        assert app.lines(body(data), cookies=cookies)[-1]["done"] is True
        assert fake_llm.calls == 0 and user.calls == 2
        seen = [r.headers for r in user.requests]
        assert seen[0]["authorization"] == "Bearer sk-user" and "authorization" not in seen[1]
        assert seen[0]["host"] == f"llm.user.example:{user.port}"  # connected to the checked address by name
        assert "sk-admin" not in str([r.headers for r in user.requests] + [r.body for r in user.requests])
        assert user.requests[0].body["model"] == "my-model"


def test_user_server_answers_are_not_shared(site: Any, fake_llm: FakeLLM) -> None:
    with FakeLLM(host="127.0.0.2") as user:
        app = _user_site(site, fake_llm, user)
        cookies = {"ai_summary_server": f"http://llm.user.example:{user.port}/v1"}
        data = placeholder(app.services.settings)
        app.lines(body(data), cookies=cookies)
        assert app.lines(body(data))[0]["cached"] is False  # the admin server does not reuse the user's answer
        assert fake_llm.calls == 1 and user.calls == 1


def test_user_server_is_ignored_unless_allowed(site: Any, fake_llm: FakeLLM) -> None:
    with FakeLLM(host="127.0.0.2") as user:
        app = site(summary_settings(fake_llm))
        cookies = {"ai_summary_server": user.base_url, "ai_summary_api_key": "sk-user"}
        assert app.lines(body(placeholder(app.services.settings)), cookies=cookies)[-1]["done"] is True
        assert user.calls == 0 and fake_llm.calls == 1
        assert fake_llm.requests[0].headers["authorization"] == "Bearer sk-admin-secret"


def test_user_server_on_a_local_address_is_refused(site: Any, fake_llm: FakeLLM) -> None:
    with FakeLLM(host="127.0.0.2") as user:
        app = site(summary_settings(fake_llm, allow_user_server=True))
        for server in (user.base_url, f"http://localhost:{user.port}/v1", "http://user:pw@example.org/v1",
                       "http://169.254.169.254/v1", "file:///etc/passwd"):  # fmt: skip
            response = app.post(body(placeholder(app.services.settings)), cookies={"ai_summary_server": server})
            assert (response.status_code, response.json()["error"]["code"]) == (400, "bad_request"), server
        assert user.calls == 0 and fake_llm.calls == 0


def test_user_server_same_origin_as_admin_uses_the_admin_config(site: Any, fake_llm: FakeLLM) -> None:
    app = site(summary_settings(fake_llm, allow_user_server=True))
    cookies = {"ai_summary_server": fake_llm.base_url + "/../other", "ai_summary_api_key": "sk-user"}
    assert app.lines(body(placeholder(app.services.settings)), cookies=cookies)[-1]["done"] is True
    assert fake_llm.requests[0].path == "/v1/chat/completions"
    assert fake_llm.requests[0].headers["authorization"] == "Bearer sk-admin-secret"


class _Slots:
    """The limiter's cross-instance generation cap, with one slot."""

    def __init__(self) -> None:
        self.taken: list[str] = []
        self.released: list[str] = []

    def acquire_generation(self) -> str | None:
        if len(self.taken) > len(self.released):
            return None
        self.taken.append(f"slot{len(self.taken)}")
        return self.taken[-1]

    def release_generation(self, token: str | None) -> None:
        self.released.append(str(token))


def test_shared_generation_cap(site: Any, fake_llm: FakeLLM) -> None:
    gate = threading.Event()
    fake_llm.script(Reply.tokens(["slow"], gate=gate, gate_after=0))
    app = site(summary_settings(fake_llm, max_concurrent=4, queue_timeout=0.1))
    slots = _Slots()
    app.services.summary = SummaryService(app.services.settings, app.services.store, slots=slots)
    settings = app.services.settings
    with app.client.stream("POST", "/ai_summary", json=body(placeholder(settings, query="one"))) as first:
        lines = first.iter_lines()
        next(lines)
        assert app.post(body(placeholder(settings, query="two"))).json()["error"]["code"] == "busy"
        gate.set()
        assert '"done":true' in list(lines)[-1]
    assert app.lines(body(placeholder(settings, query="two")))[-1]["done"] is True
    assert slots.taken == slots.released == ["slot0", "slot1"]


def test_requests_sharing_a_generation_that_found_no_slot_get_busy(site: Any, fake_llm: FakeLLM) -> None:
    gate = threading.Event()
    fake_llm.script(Reply.tokens(["slow"], gate=gate, gate_after=0))
    app = site(summary_settings(fake_llm, max_concurrent=1, queue_timeout=1.0, max_streams_per_client=0))
    settings, service = app.services.settings, app.services.summary
    with app.client.stream("POST", "/ai_summary", json=body(placeholder(settings, query="one"))) as first:
        next(first.iter_lines())  # holds the only slot
        waiting: dict[str, Any] = {}
        leader = threading.Thread(target=lambda: waiting.update(r=app.post(body(placeholder(settings, query="two")))))
        leader.start()
        while len(service._flights) < 2:
            time.sleep(0.01)  # the second request registered its generation and waits for a slot
        joined = app.lines(body(placeholder(settings, query="two")))
        leader.join()
        gate.set()
    assert (waiting["r"].status_code, waiting["r"].json()["error"]["code"]) == (503, "busy")
    assert joined[0]["v"] == 1 and joined[-1]["error"]["code"] == "busy" and len(joined) == 2
    assert fake_llm.calls == 1


def test_pages_loaded_at_different_times_share_the_cached_answer(site: Any, fake_llm: FakeLLM) -> None:
    # each page load signs its own expiry; the answer depends only on query, language and sources
    fake_llm.default = Reply.tokens(["Same answer [1]."])
    app = site(summary_settings(fake_llm))
    secret = app.services.settings.server.secret_key.encode()
    first = placeholder(app.services.settings)
    later = msgspec.convert({**first["evidence"], "exp": first["evidence"]["exp"] + 7}, evidence.Evidence)
    app.lines(body(first))
    again = app.lines(body({"evidence": evidence.to_dict(later), "signature": evidence.sign(later, secret)}))
    assert fake_llm.calls == 1
    assert again[0]["cached"] is True and again[-1]["cached"] is True


def test_the_admin_server_gets_only_the_admin_model_or_a_listed_one(site: Any, fake_llm: FakeLLM) -> None:
    app = site(summary_settings(fake_llm, allow_user_server=True, models=["small-model"]))
    data = placeholder(app.services.settings)
    app.lines(body(data), cookies={"ai_summary_model": "expensive-model"})
    app.lines(body(data, fresh=True), cookies={"ai_summary_model": "small-model"})
    assert [r.body["model"] for r in fake_llm.requests] == ["fake-model", "small-model"]
    assert all(r.headers["authorization"] == "Bearer sk-admin-secret" for r in fake_llm.requests)


def test_user_servers_do_not_take_the_admin_generation_slots(site: Any, fake_llm: FakeLLM) -> None:
    gate = threading.Event()
    slots = _Slots()
    with FakeLLM(host="127.0.0.2") as user:
        user.script(Reply.tokens(["slow"], gate=gate, gate_after=0))
        app = _user_site(site, fake_llm, user, slots=slots, max_concurrent=1, user_max_concurrent=1,
                         queue_timeout=0.2, max_streams_per_client=0)  # fmt: skip
        settings = app.services.settings
        cookies = {"ai_summary_server": f"http://llm.user.example:{user.port}/v1"}
        header = {"Cookie": f"ai_summary_server={cookies['ai_summary_server']}"}
        with app.client.stream("POST", "/ai_summary", json=body(placeholder(settings, query="one")),
                               headers=header) as held:  # fmt: skip
            next(held.iter_lines())
            # the slow user server holds the users' only slot; the admin server still answers everyone
            assert app.lines(body(placeholder(settings, query="two")))[-1]["done"] is True
            other = app.post(body(placeholder(settings, query="three")), cookies=cookies)
            assert (other.status_code, other.json()["error"]["code"]) == (503, "busy")
            gate.set()
        assert user.calls == 1 and fake_llm.calls == 1
        assert slots.taken == slots.released == ["slot0"]  # the shared cap saw only the admin's generation


def test_each_client_streams_at_most_its_cap(site: Any, fake_llm: FakeLLM) -> None:
    gate = threading.Event()
    fake_llm.script(Reply.tokens(["slow", " end"], gate=gate, gate_after=1))
    app = site(summary_settings(fake_llm, max_concurrent=4, max_streams_per_client=1))
    settings, service = app.services.settings, app.services.summary
    with app.client.stream("POST", "/ai_summary", json=body(placeholder(settings, query="one"))) as first:
        lines = first.iter_lines()
        next(lines)
        assert fake_llm.wait_calls(1)  # "one" has taken the slow reply; "three" gets the default one
        again = app.post(body(placeholder(settings, query="two")))
        assert (again.status_code, again.json()["error"]["code"]) == (429, "rate_limited")
        # another client is not held back by this one
        other = service.open(body(placeholder(settings, query="three")), {}, "192.0.2.7")
        assert b'"done":true' in b"".join(ndjson.body(other))
        gate.set()
        assert '"done":true' in list(lines)[-1]
    assert app.lines(body(placeholder(settings, query="two")))[-1]["done"] is True  # the stream was counted out
    assert service._streams.open_streams(client_marker("127.0.0.1", SECRET.encode())) == 0
    assert service._streams.open_streams("192.0.2.7") == 0
    assert fake_llm.calls == 3


def test_a_cached_answer_is_called_cached_only_for_the_client_that_generated_it(site: Any, fake_llm: FakeLLM) -> None:
    fake_llm.default = Reply.tokens(["Private answer [1]."])
    settings = make_settings([], ai_summary={"base_url": fake_llm.base_url, "model": "fake-model"},
                             server={"trusted_proxies": ["127.0.0.1/32"]})
    app = site(settings)
    data = placeholder(app.services.settings)
    alice, bob = {"X-Forwarded-For": "192.0.2.10"}, {"X-Forwarded-For": "198.51.100.20"}
    assert app.lines(body(data), headers=alice)[0]["cached"] is False
    seen = app.lines(body(data), headers=bob)
    assert (seen[0]["cached"], seen[-1]["cached"]) == (False, False)  # nothing tells bob what alice asked
    assert "".join(line.get("delta", "") for line in seen) == "Private answer [1]."
    assert fake_llm.calls == 1, "bob was still served from the cache"
    again = app.lines(body(data), headers=alice)
    assert (again[0]["cached"], again[-1]["cached"]) == (True, True)


def test_a_worker_that_cannot_start_frees_its_slot_cap_and_generation(monkeypatch: Any, fake_llm: FakeLLM) -> None:
    """No thread to generate (the process is out of them): the slot and the client's stream are given back,
    and the generation is not left in flight for the next identical request to wait on."""
    from searx.store.memory import MemoryStore
    from searx.summary import service as service_module

    settings = summary_settings(fake_llm, max_concurrent=1, queue_timeout=0.1)
    service = SummaryService(settings, MemoryStore())

    class NoThread(threading.Thread):
        def start(self) -> None:
            raise RuntimeError("can't start new thread")

    monkeypatch.setattr(service_module, "threading", SimpleNamespace(Thread=NoThread, Lock=threading.Lock))
    data = placeholder(settings)
    try:
        service.open(body(data), {}, "192.0.2.9")
    except RuntimeError:
        pass
    else:
        raise AssertionError("the worker started")
    monkeypatch.undo()
    assert service._streams.open_streams("192.0.2.9") == 0 and not service._flights
    lines = b"".join(ndjson.body(service.open(body(data), {}, "192.0.2.9")))  # the slot is free again
    assert b'"done":true' in lines and fake_llm.calls == 1
