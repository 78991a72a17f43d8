"""The LLM client against the fake server: every stream fault maps to its stable code."""

from __future__ import annotations

import json
import threading
import time

import pytest

from searx.errors import LLMError
from searx.logtext import loggable
from searx.summary.llm import Finish, Limits, LLMStream, Target, Token
from utils.fakes.llm import FakeLLM, Reply

LIMITS = Limits(connect=2.0, first_token=2.0, idle=2.0, total=10.0)


def _run(fake: FakeLLM, limits: Limits = LIMITS, api_key: str = "") -> tuple[str, str | None]:
    stream = LLMStream(Target(fake.base_url, "fake-model", api_key), {"messages": [], "stream": True}, limits)
    text, finish = "", None
    for event in stream:
        if isinstance(event, Token):
            text += event.text
        elif isinstance(event, Finish):
            finish = event.reason
    return text, finish


def _code(fake: FakeLLM, limits: Limits = LIMITS) -> str:
    with pytest.raises(LLMError) as info:
        _run(fake, limits)
    return info.value.code


def test_streamed_answer_with_pings(fake_llm: FakeLLM) -> None:
    fake_llm.script(Reply.tokens(["Grüße", " aus", " [1]"], ping=True))
    assert _run(fake_llm, api_key="sk-admin") == ("Grüße aus [1]", "stop")
    request = fake_llm.requests[0]
    assert request.headers["authorization"] == "Bearer sk-admin"
    assert request.body == {"messages": [], "stream": True}


def test_every_byte_its_own_write(fake_llm: FakeLLM) -> None:
    fake_llm.script(Reply.tokens(["Ünïcödé", " 😀", " ok"], split=True, ping=True))
    assert _run(fake_llm) == ("Ünïcödé 😀 ok", "stop")


def test_reasoning_and_think_blocks_stay_out(fake_llm: FakeLLM) -> None:
    fake_llm.script(Reply.tokens(["Answer"], reasoning=["hmm", " let me see"], think=True))
    assert _run(fake_llm) == ("Answer", "stop")


def test_only_thinking_is_no_answer(fake_llm: FakeLLM) -> None:
    fake_llm.script(Reply.tokens([], reasoning=["hmm"], think=True))
    assert _code(fake_llm) == "no_answer"


def test_finish_reason_without_done_is_complete(fake_llm: FakeLLM) -> None:
    fake_llm.script(Reply.tokens(["a"], done=False))
    assert _run(fake_llm) == ("a", "stop")


@pytest.mark.parametrize(
    ("reply", "code"),
    [
        (Reply.tokens(["a", "b"], finish=None, done=False), "interrupted"),
        (Reply.tokens(["a", "b"], finish=None, done=True), "interrupted"),  # llama.cpp cut short
        (Reply(steps=[]), "interrupted"),  # an empty 200 stream (context overflow)
        (Reply.tokens(["a", "b"], error_after=1), "llm_failed"),
        (Reply(steps=[("send", b"data: {not json\n\n")]), "llm_failed"),
        (Reply.error(401), "llm_rejected"),
        (Reply.error(404), "llm_rejected"),
        (Reply.error(429), "rate_limited"),
        (Reply.error(500, "Internal Server Error"), "llm_failed"),
        (Reply.error(302), "llm_rejected"),  # redirects are refused, not followed
    ],
)
def test_faults_map_to_codes(fake_llm: FakeLLM, reply: Reply, code: str) -> None:
    fake_llm.script(reply)
    assert _code(fake_llm) == code
    assert fake_llm.calls == 1


def test_unreachable() -> None:
    with FakeLLM() as fake:
        url = fake.base_url
    stream = LLMStream(Target(url, "m"), {}, LIMITS)
    with pytest.raises(LLMError) as info:
        list(stream)
    assert info.value.code == "llm_unreachable"


def test_first_token_timeout_while_pings_arrive(fake_llm: FakeLLM) -> None:
    pings = [("send", b": ping\n\n"), ("sleep", 0.1)] * 20
    fake_llm.script(Reply(steps=pings))
    started = time.monotonic()
    assert _code(fake_llm, Limits(connect=1, first_token=0.5, idle=5, total=10)) == "first_token_timeout"
    assert time.monotonic() - started < 1.5


def test_idle_timeout(fake_llm: FakeLLM) -> None:
    fake_llm.script(Reply.stall(5, before=["a"]))
    assert _code(fake_llm, Limits(connect=1, first_token=5, idle=0.3, total=10)) == "idle_timeout"
    assert fake_llm.disconnected.wait(1.0), "the upstream request was not closed"


def test_deadline(fake_llm: FakeLLM) -> None:
    fake_llm.script(Reply.tokens(["a"] * 50, delay=0.05))
    assert _code(fake_llm, Limits(connect=1, first_token=5, idle=5, total=0.5)) == "deadline"


def test_close_from_another_thread_closes_upstream_at_once(fake_llm: FakeLLM) -> None:
    fake_llm.script(Reply.stall(10, before=["a"]))
    stream = LLMStream(Target(fake_llm.base_url, "m"), {}, LIMITS)
    events = iter(stream)
    assert next(events) == Token("a")
    threading.Timer(0.1, stream.close).start()
    with pytest.raises(LLMError):
        next(events)
    assert fake_llm.disconnected.wait(1.0)


def test_closed_before_start_never_calls(fake_llm: FakeLLM) -> None:
    stream = LLMStream(Target(fake_llm.base_url, "m", "sk-x"), {}, LIMITS)
    stream.close()
    with pytest.raises(LLMError):
        list(stream)
    assert fake_llm.calls == 0
    assert "sk-x" not in repr(stream.target)


def test_connection_lost_after_finish_reason_is_complete(fake_llm: FakeLLM) -> None:
    # finish_reason arrives, then the connection breaks mid-chunk: the answer is whole
    steps = Reply.tokens(["whole"], done=False).steps + [("send", b"data: {\"cho")]
    fake_llm.script(Reply(steps=[*steps, ("cut", None)]))
    assert _run(fake_llm) == ("whole", "stop")


def test_connection_lost_mid_answer_is_interrupted(fake_llm: FakeLLM) -> None:
    fake_llm.script(Reply(steps=[*Reply.tokens(["half"], finish=None, done=False).steps, ("cut", None)]))
    assert _code(fake_llm) == "interrupted"


def test_a_transport_error_is_logged_by_its_class_only(fake_llm: FakeLLM, caplog: pytest.LogCaptureFixture) -> None:
    # httpx refuses the header and quotes its value (the key) in the message
    caplog.set_level("INFO")
    with pytest.raises(LLMError):
        _run(fake_llm, api_key="sk-secret\r\nX-Injected: 1")
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "ai_summary:" in logged and "sk-secret" not in logged and "X-Injected" not in logged
    assert fake_llm.calls == 0


def test_a_servers_error_message_is_logged_escaped(fake_llm: FakeLLM, caplog: pytest.LogCaptureFixture) -> None:
    message = "boom\r\n2026-01-01 INFO forged line\x00\u2028\x1b[31m"
    error = json.dumps({"error": {"message": message}}).encode()
    fake_llm.script(Reply(steps=[("send", b"data: " + error + b"\n\n")]))
    caplog.set_level("INFO")
    with pytest.raises(LLMError):
        _run(fake_llm)
    [record] = [r for r in caplog.records if "boom" in r.getMessage()]
    text = record.getMessage()
    assert "boom\\x0d\\x0a2026-01-01 INFO forged line\\x00\\u2028\\x1b[31m" in text
    assert not any(c in text for c in "\r\n\x00\u2028\x1b")


def test_loggable_escapes_and_bounds() -> None:
    assert loggable("a\tb\\c\u202ed\ud800") == "a\\x09b\\x5cc\\u202ed\\ud800"
    assert loggable("x" * 1000) == "x" * 300 and loggable("é中", limit=5) == "é中"
