"""The summary's conversation end to end in Chromium: the follow-up input, two more turns (one typed and
sent by keyboard, one from a related question's button), Share opened in a fresh context without cookies or
JavaScript; at desktop width, and at 320 px right to left."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import ANSWER, OUTPUT
from tests.browser.test_summary_box import QUESTION, assert_clean
from utils.fakes.llm import FakeLLM, Reply

pytestmark = pytest.mark.browser

FOLLOW_UP = "how many people live there"
REWRITE = "how many people live in alpha"  # keeps the follow-up's words, brings the topic: passes the check
# the fake engine's snippets: "Snippet N about <query>: alpha says something useful here."
SECOND = ["Alpha says something useful ", "about how many people live in alpha [6]. ", "The moon is cheese [7]."]
THIRD = ["Alpha says something useful here [11]."]


def _conversation(serve: Any, browser: Any, llm: FakeLLM, name: str, **spec: Any) -> dict[str, Any]:
    # the first answer, the follow-up's rewrite and answer, then the related question's: a rewrite that is
    # an answer (it fails the check: the fallback is searched) and its answer
    llm.script(Reply.tokens(ANSWER), Reply.tokens([REWRITE]), Reply.tokens(SECOND),
               Reply.tokens(["It was founded in 1913 [1]."]), Reply.tokens(THIRD))  # fmt: skip
    app = serve(engine="&n=8&suggest=5", share=True)
    shot = OUTPUT / f"ai-conversation-{name}.png"
    r = browser("conversation", app.search(QUESTION), screenshots=[str(shot)], question=FOLLOW_UP,
                timeout=120, **spec)  # fmt: skip
    assert_clean(r)
    assert shot.stat().st_size > 10_000
    return r


def _check_turns(r: dict[str, Any]) -> None:
    first = r["afterFirst"]
    assert first["inputShown"] and first["label"]
    # the reserved height held the form and the related questions: the first result never moved
    assert len(set(r["topsAtDone"])) == 1, r["topsAtDone"]
    assert len(first["related"]) == 3 and QUESTION not in first["related"], first["related"]
    assert first["share"] and first["turns"] == []

    # Keyboard: Tab from Copy passes the related questions and lands in the input; Enter sends it,
    # and the input stays focused (read only) while the answer streams.
    assert r["tabs"][-1] == "ai-follow-up-input", r["tabs"]
    assert any("ai-related__btn" in str(t) for t in r["tabs"]), r["tabs"]
    streaming = r["whileStreaming"]
    assert streaming["focused"] == "ai-follow-up-input" and streaming["readOnly"] is True
    assert streaming["related"] == [] and not streaming["share"]

    second = r["afterSecond"]["turns"]
    assert len(second) == 1
    turn = second[0]
    assert (turn["turn"], turn["state"], turn["question"]) == ("2", "done", FOLLOW_UP)
    assert turn["searched"].endswith(REWRITE)  # the rewrite passed its check
    assert turn["answer"].startswith("".join(SECOND))  # then the weak mark's words for screen readers
    # citations numbered on from the first turn's five sources, each naming a source of this turn
    assert [c["n"] for c in turn["cites"]] == ["6", "7"]
    assert all(c["href"].startswith(("#result-", "http://", "https://")) for c in turn["cites"])
    assert "[6]" in turn["used"] and "[7]" in turn["used"]
    assert turn["flags"] >= 1  # the support check ran on this turn: "The moon is cheese" is weak
    assert turn["buttons"] == ["regenerate", "copy"]
    assert r["afterSecond"]["readOnly"] is False and r["afterSecond"]["focused"] == "ai-follow-up-input"

    third = r["afterThird"]["turns"]
    assert len(third) == 2 and third[1]["state"] == "done"
    asked = r["afterSecond"]["related"][0]
    assert third[1]["question"] == asked  # the related question's button asked it
    # its rewrite was an answer (it failed the check): the question and the earlier key terms were searched
    assert asked in third[1]["searched"] and "1913" not in third[1]["searched"]
    assert third[1]["answer"].startswith("".join(THIRD)) and [c["n"] for c in third[1]["cites"]] == ["11"]


def _check_shared(r: dict[str, Any]) -> None:
    link = r["shared"]["shareLink"]
    assert link and "/shared/" in link
    opened = r["opened"]
    assert opened["status"] == 200 and opened["cookiesSent"] == 0
    assert opened["robots"] == "noindex, nofollow" and opened["robotsHeader"] == "noindex, nofollow"
    turns = r["afterThird"]["turns"]
    assert opened["questions"] == [QUESTION, FOLLOW_UP, turns[1]["question"]]
    assert len(opened["answers"]) == 3 and "The moon is cheese" in opened["answers"][1]
    assert opened["flags"] >= 1 and opened["sources"] >= 3
    assert opened["forms"] == 0  # read only: no summary box, no follow-up form (and read with JavaScript off)
    assert opened["scrollWidth"] <= opened["viewport"]


def test_two_follow_ups_by_keyboard_and_button_then_share(serve, browser, llm) -> None:
    r = _conversation(serve, browser, llm, "desktop")
    _check_turns(r)
    _check_shared(r)
    first = r["afterFirst"]
    assert first["label"] == "Ask a follow-up"
    assert first["outside"] == [] and first["scrollWidth"] <= first["viewport"]


def test_the_conversation_at_320px_right_to_left(serve, browser, llm) -> None:
    r = _conversation(serve, browser, llm, "rtl-320", locale="ar", viewport={"width": 320, "height": 800})
    for report in (r["afterFirst"], r["afterThird"], r["shared"]):
        assert report["dir"] == "rtl"
        assert report["outside"] == [] and report["scrollWidth"] <= report["viewport"], report["outside"]
    assert r["afterFirst"]["inputDirection"] == "rtl"
    assert r["afterFirst"]["label"] == "اطرح سؤالًا متابعًا"
    _check_turns(r)
    _check_shared(r)
    assert r["opened"]["dir"] == "rtl"
