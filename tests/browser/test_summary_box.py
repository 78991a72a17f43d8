"""The AI summary box end to end: real app, fake engine, fake LLM, Debian's Chromium."""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
from typing import Any
from urllib.parse import urlsplit

import pytest

from searx.summary.ndjson import ERRORS, error_body, status
from tests.browser.conftest import OUTPUT, ROOT
from utils.fakes.llm import Reply

QUESTION = "what is alpha?"

pytestmark = pytest.mark.browser


def sources(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The evidence the box posted (what the model was given)."""
    return json.loads(report["seen"]["requests"][0]["body"])["evidence"]["sources"]


def assert_clean(report: dict[str, Any]) -> None:
    """No script error, no dialog, no CSP violation on the page."""
    seen = report["seen"]
    assert seen["pageErrors"] == []
    assert seen["dialogs"] == []
    assert not [m for m in seen["console"] if "Content Security Policy" in m or "Refused to" in m]


def test_answer_grows_in_steps_then_done_without_moving_results(serve, browser) -> None:
    app = serve()
    shot = OUTPUT / "ai-summary-desktop.png"
    r = browser("stream", app.search(QUESTION), screenshots=[str(shot)])
    assert_clean(r)
    probe = r["probe"]
    assert probe["states"] == ["loading", "streaming", "done"]
    grown = [t for t in probe["texts"] if t]
    assert len(grown) >= 4, grown  # several visible steps before "done"
    assert all(len(a) < len(b) for a, b in zip(grown, grown[1:], strict=False))
    assert r["answer"].startswith("Alpha is the first letter [1].")
    assert r["state"] == "done" and r["busy"] == "false"
    assert set(probe["busy"]) == {"true"}
    assert probe["live"] == ["Answer started", "Answer ready"]
    assert r["basis"] == "Based on 5 search snippets"
    assert r["model"] == "fake-model"
    assert r["buttons"] == ["regenerate", "copy"]
    # The first result never moves while the box fills.
    assert len(probe["tops"]) > 3 and len(set(probe["tops"])) == 1, probe["tops"]
    assert shot.stat().st_size > 10_000
    if os.environ.get("SEARX_UPDATE_SCREENSHOTS"):
        shutil.copyfile(shot, ROOT / "docs" / "screenshot-ai-summary.png")


def test_citations_link_to_their_results_and_show_the_snippet(serve, browser) -> None:
    app = serve()
    r = browser("citations", app.search(QUESTION))
    assert_clean(r)
    given = {s["n"]: s for s in sources(r)}
    by_href = {res["href"]: res["id"] for res in r["results"]}
    cites = r["cites"]
    # [9] names no source: it stays plain text.
    assert [c["n"] for c in cites] == ["1", "3", "2"]
    assert "[9]" in r["answer"]
    for c in cites:
        source = given[int(c["n"])]
        assert c["text"] == f"[{c['n']}]"
        assert c["href"] == f"#{by_href[source['url']]}"
        assert c["focused"]["visible"] and c["focused"]["describedby"] == "ai-summary-tip"
        assert c["focused"]["title"] == source["title"]
        assert c["focused"]["snippet"] == source["snippet"]
        assert c["focused"]["site"] == urlsplit(source["url"]).hostname
        assert c["hiddenAfterEscape"]
        assert c["hovered"] == source["snippet"]
    assert r["jump"] == {"focusedResult": by_href[given[2]["url"]], "inViewport": True}


def test_stop_closes_the_upstream_request(serve, browser, llm) -> None:
    llm.script(Reply.tokens([f"word{i} " for i in range(60)], delay=0.25))
    app = serve()
    r = browser("stop", app.search(QUESTION))
    assert r["state"] == "stopped"
    assert r["note"] == "Stopped."
    assert r["answer"].startswith("word0")
    assert "retry" in r["buttons"]
    assert r["focusedAction"] == "retry"  # focus stays in the box when Stop disappears
    assert llm.disconnected.wait(5), "the server kept the LLM request open"


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _fulfilled(code: str) -> dict[str, Any]:
    """The server's own refusal, for a code this test cannot make the server produce."""
    return {
        "fulfill": {"status": status(code), "contentType": "application/json", "body": json.dumps(error_body(code))}
    }


# code -> (ai_summary settings, LLM replies, request mutation, scenario)
ERROR_CASES: dict[str, tuple[dict[str, Any], list[Reply], dict[str, Any] | None, str]] = {
    "not_configured": ({}, [], _fulfilled("not_configured"), "stream"),
    "bad_request": ({}, [], {"body": "invalid"}, "stream"),
    # The page is loaded as localhost and its POST sent to 127.0.0.1: a cross-origin call.
    "forbidden": ({}, [], None, "stream"),
    "bad_signature": ({}, [], {"signature": "0" * 64}, "stream"),
    "expired": ({"signature_ttl": 1, "default_mode": "click"}, [], None, "click"),
    "busy": ({"max_concurrent": 1, "queue_timeout": 0.2}, [], None, "twoPages"),
    "rate_limited": ({}, [Reply.error(429)], None, "stream"),
    "llm_unreachable": ({"base_url": f"http://127.0.0.1:{_closed_port()}/v1"}, [], None, "stream"),
    "llm_rejected": ({}, [Reply.error(400)], None, "stream"),
    "llm_failed": ({}, [Reply.error(500)], None, "stream"),
    "first_token_timeout": ({"first_token_timeout": 0.5}, [Reply.stall(10)], None, "stream"),
    "idle_timeout": ({"idle_timeout": 0.5}, [Reply.stall(10, before=["Hello", " there"])], None, "stream"),
    "deadline": ({"total_timeout": 1.0}, [Reply.tokens(["slow "] * 40, delay=0.1)], None, "stream"),
    "interrupted": ({}, [Reply.tokens(["cut ", "off"], finish=None, done=False)], None, "stream"),
    "no_answer": ({}, [Reply.tokens([])], None, "stream"),
}


@pytest.mark.parametrize("code", sorted(ERROR_CASES))
def test_each_error_code_shows_its_message_and_retry(code, serve, browser, llm) -> None:
    conf, replies, mutate, scenario = ERROR_CASES[code]
    gate = threading.Event()
    if code == "busy":  # the first page holds the only generation slot open
        replies = [Reply.tokens(["held ", "open"], gate_after=1, gate=gate)]
    llm.script(*replies)
    app = serve(**conf)
    spec: dict[str, Any] = {"mutate": mutate} if mutate else {}
    if code == "expired":
        spec["waitMs"] = 2500
    if code == "busy":
        spec["url2"] = app.search("another question?")
    url = app.search(QUESTION)
    if code == "forbidden":
        url = url.replace("127.0.0.1", "localhost", 1)
        spec["mutate"] = {"host": urlsplit(app.url).netloc}
    try:
        r = browser(scenario, url, **spec)
    finally:
        gate.set()
    box = r["after"] if scenario == "click" else r["second"] if scenario == "twoPages" else r
    assert box["error"] == code
    assert box["state"] == ("interrupted" if code == "interrupted" else "error")
    assert box["note"] == ERRORS[code][1]
    assert "retry" in box["buttons"]
    assert box["busy"] == "false"


XSS = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>'


def test_xss_in_snippets_and_model_output_does_not_run(serve, browser, llm) -> None:
    llm.script(Reply.tokens([
        'Answer <img src=x onerror="window.pwned=3"> ', "<script>window.pwned=4</script> ",
        "[click](javascript:window.pwned=5) ", "![leak](https://evil.example/leak.png) ",
        "[1](javascript:window.pwned=6) ", '<a href="javascript:window.pwned=7">[2]</a> ',
        "&lt;b onmouseover=window.pwned=8&gt; [1]",
    ]))  # fmt: skip
    app = serve()
    r = browser("xss", app.search(f"alpha {XSS}"))
    assert_clean(r)
    assert r["state"] == "done"
    effects = r["effects"]
    assert effects["pwned"] is None
    assert effects["liveInBox"] == 0
    assert effects["pageImages"] == 0
    assert effects["boxLinks"] and all(h.startswith("#result-") for h in effects["boxLinks"])
    # The payloads are shown as text: in the answer and in the snippet tip.
    assert "<script>window.pwned=4</script>" in r["answer"]
    assert "&lt;b onmouseover" in r["answer"]
    assert XSS in effects["tip"]


def test_on_click_sends_nothing_until_pressed(serve, browser, llm) -> None:
    app = serve(default_mode="click")
    shot = OUTPUT / "ai-summary-click.png"
    r = browser("click", app.search(QUESTION), waitMs=800, screenshots=[str(shot)])
    before, after = r["before"], r["after"]
    assert before["state"] == "idle" and before["buttons"] == ["ask"]
    assert before["requests"] == 0
    assert len(set(before["probe"]["tops"])) == 1  # the button takes the space CSS reserved
    assert after["state"] == "done"
    assert len(r["seen"]["requests"]) == 1
    assert llm.calls == 1


def test_copy_and_regenerate(serve, browser, llm) -> None:
    app = serve()
    r = browser("actions", app.search(QUESTION), permissions=["clipboard-read", "clipboard-write"])
    assert r["clipboard"].startswith("Alpha is **the first** letter [1].")
    assert "\n\nSources:\n[1] " in r["clipboard"]
    assert r["fresh"] == [False, True]
    assert r["state"] == "done"
    assert llm.calls == 2  # Regenerate asked the model again instead of the cache


def test_without_javascript_there_is_no_box(serve, browser, llm) -> None:
    app = serve()
    r = browser("idle", app.search(QUESTION), javaScriptEnabled=False, waitMs=300)
    assert r["present"] is True and r["hidden"] is True
    assert llm.calls == 0


def test_never_sends_nothing_and_shows_no_box(serve, browser, llm) -> None:
    app = serve(default_mode="never")
    r = browser("idle", app.search(QUESTION))
    assert r["present"] is False
    assert r["seen"]["requests"] == []
    assert llm.calls == 0


def test_only_questions_skips_other_queries(serve, browser, llm) -> None:
    app = serve(default_mode="questions")
    r = browser("idle", app.search("alpha letter"))
    assert r["present"] is True and r["hidden"] is True
    assert r["seen"]["requests"] == []
    r = browser("stream", app.search("how does alpha work"))
    assert r["state"] == "done"
    assert llm.calls == 1


def test_long_answer_collapses_without_moving_results(serve, browser, llm) -> None:
    llm.script(Reply.tokens([f"Sentence number {i} of a long answer [1]. " for i in range(80)], delay=0.005))
    app = serve(max_tokens=2000)
    r = browser("stream", app.search(QUESTION), expand=True, screenshots=[str(OUTPUT / "ai-summary-long.png")])
    assert r["state"] == "done"
    assert "more" in r["buttons"]
    assert len(set(r["probe"]["tops"])) == 1, r["probe"]["tops"]
    assert r["heights"]["head"] > 10 and r["heights"]["actions"] > 20  # only the answer area is clipped
    assert r["heights"]["body"] > 100
    assert "more" in r["expanded"]["buttons"]


def test_small_dark_reduced_motion(serve, browser) -> None:
    app = serve()
    shot = OUTPUT / "ai-summary-320-dark.png"
    r = browser("layout", app.search(QUESTION), screenshots=[str(shot)], viewport={"width": 320, "height": 720},
                colorScheme="dark", reducedMotion="reduce")  # fmt: skip
    assert r["state"] == "done"
    layout = r["layout"]
    assert 0 <= layout["boxLeft"] and layout["boxRight"] <= layout["viewport"]
    assert layout["background"] == "rgb(28, 31, 36)"
    assert layout["loadingAnimation"] == "none"
    assert len(set(r["probe"]["tops"])) == 1


@pytest.mark.real_llm
@pytest.mark.skipif(not os.environ.get("SEARX_TEST_LLM_URL"), reason="SEARX_TEST_LLM_URL is not set (make llm)")
def test_against_a_real_llm(serve, browser) -> None:
    """The first test once more, against llama.cpp's server: the protocol, not the wording."""
    app = serve(base_url=os.environ["SEARX_TEST_LLM_URL"], model="smollm2", max_sources=3, max_tokens=96,
                temperature=0.0, first_token_timeout=60.0, idle_timeout=30.0, total_timeout=120.0)  # fmt: skip
    shot = OUTPUT / "ai-summary-real-llm.png"
    r = browser("stream", app.search(QUESTION), timeout=180, screenshots=[str(shot)])
    assert_clean(r)
    assert r["state"] == "done", r["note"]
    assert len([t for t in r["probe"]["texts"] if t]) >= 2
    assert len(set(r["probe"]["tops"])) == 1


# supported, weak (a date no snippet has), uncited, supported; the fake engine's snippets are
# "Snippet N-1 about <query>: alpha says something useful here." (source n is rank n-1)
SUPPORT_ANSWER = ["Alpha says something ", "useful about the question [1]. ", "Alpha was founded in 1802 ",
                  "by sailors [2]. ", "Many people like it a lot. ", "Snippet 2 says something useful [3]."]  # fmt: skip


def test_support_marks_render_are_announced_and_survive_regenerate_and_replay(serve, browser, llm) -> None:
    llm.script(Reply.tokens(SUPPORT_ANSWER, delay=0.02), Reply.tokens(SUPPORT_ANSWER, delay=0.02))
    app = serve()
    shot = OUTPUT / "ai-summary-support.png"
    r = browser("support", app.search(QUESTION), screenshots=[str(shot)])
    weak = "No cited result supports this sentence"
    uncited = "This sentence cites no result"
    expected = [
        {"state": "weak", "title": weak, "text": "Alpha was founded in 1802 by sailors [2].", "underline": "dotted"},
        {"state": "uncited", "title": uncited, "text": "Many people like it a lot.", "underline": "dotted"},
    ]
    for phase in ("first", "regenerated", "replayed"):
        box = r[phase]
        assert box["state"] == "done", phase
        assert box["marks"]["flags"] == expected, phase
        assert box["marks"]["srTexts"] == [f" ({weak})", f" ({uncited})"], phase
        assert box["marks"]["used"] == "Cited: [1] [2] [3]", phase
        assert box["marks"]["caution"] == "", phase
        # the text itself is shown whole
        assert box["answer"].replace(f" ({weak})", "").replace(f" ({uncited})", "") == "".join(SUPPORT_ANSWER)
        # the first result never moved while the box filled and was marked
        assert len(set(box["probe"]["tops"])) == 1, (phase, box["probe"]["tops"])
    assert r["replayed"]["marks"]["cached"] is True and r["first"]["marks"]["cached"] is False
    for phase in ("first", "replayed"):  # screen readers get the flag's words right after the sentence
        tree = " ".join(r[phase]["aria"].split())
        assert tree.index("by sailors") < tree.index(f"({weak})") < tree.index("Many people"), tree
        assert f"a lot. ({uncited})" in tree, tree
    assert llm.calls == 2  # the reload replayed the cached answer, marks and all


def test_a_sentence_whose_source_says_the_opposite_says_why(serve, browser, llm) -> None:
    # the snippets say "alpha says something useful here"; the first sentence denies it
    answer = ["Alpha says nothing useful ", "about the question [1]. ", "Snippet 2 says something useful [3]. ",
              "Alpha says something useful here [2]."]  # fmt: skip
    llm.script(Reply.tokens(answer, delay=0.02), Reply.tokens(answer, delay=0.02))
    app = serve()
    r = browser("support", app.search(QUESTION))
    opposite = "The cited source says the opposite"
    for phase in ("first", "regenerated", "replayed"):
        box = r[phase]
        assert box["state"] == "done", phase
        assert box["marks"]["flags"] == [{"state": "weak", "title": opposite, "underline": "dotted",
                                          "text": "Alpha says nothing useful about the question [1]."}], phase
        assert box["marks"]["srTexts"] == [f" ({opposite})"], phase
        assert box["marks"]["caution"] == "", phase
    assert llm.calls == 2


class _SlowReader:
    """Stands in for the page reader (which refuses the loopback pages of a test): each page
    answers after ``delay`` seconds with a text about it."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.urls: list[str] = []

    def read(self, url: str, *, format: str = "markdown", deadline: float | None = None,
             accept_language: str | None = None, client: str | None = None, lane: str = "api") -> Any:  # fmt: skip
        self.urls.append(url)
        threading.Event().wait(self.delay)  # the page's answer time
        text = f"The page {url} says that alpha was founded in 1802 by sailors."
        return type("Page", (), {"document": type("Doc", (), {"text": text})()})()


def test_reading_pages_shows_progress_then_the_pages_used_and_the_passage(serve, browser, llm) -> None:
    llm.script(Reply.tokens(["Alpha was founded ", "in 1802 by sailors [1]."], delay=0.02))
    app = serve(read_pages=3)
    reader = _SlowReader(0.4)
    app.app.extensions["searx"].summary._reader = reader  # the app's page reader, here a stand-in
    r = browser("reading", app.search(QUESTION))
    assert_clean(r)
    assert r["state"] == "done"
    assert "Reading 3 pages…" in r["probe"]["loading"]
    assert r["basis"] == "Based on 3 pages and 2 snippets"
    assert r["read"] == "Pages read: [1] [2] [3]"
    given = sources(r)
    assert reader.urls and set(reader.urls) == {s["url"] for s in given[:3]}
    assert r["passages"] == [f"The page {given[0]['url']} says that alpha was founded in 1802 by sailors."]
    assert len(set(r["probe"]["tops"])) == 1
