"""The summary reads the top pages: passages, BM25, the budget, progress lines, cache and support."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from searx.results.types import MainResult
from searx.summary import passages
from searx.summary.evidence import Source
from searx.summary.reading import read_pages
from tests.summary.conftest import body, placeholder, summary_settings
from utils.fakes.llm import FakeLLM, Reply


@dataclass(frozen=True)
class _Doc:
    text: str


@dataclass(frozen=True)
class _Page:
    document: _Doc


class FakeReader:
    """Pages by URL; a URL in ``hold`` blocks until released, one in ``fail`` raises."""

    def __init__(self, pages: dict[str, str], hold: set[str] | None = None, fail: set[str] | None = None) -> None:
        self.pages, self.hold, self.fail = pages, hold or set(), fail or set()
        self.release = threading.Event()
        self.urls: list[str] = []
        self.clients: list[str | None] = []
        self.lanes: list[str] = []
        self.lock = threading.Lock()

    def read(self, url: str, *, format: str = "markdown", deadline: float | None = None,
             accept_language: str | None = None, client: str | None = None, lane: str = "api") -> _Page:  # fmt: skip
        with self.lock:
            self.urls.append(url)
            self.clients.append(client)
            self.lanes.append(lane)
        if url in self.hold:
            self.release.wait(10)
        if url in self.fail:
            raise RuntimeError("address_refused")
        return _Page(_Doc(self.pages.get(url, "")))


def test_split_packs_paragraphs_and_cuts_long_ones() -> None:
    text = "Short one.\n\nShort two.\n\n" + "A long sentence that goes on. " * 60
    pieces = passages.split(text, 800)
    assert pieces[0].startswith("Short one.\n\nShort two.")
    assert all(len(p) <= 800 for p in pieces) and len(pieces) >= 3
    assert "".join(pieces).replace("\n", "").replace(" ", "") == text.replace("\n", "").replace(" ", "")


def test_select_ranks_with_bm25_within_the_budget_and_every_page_gets_its_best_first() -> None:
    filler = "\n\n".join(f"Unrelated paragraph {i} about gardening and soil." for i in range(40))
    pages = {1: filler + "\n\nThe Eiffel Tower is 330 metres tall.", 2: "Paris has many bridges.\n\n" + filler}
    chosen = passages.select("how tall is the eiffel tower", pages, 1200)
    assert sum(len(p.text.encode()) for p in chosen) <= 1200
    assert {p.n for p in chosen} == {1, 2}
    assert any("330 metres" in p.text for p in chosen if p.n == 1)
    assert chosen == sorted(chosen, key=lambda p: (p.n, p.index))
    assert passages.select("eiffel", pages, 0) == [] and passages.select("x", {}, 1000) == []


SOURCES = [Source(n=i, title=f"t{i}", url=f"https://s{i}.example/", snippet=f"snippet {i}") for i in (1, 2, 3)]


def test_read_pages_in_parallel_within_one_budget() -> None:
    reader = FakeReader({s.url: f"page {s.n}" for s in SOURCES}, hold={SOURCES[1].url}, fail={SOURCES[2].url})
    seen: list[tuple[str, str]] = []
    try:
        texts = read_pages(reader, SOURCES, 0.5, lambda url, state: seen.append((url, state)))
    finally:
        reader.release.set()
    assert texts == {1: "page 1"}
    assert seen[:3] == [(s.url, "started") for s in SOURCES]
    final = dict(seen[3:])
    assert final == {SOURCES[0].url: "ok", SOURCES[1].url: "skipped", SOURCES[2].url: "failed"}
    assert len(seen) == 6  # one final state per page


class Together(FakeReader):
    """Each read waits until all three are being read: it fails unless the reads run at the same time."""

    def __init__(self, pages: dict[str, str]) -> None:
        super().__init__(pages)
        self.barrier = threading.Barrier(len(pages), timeout=30)

    def read(self, url: str, **kw: Any) -> _Page:
        self.barrier.wait()  # BrokenBarrierError (the page "failed") when the reads run one after another
        return super().read(url, **kw)


def test_the_pages_are_read_at_the_same_time_and_each_is_handed_on_as_it_arrives() -> None:
    reader = Together({s.url: f"page {s.n}" for s in SOURCES})
    seen: list[tuple[str, str]] = []
    arrived: list[tuple[int, str]] = []
    texts = read_pages(reader, SOURCES, 60.0, lambda url, state: seen.append((url, state)),
                       arrived=lambda n, text: arrived.append((n, text)))  # fmt: skip
    assert texts == {1: "page 1", 2: "page 2", 3: "page 3"}
    assert dict(seen[3:]) == {s.url: "ok" for s in SOURCES}
    assert sorted(arrived) == sorted(texts.items())  # for the hybrid: embedded while the others are read


def test_a_late_or_failed_page_is_not_handed_on() -> None:
    reader = FakeReader({s.url: f"page {s.n}" for s in SOURCES}, hold={SOURCES[1].url}, fail={SOURCES[2].url})
    arrived: list[int] = []
    try:
        read_pages(reader, SOURCES, 0.5, lambda url, state: None, arrived=lambda n, text: arrived.append(n))
    finally:
        reader.release.set()
    assert arrived == [1]


RESULTS = [
    MainResult(url="https://a.example/1", title="Alpha", content="Alpha snippet about the question."),
    MainResult(url="https://c.example/3", title="Gamma", content="Gamma snippet with more detail."),
    MainResult(url="https://d.example/4", title="Delta", content="Delta snippet."),
    MainResult(url="https://e.example/5", title="Epsilon", content="Epsilon snippet."),
]
PAGES = {
    "https://a.example/1": "Alpha was founded in 1802 by a group of sailors.\n\nIt has a lighthouse.",
    "https://c.example/3": "Gamma has 40 members and meets on Mondays.",
    "https://d.example/4": "Delta page.",
}


def _serve(site: Any, fake_llm: FakeLLM, reader: Any, **conf: Any) -> Any:
    app = site(summary_settings(fake_llm, **{"read_pages": 3, **conf}))
    app.services.summary._reader = reader  # the app's page reader, here a fake one
    return app


def test_reading_lines_come_before_the_first_delta_and_the_prompt_gets_the_passages(
        site: Any, fake_llm: FakeLLM) -> None:  # fmt: skip
    fake_llm.script(Reply.tokens(["Alpha was founded in 1802 [1]. ", "Gamma meets on Mondays [2]."]))
    reader = FakeReader(PAGES, fail={"https://c.example/3"})
    app = _serve(site, fake_llm, reader)
    data = placeholder(app.services.settings, results=RESULTS)
    lines = app.lines(body(data))
    kinds = [next(iter(line)) for line in lines]
    first_delta = kinds.index("delta")
    assert kinds[0] == "v" and "reading" not in kinds[first_delta:] and "passages" in kinds[:first_delta]
    reading = [line["reading"] for line in lines if "reading" in line]
    urls = [s["url"] for s in data["evidence"]["sources"][:3]]
    assert [r["url"] for r in reading[:3]] == urls and all(r["state"] == "started" for r in reading[:3])
    assert {r["url"]: r["state"] for r in reading[3:]} == {urls[0]: "ok", urls[1]: "failed", urls[2]: "ok"}
    assert sorted(reader.urls) == sorted(urls)  # only the top 3 evidence URLs, nothing else
    assert len(set(reader.clients)) == 1 and reader.clients[0]
    assert set(reader.lanes) == {"summary"}  # the summary's own slots, not the API callers'
    given = next(line["passages"] for line in lines if "passages" in line)
    assert {p["n"] for p in given} == {1, 3}
    prompt = fake_llm.requests[0].body["messages"][1]["content"]
    sources = json.loads(prompt.split("\n")[1])
    assert sources[0]["passages"] == [PAGES["https://a.example/1"]] and "passages" not in sources[1]
    # the support check used the passage: "founded in 1802" is only on the page, not in the snippet
    support = lines[-1]["support"]
    assert [m["state"] for m in support] == ["supported", "weak"]


def test_cached_answers_replay_the_pages_and_the_key_includes_read_pages(site: Any, fake_llm: FakeLLM) -> None:
    fake_llm.script(Reply.tokens(["Alpha was founded in 1802 [1]."]), Reply.tokens(["Alpha [1]."]))
    reader = FakeReader(PAGES)
    app = _serve(site, fake_llm, reader)
    data = placeholder(app.services.settings, results=RESULTS)
    first = app.lines(body(data))
    again = app.lines(body(data))
    assert again[0]["cached"] is True and fake_llm.calls == 1
    final = [line for line in first if "reading" in line and line["reading"]["state"] != "started"]
    replayed = [line for line in again if "reading" in line]
    assert sorted(replayed, key=json.dumps) == sorted(final, key=json.dumps)  # live: in the order pages arrived
    assert [line for line in again if "passages" in line] == [line for line in first if "passages" in line]
    assert again[-1]["support"] == first[-1]["support"]
    assert len(reader.urls) == 3  # the replay read nothing
    other = _serve(site, fake_llm, reader, read_pages=1, cache_ttl=86400)
    other.services.summary.store = app.services.summary.store  # same cache, another read_pages
    other.lines(body(data))
    assert fake_llm.calls == 2


@pytest.mark.parametrize("read_pages", [0])
def test_read_pages_zero_keeps_snippets_only(site: Any, fake_llm: FakeLLM, read_pages: int) -> None:
    fake_llm.script(Reply.tokens(["Alpha [1]."]))
    reader = FakeReader(PAGES)
    app = _serve(site, fake_llm, reader, read_pages=read_pages)
    lines = app.lines(body(placeholder(app.services.settings, results=RESULTS)))
    assert not [line for line in lines if "reading" in line or "passages" in line]
    assert reader.urls == []
    assert "passages" not in fake_llm.requests[0].body["messages"][1]["content"]


def test_a_ranking_failure_keeps_the_answer_on_snippets(site: Any, fake_llm: FakeLLM, monkeypatch: Any) -> None:
    def broken(*args: Any, **kwargs: Any) -> list[Any]:
        raise ValueError("no ranking today")

    monkeypatch.setattr(passages, "select", broken)
    fake_llm.script(Reply.tokens(["Alpha [1]."]))
    app = _serve(site, fake_llm, FakeReader(PAGES))
    lines = app.lines(body(placeholder(app.services.settings, results=RESULTS)))
    assert next(line["passages"] for line in lines if "passages" in line) == []
    assert lines[-1]["done"] is True


@pytest.fixture
def extractor() -> Iterator[Any]:
    from searx.reader.worker import ExtractorPool

    pool = ExtractorPool(workers=1, timeout=10.0)
    yield pool
    pool.close()


def test_the_real_reader_reads_only_guarded_evidence_pages(site: Any, fake_llm: FakeLLM, extractor: Any) -> None:
    """The app's page reader (fake DNS and transport, real guard and extraction) behind the summary."""
    from tests.conftest import make_settings
    from tests.reader.fakes import fake_reader
    from tests.reader.fakes import site as fake_site

    article = (b"<html><head><title>Alpha</title></head><body><article><h1>Alpha</h1><p>"
               + b"Alpha was founded in 1802 by a group of sailors who lived by the sea. " * 6
               + b"</p></article></body></html>")  # fmt: skip
    html = {"content-type": "text/html; charset=utf-8"}
    handler = fake_site({"https://example.org/alpha": (200, html, article),
                         "https://news.example/gamma": (500, {}, b"down")})  # fmt: skip
    results = [MainResult(url="https://example.org/alpha", title="Alpha", content="Alpha snippet."),
               MainResult(url="https://news.example/gamma", title="Gamma", content="Gamma snippet."),
               MainResult(url="https://lan.example/delta", title="Delta", content="Delta snippet.")]  # fmt: skip
    fake_llm.script(Reply.tokens(["Alpha was founded in 1802 by sailors [1]."]))
    app = _serve(site, fake_llm, fake_reader(make_settings([]), handler, extractor=extractor))
    lines = app.lines(body(placeholder(app.services.settings, results=results)))
    final = {line["reading"]["url"]: line["reading"]["state"] for line in lines
             if "reading" in line and line["reading"]["state"] != "started"}  # fmt: skip
    # a 5xx page and a name that resolves to a private address are not read: their snippets remain
    assert final == {"https://example.org/alpha": "ok", "https://news.example/gamma": "failed",
                     "https://lan.example/delta": "failed"}  # fmt: skip
    given = next(line["passages"] for line in lines if "passages" in line)
    assert [p["n"] for p in given] == [1] and "founded in 1802" in given[0]["text"]
    assert lines[-1]["support"][0]["state"] == "supported"


def test_user_documents_are_never_read(site: Any, fake_llm: FakeLLM) -> None:
    fake_llm.script(Reply.tokens(["Alpha [2]."]))
    reader = FakeReader(PAGES)
    app = _serve(site, fake_llm, reader)
    results = [MainResult(url="/collections/notes/1", title="My notes", content="Notes about alpha."), *RESULTS]
    lines = app.lines(body(placeholder(app.services.settings, results=results)))
    started = [line["reading"]["url"] for line in lines if line.get("reading", {}).get("state") == "started"]
    assert started == [r.url for r in RESULTS[:3]] and "/collections/notes/1" not in reader.urls
